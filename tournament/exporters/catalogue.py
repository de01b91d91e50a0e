"""The lookup by identifier shared by the export view and the ``export`` command. What each exporter takes and
whether the public may download it are on the exporter class (``options``, ``public``)."""

from tournament.exporters.base import Exporter, ExportRequestError, get_exporter
from tournament.models import Tournament

__all__ = ["ExportRequestError", "build_exporter", "build_series_exporter", "is_public"]


def build_exporter(identifier: str, tournament: Tournament, **given) -> Exporter:
    """The exporter with the options that were given (None and False mean "not given"); ExportRequestError for an
    unknown identifier or an option the exporter does not take."""
    return get_exporter(identifier)(tournament, **given)


def build_series_exporter(identifier: str, series, **given) -> Exporter:
    """A series' exporter (tournament/exporters/series.py): the series in the place of the tournament."""
    return get_exporter(identifier, "series")(series, **given)


def is_public(identifier: str, subject: str = "tournament") -> bool:
    """Whether the public may download the export (when the tournament is public); False for an unknown one."""
    try:
        return get_exporter(identifier, subject).public
    except ExportRequestError:
        return False
