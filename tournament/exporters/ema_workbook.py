"""The EMA results file (ema-results-file.md): the 19 columns as data, one table written as xlsx or CSV.

The export refuses (``EmaNotReady``, listing every problem) while a check finds an error, unless the exporter
is created with ``force=True``; ``problems`` then holds what was wrong.
"""

from collections.abc import Callable
from decimal import Decimal
from typing import NamedTuple

from django.utils.translation import gettext_lazy as _

from scoring.mers import period_text
from tournament.exporters.tabular import Cell, TableExporter, register_table
from tournament.exporters.xlsx import TEXT_FORMAT
from tournament.selectors.ema_checks import Problem, ema_problems, errors
from tournament.selectors.ema_results import EmaResults, EmaRow, ema_results

SHEET_NAME = "RCR template"  # "MCR template" for MCR tournaments, which Tenbou does not run
RULES = "Riichi"
DATE_FORMAT = "d/m/yyyy"


class Column(NamedTuple):
    letter: str
    header: str  # verbatim, as the EMA's template has it
    value: Callable[[EmaResults, EmaRow], object]
    number_format: str | None = None


def _yes_no(flag: bool) -> str:
    return "YES" if flag else "NO"


def mers_number(weight: Decimal) -> int | float:
    """2.5 stays 2.5; a whole weight is written as a whole number (3, not 3.0)."""
    return int(weight) if weight == weight.to_integral_value() else float(weight)


COLUMNS = (
    Column("A", "Tournament name", lambda r, row: r.tournament.name),
    Column("B", "Number of participants", lambda r, row: len(r.rows)),
    Column("C", "Place", lambda r, row: row.place),
    Column("D", "Player's first name", lambda r, row: row.first_name),
    Column("E", "Player's last name", lambda r, row: row.last_name),
    Column("F", "EMA number", lambda r, row: row.ema_id or "", TEXT_FORMAT),
    Column("G", "Table points", lambda r, row: None),  # MCR only
    Column("H", "Score", lambda r, row: row.score),
    Column("I", "EMA member", lambda r, row: _yes_no(row.ema_member)),
    Column("J", "Country", lambda r, row: row.country),
    Column("K", "Date", lambda r, row: r.tournament.start_date, DATE_FORMAT),
    Column("L", "Countrycourt", lambda r, row: r.tournament.country),
    Column("M", "city", lambda r, row: r.tournament.city),
    Column("N", "mers", lambda r, row: mers_number(r.weight)),
    Column("O", "shortname", lambda r, row: r.tournament.short_name),
    Column("P", "rules", lambda r, row: RULES),
    Column("Q", "period", lambda r, row: _period(r)),
    Column("R", "NbDays", lambda r, row: r.days),
    Column("S", "Extra", lambda r, row: _yes_no(r.tournament.qualification)),
)
HEADERS = tuple(column.header for column in COLUMNS)


def _period(results: EmaResults) -> str:
    tournament = results.tournament
    return period_text(tournament.start_date, tournament.end_date) if tournament.start_date else ""


class EmaNotReady(Exception):
    def __init__(self, problems: list[Problem]):
        super().__init__(
            "the EMA results file is not ready: " + " ".join(problem.message for problem in errors(problems))
        )
        self.problems = problems


@register_table
class EmaResultsFile(TableExporter):
    """The 19 columns, one row per ranked player; the checked results, or EmaNotReady."""

    stem = "ema"
    names = {"xlsx": _("EMA results file (xlsx)"), "csv": _("EMA results file (CSV)")}
    sheet_title = SHEET_NAME
    options = ("force",)
    excel_csv = False  # a file for the EMA's programs, as ema-results-file.md gives it
    problems: list[Problem]

    def filename(self) -> str:
        return f"{self.tournament.slug}-ema-results.{self.extension}"

    def checked_results(self) -> EmaResults:
        results = ema_results(self.tournament)
        self.problems = ema_problems(results)
        if errors(self.problems) and not self.given.get("force"):
            raise EmaNotReady(self.problems)
        return results

    def headers(self) -> tuple[str, ...]:
        return HEADERS

    def rows(self) -> list[list[Cell]]:
        results = self.checked_results()
        return [[_cell(column, column.value(results, row)) for column in COLUMNS] for row in results.rows]


def _cell(column: Column, value) -> Cell:
    """A date is written in CSV as the workbook shows it (d/m/yyyy)."""
    text = f"{value.day}/{value.month}/{value.year}" if hasattr(value, "strftime") else None
    return Cell(value, column.number_format, text)


EmaWorkbook = EmaResultsFile.variants["xlsx"]
EmaCsv = EmaResultsFile.variants["csv"]
