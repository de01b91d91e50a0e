"""The table exporter base class: one class, registered once per format, writes the same rows as CSV and as a
workbook; a text cell that looks like a formula is safe in both; the options and the public flag come from the
exporter class (for the lookup, the ``export`` command and the download view alike)."""

import csv
import io
import zipfile

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tournament.exporters import base
from tournament.exporters.catalogue import ExportRequestError, build_exporter, is_public
from tournament.exporters.tabular import Cell, Sheet, TableExporter, register_table
from tournament.services.archive_import import import_archive
from tournament.services.tournaments import update_tournament

# Text starting with each character a spreadsheet reads as the start of a formula (cells.FORMULA_STARTS; a
# carriage return is left out: XML reads it back from the workbook as a line feed).
FORMULAS = ['=HYPERLINK("http://evil.example","x")', "+1+1", "-2+3", "@SUM(A1:A2)", "\t=1"]


@pytest.fixture
def roster(monkeypatch):
    """A table exporter made for the test, registered in a copy of the registry (gone after the test)."""
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))

    @register_table
    class Roster(TableExporter):
        stem = "roster"
        names = {"csv": "Roster (CSV)", "xlsx": "Roster (xlsx)"}
        sheet_title = "Roster"
        options = ("session",)
        public = True

        def headers(self):
            return ("name", "points", "rank")

        def rows(self):
            yield ["Anna", Cell(12_300, "#,##0"), Cell(2, '0"="', text="2=")]
            for number, text in enumerate(FORMULAS, start=3):
                yield [text, None, number]

    return Roster


@pytest.fixture
def tournament(db):
    data = {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {"slug": "tables", "name": "Tables Open"},
        "players": [],
    }
    return import_archive(actor=None, data=data)


def csv_rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))


def test_one_class_is_registered_once_per_format(roster):
    csv_variant, xlsx_variant = base.get_exporter("roster-csv"), base.get_exporter("roster-xlsx")
    excel_variant = base.get_exporter("roster-csv-excel")  # the CSV for a Dutch, German or French Excel
    assert roster.variants == {"csv": csv_variant, "csv-excel": excel_variant, "xlsx": xlsx_variant}
    assert issubclass(excel_variant, roster) and str(excel_variant.name) == (
        "Roster (CSV), for Excel in Dutch, German or French (;)"
    )
    assert issubclass(csv_variant, roster) and issubclass(xlsx_variant, roster)
    assert (csv_variant.name, csv_variant.extension, csv_variant.content_type) == (
        "Roster (CSV)",
        "csv",
        "text/csv",
    )
    assert (xlsx_variant.name, xlsx_variant.extension) == ("Roster (xlsx)", "xlsx")
    assert xlsx_variant.content_type == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def test_csv_and_workbook_hold_the_same_rows(roster, tournament):
    rows = csv_rows(build_exporter("roster-csv", tournament).render())
    sheet = load_workbook(io.BytesIO(build_exporter("roster-xlsx", tournament).render())).active
    assert sheet.title == "Roster"
    assert rows[0] == [cell.value for cell in sheet[1]] == ["name", "points", "rank"]
    values = [list(row) for row in sheet.iter_rows(min_row=2, values_only=True)]
    assert values == [["Anna", 12_300, 2], *[[text, None, n] for n, text in enumerate(FORMULAS, start=3)]]
    # The CSV writes the same values: None as "", a Cell's own text where it has one (the rank "2=").
    assert rows[1] == ["Anna", "12300", "2="]
    assert [row[1:] for row in rows[2:]] == [["", str(n)] for n in range(3, 3 + len(FORMULAS))]
    # The workbook keeps the numbers and shows them through their formats.
    assert (sheet["B2"].number_format, sheet["C2"].number_format) == ("#,##0", '0"="')


def test_a_formula_looking_cell_is_safe_in_both(roster, tournament):
    rows = csv_rows(build_exporter("roster-csv", tournament).render())
    assert [row[0] for row in rows[2:]] == ["'" + text for text in FORMULAS]
    data = build_exporter("roster-xlsx", tournament).render()
    cells = load_workbook(io.BytesIO(data)).active["A"][2:]
    assert [cell.value for cell in cells] == FORMULAS  # the text itself, unchanged
    assert all(cell.data_type == "s" and cell.quotePrefix for cell in cells)
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        assert b"<f>" not in package.read("xl/worksheets/sheet1.xml")


