"""CSV files for people in the form a Dutch, German or French Excel opens by a double click (issue 28 item 4): every
table export written as CSV has a ``-csv-excel`` twin (``;`` between cells, UTF-8 with a byte order mark, a
decimal comma), with the same cells, the same formula guard and a file name that says which it is; the files
for programs (JSON, the EMA file, the archive) have none."""

import csv
import io
from decimal import Decimal

import pytest
from django.urls import reverse

from tests.tournament.exporters.test_exports_files import NAMES, csv_rows, render
from tests.tournament.exporters.test_exports_files import event as event  # noqa: F401 (the fixture)
from tournament.exporters import base
from tournament.exporters.tabular import Cell, excel_csv_bytes

BOM = b"\xef\xbb\xbf"
PEOPLE_CSV = [
    "standings-csv",
    "session-results-csv",
    "results-form-csv",
    "team-ranking-csv",
    "country-ranking-csv",
    "club-ranking-csv",
    "category-ranking-csv",
]


def excel_rows(data: bytes) -> list[list[str]]:
    assert data.startswith(BOM)
    return list(csv.reader(io.StringIO(data[len(BOM) :].decode("utf-8")), delimiter=";"))


def test_every_csv_for_people_has_an_excel_twin_and_machine_files_have_none():
    identifiers = {exporter.identifier for exporter in base.registered()}
    for identifier in PEOPLE_CSV:
        twin = base.get_exporter(identifier + "-excel")
        plain = base.get_exporter(identifier)
        assert (twin.options, twin.public, twin.extension) == (plain.options, plain.public, "csv")
        assert "Excel" in str(twin.name)
    assert not {
        i for i in identifiers if i.startswith(("ema-", "archive-", "standings-json")) and "excel" in i
    }


@pytest.mark.parametrize("identifier", ["standings-csv", "session-results-csv"])
def test_the_excel_twin_has_the_same_cells_separated_by_semicolons_with_a_bom(event, identifier):
    plain = csv_rows(render(identifier, event))
    excel = excel_rows(render(identifier + "-excel", event))
    assert excel == plain
    first_names = {row[excel[0].index("first_name")] for row in excel[1:]}
    assert first_names == {"'" + name for name in NAMES}  # never a formula


def test_numbers_for_people_have_a_decimal_comma_and_text_stays_as_it_is():
    data = excel_csv_bytes(
        ["name", "weight", "share", "total"],
        [
            ["Anne; Bob", 2.5, Cell(Decimal("1.25")), Cell(-23400, "#,##0")],
            ["=1+1", 3, None, Cell(0, text="2=")],
        ],
    )
    assert data.startswith(BOM)
    assert data[len(BOM) :].decode("utf-8").splitlines() == [
        "name;weight;share;total",
        '"Anne; Bob";2,5;1,25;-23400',
        "'=1+1;3;;2=",
    ]


def test_the_excel_file_is_named_so_and_downloaded_like_the_csv(event, client):
    exporter = base.get_exporter("standings-csv-excel")(event)
    assert exporter.filename() == "formulas-standings-csv-excel.csv"
    response = client.get(reverse("export", args=["formulas", "standings-csv-excel"]))
    assert response.status_code == 200 and response.content.startswith(BOM)
    assert response["Content-Type"].startswith("text/csv")


def test_the_exports_page_and_the_standings_offer_the_excel_file(event, client, make_user):
    client.force_login(make_user("org", tournament=event, role="organiser"))
    html = client.get(reverse("exports", args=["formulas"])).content.decode()
    for identifier in ("standings-csv-excel", "session-results-csv-excel", "results-form-csv-excel"):
        assert reverse("export", args=["formulas", identifier]) in html, identifier
    assert "CSV for Excel (;)" in html
    public = client.get(reverse("standings", args=["formulas"])).content.decode()
    assert reverse("export", args=["formulas", "standings-csv-excel"]) in public
