"""The organiser's pages (tournament.views.organise), under /t/<slug>/organise/."""

from django.urls import path

from tournament.views.organise import clock, exports, seating

ORGANISE = "t/<slug:slug>/organise/"
SEATING = f"{ORGANISE}seating/"

urlpatterns = [
    path(SEATING, seating.overview, name="seating_overview"),
    path(f"{SEATING}generate/", seating.generate, name="seating_generate"),
    path(f"{SEATING}import/", seating.import_file, name="seating_import"),
    path(f"{SEATING}proposal/", seating.preview, name="seating_preview"),
    path(f"{SEATING}proposal/save/", seating.save_plan, name="seating_save"),
    path(f"{SEATING}proposal/discard/", seating.discard_plan, name="seating_discard"),
    path(f"{SEATING}publish/", seating.publish, name="seating_publish"),
    path(f"{SEATING}withdrawals/", seating.withdrawal, name="seating_withdrawal"),
    path(f"{SEATING}sessions/<int:number>/", seating.session_seating_admin, name="seating_session"),
    path(f"{SEATING}sessions/<int:number>/swap/", seating.swap, name="seating_swap"),
    path(
        f"{SEATING}sessions/<int:number>/by-standings/",
        seating.seat_by_standings,
        name="seating_by_standings",
    ),
    path(f"{ORGANISE}exports/", exports.index, name="exports"),
    path(f"{ORGANISE}ema/", exports.ema_check, name="ema_check"),
    path(f"{ORGANISE}ema/preview/", exports.ema_preview, name="ema_preview"),
    path(f"{ORGANISE}ema/download.xlsx", exports.ema_download, {"fmt": "xlsx"}, name="ema_download_xlsx"),
    path(f"{ORGANISE}ema/download.csv", exports.ema_download, {"fmt": "csv"}, name="ema_download_csv"),
    path(f"{ORGANISE}clock/", clock.clock, name="organise_clock"),
    path(f"{ORGANISE}display/", clock.display_settings, name="organise_display"),
    path("t/<slug:slug>/print/<slug:document>/", exports.print_preview, name="print_preview"),
    path("t/<slug:slug>/print/<slug:document>.pdf", exports.print_pdf, name="print_pdf"),
]
