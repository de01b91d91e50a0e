"""Exports and printed documents (tournament.views.exports)."""

from django.urls import path

from tournament.views import exports

urlpatterns = [
    path("t/<slug:slug>/organise/exports/", exports.index, name="exports"),
    path("t/<slug:slug>/organise/ema/", exports.ema_check, name="ema_check"),
    path("t/<slug:slug>/organise/ema/preview/", exports.ema_preview, name="ema_preview"),
    path(
        "t/<slug:slug>/organise/ema/download.xlsx",
        exports.ema_download,
        {"fmt": "xlsx"},
        name="ema_download_xlsx",
    ),
    path(
        "t/<slug:slug>/organise/ema/download.csv",
        exports.ema_download,
        {"fmt": "csv"},
        name="ema_download_csv",
    ),
    path("t/<slug:slug>/export/<slug:identifier>/", exports.export, name="export"),
    path("t/<slug:slug>/print/<slug:document>/", exports.print_preview, name="print_preview"),
    path("t/<slug:slug>/print/<slug:document>.pdf", exports.print_pdf, name="print_pdf"),
]
