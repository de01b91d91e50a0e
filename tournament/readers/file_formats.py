"""The two file formats an organiser's list comes in, read defensively: CSV text and an XLSX workbook.

Both yield rows of raw cells lazily, at most ``MAX_COLUMNS`` cells each, so the caller can stop after the rows it
accepts. An XLSX sheet is streamed (openpyxl's read-only mode) with its declared size ignored: a sheet claiming
A1:XFD1048576 costs nothing until rows really come. A cell that holds no usable value comes as a ``BadCell``
with the reason. Anything the file's format does not allow ends in ``UnreadableFile`` with a short reason, never
in the parser's own exception.
"""

from __future__ import annotations

import csv
import io
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from xml.parsers import expat

from django.utils.translation import gettext as _

from scoring.limits import (
    MAX_CELL_CHARACTERS,
    MAX_CELLS,
    MAX_CELLS_PER_ROW,
    MAX_COLUMNS,
    MAX_UNPACKED_BYTES,
    MEGABYTE,
)
from tournament.display.numbers import whole
from tournament.readers.csv_encodings import BINARY

SNIFF_CHARACTERS = 4096
DELIMITERS = (",", ";", "\t")  # in this order when a header holds as many of one as of another


class UnreadableFile(ValueError):
    """The file cannot be read as a spreadsheet at all; ``row`` is where it broke when known."""

    def __init__(self, reason: str, row: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.row = row


@dataclass(frozen=True)
class BadCell:
    """A cell that holds no usable value (a date, true/false, an error, a formula Excel never computed)."""

    reason: str

    def __str__(self) -> str:
        return ""


# -- CSV ---------------------------------------------------------------------------------------------------------


def csv_rows(text: str) -> Iterator[list]:
    """The rows of CSV text (decoded by tournament.readers.csv_encodings), any line ending (CR, LF, CR LF), cells
    separated by what separates the header's names (, ; or tab)."""
    if "\x00" in text:
        raise UnreadableFile(str(BINARY))
    lines = io.StringIO(text, newline=None)  # universal newlines: a CR-only file reads like any other
    reader = csv.reader(lines, delimiter=_delimiter(text[:SNIFF_CHARACTERS]))
    return _csv_cells(reader)


def _delimiter(start: str) -> str:
    """The separator the header line uses most: comma, semicolon (Dutch Excel) or tab (comma when none)."""
    header = start.replace("\r", "\n").split("\n", 1)[0]
    return max(DELIMITERS, key=header.count) if any(d in header for d in DELIMITERS) else ","


def _csv_cells(reader) -> Iterator[list]:
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            raise UnreadableFile(_csv_problem(error), reader.line_num) from None
        yield cells[:MAX_COLUMNS]


def _csv_problem(error: csv.Error) -> str:
    if "field larger than field limit" in str(error):
        return _("a cell is longer than %(limit)s characters") % {"limit": whole(MAX_CELL_CHARACTERS)}
    return _("this line cannot be read as CSV (%(reason)s)") % {"reason": error}


# -- XLSX ----------------------------------------------------------------------------------------------------------


def xlsx_rows(content: bytes) -> Iterator[list]:
    """The rows of an XLSX workbook's first sheet, streamed: cached values, with formula cells checked."""
    _check_archive(content)
    values = _open_workbook(content, data_only=True)
    formulas = _open_workbook(content, data_only=False)
    return _xlsx_cells(values, formulas)


def _check_archive(content: bytes) -> None:
    """Refuse a workbook that unpacks too big, or whose sheets hold more cells than any list (before openpyxl
    builds a single row: one row of three million empty cells is 90 KB zipped and 2 GB once parsed)."""
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
            if unpacked > MAX_UNPACKED_BYTES:
                raise UnreadableFile(
                    _("The workbook unpacks to more than %(limit)s MB; no list is that big.")
                    % {"limit": MAX_UNPACKED_BYTES // MEGABYTE}
                )
            for name in archive.namelist():
                if name == "xl/sharedStrings.xml" or (
                    name.startswith("xl/worksheets/") and name.endswith(".xml")
                ):
                    with archive.open(name) as part:
                        _count_cells(part)
    except UnreadableFile:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError, zlib.error):
        raise UnreadableFile(_("This is not an Excel workbook (.xlsx).")) from None


class _TooManyCells(Exception):
    pass


def _count_cells(part) -> None:
    """Stream a sheet's XML (expat, no tree) counting cells per row and in all (the shared strings' entries
    count as cells); no DTD allowed."""
    counts = {"row": 0, "all": 0}

    def start(tag: str, _attributes) -> None:
        name = tag.rpartition(":")[2]
        if name == "row":
            counts["row"] = 0
        elif name in ("c", "si"):
            counts["row"] += name == "c"
            counts["all"] += 1
            if counts["row"] > MAX_CELLS_PER_ROW or counts["all"] > MAX_CELLS:
                raise _TooManyCells

    def doctype(*_args) -> None:
        raise expat.ExpatError("a DTD")

    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    parser.StartDoctypeDeclHandler = doctype
    try:
        parser.ParseFile(part)
    except _TooManyCells:
        raise UnreadableFile(
            _("The sheet has more cells than any list (%(row)s in a row, %(all)s in all at most).")
            % {"row": f"{MAX_CELLS_PER_ROW:,}", "all": f"{MAX_CELLS:,}"}
        ) from None
    except expat.ExpatError:
        raise UnreadableFile(_("This is not an Excel workbook (.xlsx) that can be read.")) from None


def _open_workbook(content: bytes, *, data_only: bool):
    from openpyxl import load_workbook

    try:
        workbook = load_workbook(io.BytesIO(content), read_only=True, data_only=data_only)
        workbook.worksheets[0].reset_dimensions()  # a declared A1:XFD1048576 must not size anything
    except Exception:  # noqa: BLE001 - any defect of a stranger's file is the same refusal
        raise UnreadableFile(_("This is not an Excel workbook (.xlsx) that can be read.")) from None
    return workbook


def _xlsx_cells(values, formulas) -> Iterator[list]:
    try:
        rows = zip(
            values.worksheets[0].iter_rows(max_col=MAX_COLUMNS),
            formulas.worksheets[0].iter_rows(max_col=MAX_COLUMNS),
            strict=False,
        )
        number, empty = 0, None
        while True:
            try:
                cells, formula_cells = next(rows)
            except StopIteration:
                return
            except Exception:  # noqa: BLE001 - malformed XML, a bad cell reference, a zip that lies
                raise UnreadableFile(
                    _("The workbook is damaged after row %(row)s.") % {"row": number}, number + 1
                ) from None
            number += 1
            if (empty and cells is empty[0] and formula_cells is empty[1]) or _is_empty(cells, formula_cells):
                empty = (cells, formula_cells)  # openpyxl gives the same tuple for every missing row: cheap
                yield []
            else:
                yield [_value(cell, formula) for cell, formula in zip(cells, formula_cells, strict=False)]
    finally:
        values.close()
        formulas.close()


def _is_empty(cells: tuple, formula_cells: tuple) -> bool:
    return all(cell.value is None for cell in cells) and all(cell.value is None for cell in formula_cells)


def _value(cell, formula):
    """The cell's stored value, or a BadCell for what no list column can hold."""
    value = cell.value
    if formula.data_type == "f" and value is None:
        return BadCell(
            _("a formula (%(formula)s) without a stored value; enter the value itself")
            % {"formula": str(formula.value)[:40]}
        )
    if cell.data_type == "e":
        return BadCell(_("an error value (%(value)s)") % {"value": str(value)[:40]})
    if isinstance(value, bool):
        return BadCell(_("a true/false cell, not text or a number"))
    if isinstance(value, datetime | date | time | timedelta):
        return BadCell(_("a date or time cell (%(value)s), not text or a number") % {"value": value})
    return value
