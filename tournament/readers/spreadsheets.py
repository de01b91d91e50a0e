"""Reading a list the organiser prepared in a spreadsheet (CSV or XLSX): rows, cells as text, named columns.

Shared by the seating file (tournament/readers/seating_file.py) and the player list (tournament/readers/player_list.py). Row
numbers are the spreadsheet's, the header being row 1. Every problem is a RowError naming its row and column.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from openpyxl.utils import get_column_letter

from scoring.limits import (
    MAX_LISTED_PROBLEMS,
    MAX_SHEET_ROWS,
    MAX_UPLOAD_BYTES,
    MEGABYTE,
    SHOWN_CHARACTERS,
)
from tournament.display.numbers import whole
from tournament.display.sentences import labelled
from tournament.errors import DomainError
from tournament.formats.column_names import simple
from tournament.readers.csv_encodings import EncodingRefused, Reading, decode
from tournament.readers.file_formats import BadCell, UnreadableFile, csv_rows, xlsx_rows

__all__ = [
    "BadCell",
    "BadRowsError",
    "FileRowsError",
    "RowError",
    "Table",
    "cell_problems",
    "cell_text",
    "cell_texts",
    "check_upload_size",
    "good_rows",
    "read_table",
    "row_values",
    "shown",
    "too_big_message",
]


COLUMN_LABELS = {
    "session": gettext_lazy("session"),
    "table": gettext_lazy("table"),
    "wind": gettext_lazy("wind"),
    "player": gettext_lazy("player"),
    "score": gettext_lazy("score"),
    "chombo": gettext_lazy("chombo"),
    "first_name": gettext_lazy("first name"),
    "last_name": gettext_lazy("last name"),
    "ema_id": gettext_lazy("EMA number"),
    "country": gettext_lazy("country"),
    "club": gettext_lazy("club"),
    "status": gettext_lazy("status"),
    "team": gettext_lazy("team"),
    "categories": gettext_lazy("categories"),
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
            labelled(f"{where}, {self.column_label}", self.reason)
            if where
            else labelled(self.column_label, self.reason)
        )


class BadRowsError(DomainError):
    """The file has bad rows, and nothing was imported. ``errors`` lists the first MAX_LISTED_PROBLEMS of them (in file
    order as found) and then one entry counting the others."""

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
        self.count = len(errors)
        self.errors = errors[:MAX_LISTED_PROBLEMS]
        if len(errors) > MAX_LISTED_PROBLEMS:
            rest = len(errors) - MAX_LISTED_PROBLEMS
            self.errors.append(
                RowError(
                    None,
                    "file",
                    ngettext(
                        "and %(count)s more problem, not listed",
                        "and %(count)s more problems, not listed",
                        rest,
                    )
                    % {"count": rest},
                )
            )


class FileRowsError(BadRowsError):
    """The refusal of one kind of file (a player list, a seating file, a results file) with its bad rows: each
    kind is a subclass naming its code (``class SeatingFileError(FileRowsError, file_code="bad_seating_file")``),
    which ``read_table`` raises."""

    file_code = ""

    def __init_subclass__(cls, *, file_code: str = "", **kwargs):
        super().__init_subclass__(**kwargs)
        cls.file_code = file_code or cls.file_code

    def __init__(self, errors: list[RowError]):
        super().__init__(self.file_code, errors)


def good_rows(table: Table, errors: list[RowError]) -> Iterator[tuple[int, dict[str, object]]]:
    """(row number, the raw cell of every found column) of each row below the header whose cells all hold a usable
    value; the problems of the other rows are added to ``errors`` (``cell_problems``)."""
    for number, cells in table.rows:
        if number == table.header_row:
            continue
        raw = row_values(cells, table.columns)
        problems = cell_problems(number, raw)
        if problems:
            errors += problems
        else:
            yield number, raw


def cell_texts(raw: dict[str, object]) -> dict[str, str]:
    """Every cell of a good row as text (``cell_text``)."""
    return {column: cell_text(value) for column, value in raw.items()}


def _read_rows(filename: str, content: bytes, max_rows: int) -> tuple[Rows, Reading | None]:
    """The non-empty rows of a CSV file or of an XLSX workbook's first sheet (at most ``max_rows`` + a header),
    and how a CSV file's bytes were read (None for a workbook)."""
    if len(content) > MAX_UPLOAD_BYTES:
        raise UnreadableFile(too_big_message(len(content)))
    name, reading = filename.lower(), None
    if name.endswith(".xlsx"):
        rows = xlsx_rows(content)
    elif name.endswith(".csv") or name.endswith(".txt"):
        try:
            text, reading = decode(content)
        except EncodingRefused as refused:
            raise UnreadableFile(refused.reason) from None
        rows = csv_rows(text)
    else:
        raise UnreadableFile(_("Upload a .csv or .xlsx file."))
    try:
        found = _non_empty(rows, max_rows)
    finally:
        rows.close()
    if not found:
        raise UnreadableFile(_("The file is empty."))
    return found, reading


