"""A registered export as a file download (shared by the public and the organiser's pages)."""

from django.http import HttpResponse


def download(exporter) -> HttpResponse:
    response = HttpResponse(exporter.render(), content_type=exporter.content_type)
    response["Content-Disposition"] = f'attachment; filename="{exporter.filename()}"'
    return response
