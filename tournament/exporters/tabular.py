"""Exports that are one table of rows, written as CSV or as an xlsx workbook from the same rows (pretix's list
exporter pattern).

A table exporter names its columns (``headers()``) and yields its rows (``rows()``); ``register_table``
registers it once per format it has a name for (``<stem>-csv``, ``<stem>-xlsx``), so a new export is one class.
A value is written as it is, or as a ``Cell`` when the workbook needs a number format or the CSV other text. The
workbook has one sheet unless ``sheets()`` groups the rows; the CSV is always the flat list of ``rows()``.

Neither format lets a text cell run as a formula: CSV text gets a leading apostrophe (cells.py), workbook text
is a string cell with Excel's quote prefix (xlsx.py).

Every table exporter with a CSV (files for people: standings, results, rankings, the results form) also gets a
``csv-excel`` variant (``standings-csv-excel``), the form a Dutch, German or French Excel opens by a double click:
cells separated by ``;``, UTF-8 with a byte order mark (without one Excel reads the bytes as its Windows code
page), and a decimal comma in numbers that have decimals (whole numbers are written as they are). The same cells,
the same formula guard; the file name ends in ``-csv-excel.csv``. An exporter whose CSV is for a program (the EMA
file) sets ``excel_csv = False``.
"""

import csv
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import ClassVar, NamedTuple

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from tournament.exporters.base import Exporter, register
from tournament.exporters.cells import safe_cell
from tournament.exporters.xlsx import fit_columns, new_sheet, put, workbook_bytes, write_header

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
FORMATS = {
    "csv": ("csv", "text/csv"),
    "csv-excel": ("csv", "text/csv"),
    "xlsx": ("xlsx", XLSX_CONTENT_TYPE),
}  # extension, content type
EXCEL_CSV_NAME = _("{name}, for Excel in Dutch, German or French (;)")
BOM = "\ufeff"


class Cell(NamedTuple):
    value: object
    number_format: str | None = None  # the workbook's format (CSV has none)
    text: str | None = (
        None  # what CSV writes instead of the value: "2=" for rank 2 shown with the format 0"="
    )


class Sheet(NamedTuple):
    title: str
    rows: Iterable[Sequence]


class TableExporter(Exporter):
    stem: ClassVar[
        str
    ]  # the identifier without the format: "standings" gives standings-csv and standings-xlsx
    names: ClassVar[dict[str, str]]  # the exporter's name per format ("csv", "xlsx")
    sheet_title: ClassVar[str]
    file_format: ClassVar[str]  # set by register_table on each registered variant
    variants: ClassVar[dict[str, type["TableExporter"]]]
    excel_csv: ClassVar[bool] = (
        True  # the CSV is for people: offer it for a Dutch, German or French Excel too
    )

    def headers(self) -> Sequence[str]:
        raise NotImplementedError

    def rows(self) -> Iterable[Sequence]:
        raise NotImplementedError

    def sheets(self) -> Iterable[Sheet]:
        """The workbook's sheets: by default one, with every row."""
        return [Sheet(self.sheet_title, self.rows())]

    def render(self) -> bytes:
        if self.file_format == "csv":
            return csv_text(self.headers(), self.rows()).encode("utf-8")
        if self.file_format == "csv-excel":
            return excel_csv_bytes(self.headers(), self.rows())
        return xlsx_bytes(self.headers(), self.sheets())


class ExcelCsv:
    """The ``csv-excel`` variant's file name: the CSV's, ending in ``-csv-excel.csv``."""

    def filename(self) -> str:
        name = super().filename()  # type: ignore[misc]
        if name.endswith("-csv-excel.csv"):  # the default name, from the identifier
            return name
        return name.removesuffix(".csv") + "-csv-excel.csv"


def register_table(exporter: type[TableExporter]) -> type[TableExporter]:
    """Register the exporter once per format in its ``names`` (and a CSV for people once more, for Excel);
    ``exporter.variants[format]`` is each class."""
    exporter.variants = {}
    names = dict(exporter.names)
    if "csv" in names and exporter.excel_csv:
        names["csv-excel"] = format_lazy(EXCEL_CSV_NAME, name=names["csv"])
    for file_format, name in names.items():
        extension, content_type = FORMATS[file_format]
        attributes = {
            "identifier": f"{exporter.stem}-{file_format}",
            "name": name,
            "file_format": file_format,
            "extension": extension,
            "content_type": content_type,
            "__module__": exporter.__module__,
            "__doc__": exporter.__doc__,
        }
        bases = (ExcelCsv, exporter) if file_format == "csv-excel" else (exporter,)
        title = "".join(part.capitalize() for part in file_format.split("-"))
        variant = type(f"{exporter.__name__}{title}", bases, attributes)
        exporter.variants[file_format] = register(variant)
    return exporter


def csv_text(headers: Sequence[str], rows: Iterable[Sequence]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(headers)
    for row in rows:
        writer.writerow([csv_value(value) for value in row])
    return out.getvalue()


def excel_csv_bytes(headers: Sequence[str], rows: Iterable[Sequence]) -> bytes:
    """The CSV a Dutch, German or French Excel opens by a double click: ``;``, UTF-8 with a BOM, decimal comma."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";")
    writer.writerow(headers)
    for row in rows:
        writer.writerow([_decimal_comma(csv_value(value)) for value in row])
    return (BOM + out.getvalue()).encode("utf-8")


def _decimal_comma(value):
    """A number with decimals as those languages write it (2,5); whole numbers and text as they are."""
    if isinstance(value, float | Decimal):
        return str(value).replace(".", ",")
    return value


def csv_value(value):
    """The text CSV writes for a value: a Cell's own text if it has one, "" for None, never a formula."""
    if isinstance(value, Cell):
        value = value.value if value.text is None else value.text
    return safe_cell("" if value is None else value)


def xlsx_bytes(headers: Sequence[str], sheets: Iterable[Sheet]) -> bytes:
    workbook = None
    for sheet in sheets:
        workbook, worksheet = new_sheet(workbook, str(sheet.title))
        write_header(worksheet, headers)
        for row_number, row in enumerate(sheet.rows, start=2):
            for column, value in enumerate(row, start=1):
                cell = value if isinstance(value, Cell) else Cell(value)
                put(worksheet.cell(row=row_number, column=column), cell.value, cell.number_format)
        fit_columns(worksheet)
    if workbook is None:
        raise ValueError("a workbook needs at least one sheet")
    return workbook_bytes(workbook)
