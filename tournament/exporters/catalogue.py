"""Which options each exporter takes and which exports the public may download; shared by the export view and
the ``export`` command so that both accept the same things."""

from tournament.exporters.base import Exporter, get_exporter, registered
from tournament.models import Tournament

# Standings are on the public pages already; everything else (archive, EMA file, raw points) is for organisers.
PUBLIC = frozenset({"standings-json", "standings-csv", "standings-xlsx"})

OPTIONS = {
    "standings-json": ("after_session",),
    "standings-csv": ("after_session",),
    "standings-xlsx": ("after_session",),
    "session-results-csv": ("session",),
    "session-results-xlsx": ("session",),
    "ema-xlsx": ("force",),
    "ema-csv": ("force",),
}


class ExportRequestError(ValueError):
    """An unknown exporter or an option it does not take; the message says which."""


def build_exporter(identifier: str, tournament: Tournament, **given) -> Exporter:
    """The exporter with the options that were given (None and False mean "not given")."""
    try:
        exporter = get_exporter(identifier)
    except KeyError:
        known = ", ".join(sorted(e.identifier for e in registered()))
        raise ExportRequestError(f"unknown export {identifier!r} (known: {known})") from None
    options = {key: value for key, value in given.items() if value not in (None, False)}
    refused = sorted(set(options) - set(OPTIONS.get(identifier, ())))
    if refused:
        raise ExportRequestError(f"the export {identifier} does not take {', '.join(refused)}")
    return exporter(tournament, **options)
