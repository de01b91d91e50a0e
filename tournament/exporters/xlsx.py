"""Writing workbooks with openpyxl so that text stays text.

openpyxl stores any string that starts with ``=`` as a formula. Here every string is written as a string cell,
and one that starts like a formula (``=``, ``+``, ``-``, ``@``) also gets Excel's quote prefix, so neither the
file nor a later edit of the cell runs it. The value itself is unchanged (a name stays the player's name), except
that the characters a workbook cannot hold (control characters other than tab and line breaks, lone surrogates;
openpyxl refuses them with IllegalCharacterError) are left out, and a name stored before they were refused on the way in must not break an export.
"""

import io
from collections.abc import Iterable

from openpyxl import Workbook
from openpyxl.cell import Cell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from tournament.exporters.cells import FORMULA_STARTS

POINTS_FORMAT = "#,##0"
TEXT_FORMAT = "@"


def new_sheet(workbook: Workbook | None, title: str) -> tuple[Workbook, Worksheet]:
    """A workbook whose first sheet is titled ``title``, or a new sheet in ``workbook``."""
    if workbook is None:
        workbook = Workbook()
        sheet = workbook.active
        sheet.title = title
    else:
        sheet = workbook.create_sheet(title)
    return workbook, sheet


def write_header(sheet: Worksheet, headers: Iterable[str]) -> None:
    for column, header in enumerate(headers, start=1):
        put(sheet.cell(row=1, column=column), str(header)).font = Font(bold=True)
    sheet.freeze_panes = "A2"


def put(cell: Cell, value, number_format: str | None = None) -> Cell:
    """Set a cell; text is always a string cell (never a formula), without characters a workbook cannot hold."""
    if isinstance(value, str):
        value = ILLEGAL_CHARACTERS_RE.sub("", value.encode("utf-8", "ignore").decode("utf-8"))
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"
        cell.quotePrefix = value.startswith(FORMULA_STARTS)
    if number_format:
        cell.number_format = number_format
    return cell


def fit_columns(sheet: Worksheet, *, minimum: int = 6, maximum: int = 40) -> None:
    """Column widths from the longest value in each column, within bounds."""
    for column in sheet.iter_cols():
        longest = max((len(str(cell.value)) for cell in column if cell.value is not None), default=0)
        sheet.column_dimensions[column[0].column_letter].width = max(minimum, min(maximum, longest + 2))


def workbook_bytes(workbook: Workbook) -> bytes:
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()
