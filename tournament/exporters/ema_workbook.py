"""The EMA results file (ema-results-file.md): the 19 columns as data, written as xlsx or CSV.

The export refuses (``EmaNotReady``, listing every problem) while a check finds an error, unless the exporter
is created with ``force=True``; ``problems`` then holds what was wrong.
"""

import csv
import io
from collections.abc import Callable
from decimal import Decimal
from typing import NamedTuple

from django.utils.translation import gettext_lazy as _

from scoring.mers import period_text
from tournament.ema.checks import Problem, ema_problems, errors
from tournament.ema.results import EmaResults, EmaRow, ema_results
from tournament.exporters.base import Exporter, register
from tournament.exporters.cells import safe_cell
from tournament.exporters.xlsx import TEXT_FORMAT, fit_columns, new_sheet, put, workbook_bytes, write_header

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


class EmaExport(Exporter):
    """Shared by the two formats: the checked results, or EmaNotReady."""

    problems: list[Problem]

    def filename(self) -> str:
        return f"{self.tournament.slug}-ema-results.{self.extension}"

    def checked_results(self) -> EmaResults:
        results = ema_results(self.tournament)
        self.problems = ema_problems(results)
        if errors(self.problems) and not self.options.get("force"):
            raise EmaNotReady(self.problems)
        return results


@register
class EmaWorkbook(EmaExport):
    identifier = "ema-xlsx"
    name = _("EMA results file (xlsx)")
    extension = "xlsx"
    content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

    def render(self) -> bytes:
        results = self.checked_results()
        workbook, sheet = new_sheet(None, SHEET_NAME)
        write_header(sheet, HEADERS)
        for row_number, row in enumerate(results.rows, start=2):
            for column_number, column in enumerate(COLUMNS, start=1):
                cell = sheet.cell(row=row_number, column=column_number)
                put(cell, column.value(results, row), column.number_format)
        fit_columns(sheet)
        return workbook_bytes(workbook)


@register
class EmaCsv(EmaExport):
    identifier = "ema-csv"
    name = _("EMA results file (CSV)")
    extension = "csv"
    content_type = "text/csv"

    def render(self) -> bytes:
        results = self.checked_results()
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(HEADERS)
        for row in results.rows:
            writer.writerow([_csv_value(column.value(results, row)) for column in COLUMNS])
        return out.getvalue().encode("utf-8")


def _csv_value(value):
    if value is None:
        return ""
    if hasattr(value, "strftime"):
        return f"{value.day}/{value.month}/{value.year}"  # as the workbook shows it (d/m/yyyy)
    return safe_cell(value)
