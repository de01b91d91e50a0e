"""Exports as a small registry (pretix style): each exporter has an identifier, a name, a file type and a
method that returns the bytes. The views and the management commands look exporters up by identifier
(``catalogue`` says which options each takes and which ones the public may download).
"""

from tournament.exporters.archive_json import ArchiveJson
from tournament.exporters.base import Exporter, get_exporter, register, registered
from tournament.exporters.ema_workbook import EmaCsv, EmaNotReady, EmaWorkbook
from tournament.exporters.session_results import SessionResultsCsv, SessionResultsXlsx
from tournament.exporters.standings import StandingsCsv, StandingsJson
from tournament.exporters.standings_xlsx import StandingsXlsx

__all__ = [
    "ArchiveJson",
    "EmaCsv",
    "EmaNotReady",
    "EmaWorkbook",
    "Exporter",
    "SessionResultsCsv",
    "SessionResultsXlsx",
    "StandingsCsv",
    "StandingsJson",
    "StandingsXlsx",
    "get_exporter",
    "register",
    "registered",
]