def _non_empty(rows: Iterator[list], max_rows: int) -> Rows:
    found = []
    for number, cells in enumerate(rows, start=1):
        if number > MAX_SHEET_ROWS:
            raise UnreadableFile(
                _("The file goes on beyond row %(limit)s; no list is that long.")
                % {"limit": whole(MAX_SHEET_ROWS)}
            )
        if any(cell_text(cell) or isinstance(cell, BadCell) for cell in cells):
            found.append((number, cells))
            if len(found) > max_rows + 1:
                raise UnreadableFile(
                    _("The file has more than %(limit)s rows; no tournament has that many.")
                    % {"limit": whole(max_rows)},
                    number,
                )
    return found


def too_big_message(size: int) -> str:
    return _("The file is %(size)s MB; the limit is %(limit)s MB.") % {
        "size": f"{math.ceil(size * 10 / MEGABYTE) / 10:.1f}",  # never "5.0 MB" for a file over 5 MB
        "limit": MAX_UPLOAD_BYTES // MEGABYTE,
    }


def check_upload_size(upload) -> None:
    """A form field validator: the uploaded file is at most MAX_UPLOAD_BYTES (it is then never read)."""
    if upload is not None and upload.size is not None and upload.size > MAX_UPLOAD_BYTES:
        raise ValidationError(too_big_message(upload.size), code="file_too_big")


def cell_text(value) -> str:
    """A cell as text; a whole number stored as a float (as spreadsheets do) loses its '.0'."""
    if value is None or isinstance(value, BadCell):
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _find_columns(
    rows: Rows, accepted: dict[str, tuple[str, ...]], required: tuple[str, ...]
) -> tuple[int, dict[str, int], list[RowError]]:
    """(header row number, column -> position, errors: required columns missing, a column given twice).

    A header matches when it is one of the accepted names (of any language: tournament.formats.column_names), in
    any case, with or without accents, with spaces, dashes and underscores alike.
    """
    number, cells = rows[0]
    names = [simple(cell_text(cell)) for cell in cells]
    columns, errors = {}, []
    for column, names_accepted in accepted.items():
        wanted = {simple(name) for name in names_accepted}
        positions = [position for position, name in enumerate(names) if name in wanted]
        if len(positions) > 1:
            errors.append(
                RowError(
                    number,
                    column,
                    _("the first row has this column more than once (columns %(letters)s)")
                    % {"letters": ", ".join(get_column_letter(p + 1) for p in positions)},
                )
            )
        elif positions:
            columns[column] = positions[0]
    errors += [
        RowError(
            number,
            column,
            _("There is no column %(names)s in the first row.") % {"names": " / ".join(accepted[column])},
        )
        for column in required
        if column not in columns and not any(e.column == column for e in errors)
    ]
    return number, columns, errors


class Table(NamedTuple):
    header_row: int
    columns: dict[str, int]  # column -> position
    rows: Rows
    reading: (
        Reading | None
    )  # how a CSV file's bytes were read (tournament.readers.csv_encodings); None for a workbook
    headers: dict[str, str]  # column -> its header as the file writes it (column_names.file_languages)


def read_table(
    filename: str,
    content: bytes,
    accepted: dict[str, tuple[str, ...]],
    required: tuple[str, ...],
    error: Callable[[list[RowError]], BadRowsError],
    *,
    max_rows: int,
) -> Table:
    """The header row, the columns and the rows of a readable file with the required columns, each column once.

    Raises ``error(problems)`` (a BadRowsError) when the file cannot be read, is larger than MAX_UPLOAD_BYTES, has
    more than ``max_rows`` rows below its header, or a required column is missing or given twice.
    """
    try:
        rows, reading = _read_rows(filename, content, max_rows)
    except UnreadableFile as unreadable:
        raise error([RowError(unreadable.row, "file", unreadable.reason)]) from None
    header_row, columns, missing = _find_columns(rows, accepted, required)
    if missing:
        raise error(missing)
    header = rows[0][1]
    return Table(header_row, columns, rows, reading, {c: cell_text(header[p]) for c, p in columns.items()})


def row_values(cells: list, columns: dict[str, int]) -> dict[str, object]:
    """The raw cell of every found column (None for a short row)."""
    return {column: cells[i] if i < len(cells) else None for column, i in columns.items()}


def cell_problems(number: int, values: dict[str, object]) -> list[RowError]:
    """A RowError for every cell of the row that holds no usable value (BadCell)."""
    return [
        RowError(number, column, value.reason)
        for column, value in values.items()
        if isinstance(value, BadCell)
    ]


def shown(value: str, limit: int = SHOWN_CHARACTERS) -> str:
    """A cell's text for a message: cut after ``limit`` characters."""
    return value if len(value) <= limit else value[:limit] + "…"
