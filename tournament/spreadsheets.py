"""Reading a list the organiser prepared in a spreadsheet (CSV or XLSX): rows, cells as text, named columns.

Shared by the seating file (tournament/seating/files.py) and the player list (tournament/player_files.py). Row
numbers are the spreadsheet's, the header being row 1. Every problem is a RowError naming its row and column.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournament.services.errors import DomainError

COLUMN_LABELS = {
    "session": gettext_lazy("session"),
    "table": gettext_lazy("table"),
    "wind": gettext_lazy("wind"),
    "player": gettext_lazy("player"),
    "first_name": gettext_lazy("first name"),
    "last_name": gettext_lazy("last name"),
    "ema_id": gettext_lazy("EMA number"),
    "country": gettext_lazy("country"),
    "club": gettext_lazy("club"),
    "file": gettext_lazy("file"),
}

Rows = list[tuple[int, list]]  # (row number, cells) of the non-empty rows


@dataclass(frozen=True)
class RowError:
    row: int | None  # None: about the whole file or a whole session, not one row
    column: str
    reason: str

    @property
    def column_label(self) -> str:
        return str(COLUMN_LABELS.get(self.column, self.column))

    def __str__(self) -> str:
        where = _("row %(row)s") % {"row": self.row} if self.row is not None else ""
        return (
            f"{where}, {self.column_label}: {self.reason}" if where else f"{self.column_label}: {self.reason}"
        )


class BadRowsError(DomainError):
    """The file has bad rows; ``errors`` lists every one of them, and nothing was imported."""

    def __init__(self, code: str, errors: list[RowError]):
        super().__init__(
            code,
            ngettext(
                "The file has %(count)s problem; nothing was imported.",
                "The file has %(count)s problems; nothing was imported.",
                len(errors),
            )
            % {"count": len(errors)},
        )
        self.errors = errors


class UnreadableFile(ValueError):
    """The file cannot be read as a spreadsheet at all (its RowError is in ``error``)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.error = RowError(None, "file", reason)


def _read_rows(filename: str, content: bytes) -> Rows:
    """Every non-empty row of a CSV file or of an XLSX workbook's first sheet."""
    name = filename.lower()
    if name.endswith(".xlsx"):
        rows = _xlsx_rows(content)
    elif name.endswith(".csv") or name.endswith(".txt"):
        rows = _csv_rows(content)
    else:
        raise UnreadableFile(_("Upload a .csv or .xlsx file."))
    rows = [(number, cells) for number, cells in enumerate(rows, start=1) if any(cell_text(c) for c in cells)]
    if not rows:
        raise UnreadableFile(_("The file is empty."))
    return rows


def _csv_rows(content: bytes) -> list[list]:
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = content.decode("cp1252", errors="replace")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    return list(csv.reader(io.StringIO(text), dialect))


def _xlsx_rows(content: bytes) -> list[list]:
    from openpyxl import load_workbook

    try:
        workbook = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except (zipfile.BadZipFile, OSError, KeyError, ValueError) as error:
        raise UnreadableFile(_("This is not an Excel workbook (.xlsx).")) from error
    try:
        return [list(row) for row in workbook.worksheets[0].iter_rows(values_only=True)]
    finally:
        workbook.close()


def cell_text(value) -> str:
    """A cell as text; a whole number stored as a float (as spreadsheets do) loses its '.0'."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _find_columns(
    rows: Rows, accepted: dict[str, tuple[str, ...]], required: tuple[str, ...]
) -> tuple[int, dict[str, int], list[RowError]]:
    """(header row number, column -> position, errors for the required columns that are missing).

    A header matches when it is one of the accepted names, in any case, with spaces, dashes and underscores alike.
    """
    number, cells = rows[0]
    names = [_simple(cell_text(cell)) for cell in cells]
    columns = {}
    for column, names_accepted in accepted.items():
        wanted = {_simple(name) for name in names_accepted}
        for position, name in enumerate(names):
            if name in wanted:
                columns[column] = position
    errors = [
        RowError(
            number,
            column,
            _("There is no column %(names)s in the first row.") % {"names": " / ".join(accepted[column])},
        )
        for column in required
        if column not in columns
    ]
    return number, columns, errors


def read_table(
    filename: str,
    content: bytes,
    accepted: dict[str, tuple[str, ...]],
    required: tuple[str, ...],
    error: Callable[[list[RowError]], BadRowsError],
) -> tuple[int, dict[str, int], Rows]:
    """(header row number, column -> position, rows) of a readable file with the required columns.

    Raises ``error(problems)`` (a BadRowsError) when the file cannot be read or a required column is missing.
    """
    try:
        rows = _read_rows(filename, content)
    except UnreadableFile as unreadable:
        raise error([unreadable.error]) from unreadable
    header_row, columns, missing = _find_columns(rows, accepted, required)
    if missing:
        raise error(missing)
    return header_row, columns, rows


def _simple(name: str) -> str:
    return name.casefold().replace("-", " ").replace("_", " ").strip()


def row_values(cells: list, columns: dict[str, int]) -> dict[str, object]:
    """The raw cell of every found column (None for a short row)."""
    return {column: cells[i] if i < len(cells) else None for column, i in columns.items()}
