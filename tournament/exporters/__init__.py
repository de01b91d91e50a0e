"""Exports as a small registry, like the printed documents: each exporter class has an identifier, a name, a file
type, the options it takes and whether the public may download it. A table export (tables.py) is one class that
yields rows and is registered once per format (``standings-csv`` and ``standings-xlsx``); the side rankings are
one class per grouping and one for a category (side_rankings.py). The views and the management commands look
exporters up by identifier (``catalogue``).
"""

from tournament.exporters.archive_json import ArchiveJson
from tournament.exporters.base import Exporter, ExportRequestError, get_exporter, register, registered
from tournament.exporters.ema_workbook import EmaCsv, EmaNotReady, EmaResultsFile, EmaWorkbook
from tournament.exporters.results_form import ResultsFormCsv, ResultsFormFile, ResultsFormXlsx
from tournament.exporters.series import SeriesRankingCsv, SeriesRankingXlsx
from tournament.exporters.session_results import SessionResults, SessionResultsCsv, SessionResultsXlsx
from tournament.exporters.side_rankings import CategoryRanking, ClubRanking, CountryRanking, TeamRanking
from tournament.exporters.standings import Standings, StandingsCsv, StandingsJson, StandingsXlsx
from tournament.exporters.statistics import Statistics, StatisticsCsv, StatisticsXlsx
from tournament.exporters.tabular import Cell, Sheet, TableExporter, register_table

__all__ = [
    "ArchiveJson",
    "CategoryRanking",
    "Cell",
    "ClubRanking",
    "CountryRanking",
    "EmaCsv",
    "EmaNotReady",
    "EmaResultsFile",
    "EmaWorkbook",
    "ExportRequestError",
    "Exporter",
    "ResultsFormCsv",
    "ResultsFormFile",
    "ResultsFormXlsx",
    "SeriesRankingCsv",
    "SeriesRankingXlsx",
    "SessionResults",
    "SessionResultsCsv",
    "SessionResultsXlsx",
    "Sheet",
    "Standings",
    "StandingsCsv",
    "StandingsJson",
    "StandingsXlsx",
    "Statistics",
    "StatisticsCsv",
    "StatisticsXlsx",
    "TableExporter",
    "TeamRanking",
    "get_exporter",
    "register",
    "register_table",
    "registered",
]
