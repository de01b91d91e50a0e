"""Seating: the organiser's pages under /t/<slug>/organise/seating/ and the public player and session pages."""

from django.urls import path

from tournament.views import seating

ORGANISE = "t/<slug:slug>/organise/seating/"

urlpatterns = [
    path(ORGANISE, seating.overview, name="seating_overview"),
    path(f"{ORGANISE}generate/", seating.generate, name="seating_generate"),
    path(f"{ORGANISE}import/", seating.import_file, name="seating_import"),
    path(f"{ORGANISE}proposal/", seating.preview, name="seating_preview"),
    path(f"{ORGANISE}proposal/save/", seating.save_plan, name="seating_save"),
    path(f"{ORGANISE}proposal/discard/", seating.discard_plan, name="seating_discard"),
    path(f"{ORGANISE}publish/", seating.publish, name="seating_publish"),
    path(f"{ORGANISE}withdrawals/", seating.withdrawal, name="seating_withdrawal"),
    path(f"{ORGANISE}sessions/<int:number>/", seating.session_seating_admin, name="seating_session"),
    path(f"{ORGANISE}sessions/<int:number>/swap/", seating.swap, name="seating_swap"),
    path(
        f"{ORGANISE}sessions/<int:number>/by-standings/",
        seating.seat_by_standings,
        name="seating_by_standings",
    ),
    path("t/<slug:slug>/players/<str:key>/", seating.player_schedule, name="player_schedule"),
    path("t/<slug:slug>/sessions/<int:number>/", seating.session_seating, name="session_seating"),
]