def test_sheets_group_the_workbook_and_the_csv_stays_flat(roster, tournament):
    @register_table
    class Split(roster):
        stem = "split"

        def sheets(self):
            rows = list(self.rows())
            return [Sheet("First", rows[:1]), Sheet("Rest", rows[1:])]

    workbook = load_workbook(io.BytesIO(build_exporter("split-xlsx", tournament).render()))
    assert workbook.sheetnames == ["First", "Rest"]
    assert [workbook["First"].max_row, workbook["Rest"].max_row] == [2, 1 + len(FORMULAS)]
    assert workbook["Rest"]["A1"].value == "name"  # every sheet has the header row
    rows = csv_rows(build_exporter("split-csv", tournament).render())
    assert [row[0] for row in rows[1:]] == ["Anna", *["'" + text for text in FORMULAS]]


def test_options_come_from_the_class(roster, tournament):
    assert build_exporter("roster-csv", tournament, session=2, after_session=None, force=False).given == {
        "session": 2
    }
    with pytest.raises(ExportRequestError, match="the export roster-xlsx does not take after_session"):
        build_exporter("roster-xlsx", tournament, after_session=1)
    roster.options = ("after_session",)  # both registrations follow their class
    assert build_exporter("roster-xlsx", tournament, after_session=1).given == {"after_session": 1}
    with pytest.raises(ExportRequestError, match="does not take session"):
        build_exporter("roster-csv", tournament, session=2)


# What the catalogue held before the options and the public flag moved onto the classes.
CATALOGUE = {
    "standings-json": (("after_session",), True),
    "standings-csv": (("after_session",), True),
    "standings-xlsx": (("after_session",), True),
    "session-results-csv": (("session",), False),
    "session-results-xlsx": (("session",), False),
    "results-form-csv": (("session",), False),
    "results-form-xlsx": (("session",), False),
    "archive-json": ((), False),
    "ema-xlsx": (("force",), False),
    "ema-csv": (("force",), False),
    # the side rankings (exporters/side_rankings.py): for the organiser, as the public pages show only those turned on
    "team-ranking-csv": (("after_session",), False),
    "team-ranking-xlsx": (("after_session",), False),
    "country-ranking-csv": (("after_session",), False),
    "country-ranking-xlsx": (("after_session",), False),
    "club-ranking-csv": (("after_session",), False),
    "club-ranking-xlsx": (("after_session",), False),
    "category-ranking-csv": (("after_session", "category"), False),
    "category-ranking-xlsx": (("after_session", "category"), False),
    # the statistics from the score sheets (exporters/statistics.py): public with the standings, as the player
    # pages show them
    "statistics-csv": ((), True),
    "statistics-xlsx": ((), True),
}


# each CSV for people has its twin for a Dutch, German or French Excel (tabular.py), with the same options and flag
CATALOGUE |= {
    f"{identifier}-excel": CATALOGUE[identifier]
    for identifier in list(CATALOGUE)
    if identifier.endswith("-csv") and not identifier.startswith("ema-")
}


def test_every_export_keeps_its_options_and_public_flag():
    assert {exporter.identifier for exporter in base.registered()} - {"roster-csv-excel"} == set(CATALOGUE)
    for identifier, (options, public) in CATALOGUE.items():
        exporter = base.get_exporter(identifier)
        assert (exporter.options, exporter.public, is_public(identifier)) == (options, public, public), (
            identifier
        )
    assert is_public("nope") is False


def test_the_download_view_reads_the_public_flag_from_the_class(roster, tournament, client):
    url = reverse("export", args=["tables", "roster-csv"])
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "text/csv"
    assert response["Content-Disposition"] == 'attachment; filename="tables-roster-csv.csv"'
    roster.public = False
    assert client.get(url)["Location"].startswith(reverse("login"))
    roster.public = True
    update_tournament(actor=None, tournament=tournament, is_public=False)
    assert client.get(url).status_code == 404  # a hidden tournament is as if it did not exist (issue 13)
