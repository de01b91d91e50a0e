"""The whole tournament as an archive (archive-format.md), the same file as ``export_tournament``."""

from django.utils.translation import gettext_lazy as _

from tournament.exporters.archive_writer import dumps_archive, export_archive
from tournament.exporters.base import Exporter, register


@register
class ArchiveJson(Exporter):
    identifier = "archive-json"
    name = _("Full archive (JSON)")
    extension = "json"
    content_type = "application/json"

    def filename(self) -> str:
        return f"{self.tournament.slug}-archive.json"

    def render(self) -> bytes:
        return dumps_archive(export_archive(self.tournament)).encode("utf-8")
