"""The referee's pages (tournament.views.referee), under /t/<slug>/referee/: phone first."""

from django.urls import path

from tournament.views.referee import attendance, sessions, sheet
from tournament.views.referee import table as tables

REFEREE = "t/<slug:slug>/referee/"

urlpatterns = [
    path(REFEREE, sessions.home, name="referee_home"),
    path(f"{REFEREE}sessions/<int:number>/", sessions.session_tables, name="referee_session"),
    path(
        f"{REFEREE}sessions/<int:number>/attendance/", attendance.attendance_page, name="referee_attendance"
    ),
    path(
        f"{REFEREE}sessions/<int:number>/attendance/mark/",
        attendance.mark_player,
        name="referee_attendance_mark",
    ),
    path(
        f"{REFEREE}sessions/<int:number>/attendance/lateness/",
        attendance.confirm_lateness,
        name="referee_attendance_lateness",
    ),
    path(
        f"{REFEREE}sessions/<int:number>/attendance/everyone/",
        attendance.mark_all,
        name="referee_attendance_everyone",
    ),
    path(
        f"{REFEREE}sessions/<int:number>/attendance/dismiss/",
        attendance.dismiss,
        name="referee_attendance_dismiss",
    ),
    path(f"{REFEREE}sessions/<int:number>/tables/<int:table>/", tables.table_page, name="referee_table"),
    path(
        f"{REFEREE}sessions/<int:number>/tables/<int:table>/preview/", tables.preview, name="referee_preview"
    ),
    path(
        f"{REFEREE}sessions/<int:number>/tables/<int:table>/penalties/",
        tables.penalty,
        name="referee_penalty",
    ),
    path(
        f"{REFEREE}sessions/<int:number>/tables/<int:table>/penalties/cancel/",
        tables.cancel_penalty,
        name="referee_cancel_penalty",
    ),
    path(f"{REFEREE}sessions/<int:number>/tables/<int:table>/check/", tables.check, name="referee_check"),
    path(
        f"{REFEREE}sessions/<int:number>/tables/<int:table>/sheet/", sheet.referee_sheet, name="referee_sheet"
    ),
    path(
        f"{REFEREE}sessions/<int:number>/tables/<int:table>/sheet/chombo/",
        sheet.record_chombo,
        name="referee_sheet_chombo",
    ),
    path(
        "t/<slug:slug>/sessions/<int:number>/tables/<int:table>/sheet/<slug:token>/",
        sheet.players_sheet,
        name="players_sheet",
    ),
]
