"""The ``statistics`` command (docs/commands.md) and the statistics export, on the small event of
tests/tournament/selectors/conftest.py with its session 2 from two score sheets (the figures worked by hand in
tests/tournament/selectors/test_statistics.py and tests/scoring/test_statistics.py)."""

import csv
import io
import json

import pytest
from django.core.management import CommandError, call_command
from openpyxl import load_workbook

from tests.tournament.selectors.conftest import build_small_event
from tests.tournament.selectors.test_statistics import enter_sheets
from tournament.exporters.catalogue import build_exporter, is_public


def run(*args) -> str:
    out = io.StringIO()
    call_command("statistics", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def small(db):
    return build_small_event()


@pytest.fixture
def sheets(small):
    enter_sheets(small)
    return small


def test_json_one_row_per_player_with_the_figures(sheets):
    data = json.loads(run("small", "--format", "json"))
    assert (data["tournament"], data["tables"], data["sheets"]) == ("small", 4, 2)
    rows = {row["key"]: row for row in data["rows"]}
    assert list(rows) == [f"p0{n}" for n in range(1, 9)]  # alphabetical: Last01 .. Last08
    # p05: 2 wins of 4 hands, 1 deal-in, 1 riichi; (5,200 + 3,000) / 2; places 1st (level) and 4th
    assert {key: rows["p05"][key] for key in list(rows["p05"])[5:]} == {
        "sessions": 2,
        "sheets": 1,
        "hands": 4,
        "wins": 2,
        "ron": 1,
        "tsumo": 1,
        "deal_ins": 1,
        "riichi": 1,
        "win_rate": 0.5,
        "deal_in_rate": 0.25,
        "riichi_rate": 0.25,
        "average_win": 4100,
        "highest_win": 5200,
        "chombos": 0,
        "average_place": 2.5,
        "places_1": 1,
        "places_2": 0,
        "places_3": 0,
        "places_4": 1,
    }
    # p04: the substitute's seat is not theirs: one session without a sheet, the places only
    assert rows["p04"]["sessions"] == 1 and rows["p04"]["hands"] == 0
    assert (
        rows["p04"]["win_rate"] is None
        and rows["p04"]["average_win"] is None
        and rows["p04"]["places_4"] == 1
    )
    assert rows["p07"]["chombos"] == 1 and rows["p07"]["highest_win"] == 32000


def test_csv_rates_as_fractions_with_four_decimals(sheets):
    rows = list(csv.DictReader(io.StringIO(run("small", "--format", "csv"))))
    p05 = next(row for row in rows if row["key"] == "p05")
    assert (p05["win_rate"], p05["deal_in_rate"], p05["average_win"], p05["average_place"]) == (
        "0.5000",
        "0.2500",
        "4100",
        "2.50",
    )
    p04 = next(row for row in rows if row["key"] == "p04")
    assert (p04["win_rate"], p04["average_place"]) == ("", "4.00")


def test_table_says_how_many_tables_were_on_a_sheet(sheets):
    text = run("small")
    assert "2 of 4 tables on a digital score sheet" in text
    line = next(line for line in text.splitlines() if line.startswith("First05 Last05"))
    assert line.split()[2:11] == ["p05", "2", "4", "2", "1", "1", "1", "1", "50.0"]


def test_a_tournament_without_sheets_says_so(small):
    text = run("small")
    assert "no digital score sheets: the places only" in text
    data = json.loads(run("small", "--format", "json"))
    assert data["sheets"] == 0 and data["rows"][0]["hands"] == 0 and data["rows"][0]["places_1"] == 1


def test_unknown_slug_and_format_are_refused(small):
    with pytest.raises(CommandError):
        run("nope")
    with pytest.raises(CommandError):
        run("small", "--format", "xml")


def test_the_export_csv_and_workbook_have_the_same_rows(sheets):
    assert is_public("statistics-csv") and is_public("statistics-xlsx")
    text = build_exporter("statistics-csv", sheets.tournament).render().decode()
    assert text == run("small", "--format", "csv")
    workbook = load_workbook(io.BytesIO(build_exporter("statistics-xlsx", sheets.tournament).render()))
    sheet = workbook.active
    headers = [cell.value for cell in sheet[1]]
    p05 = next(row for row in sheet.iter_rows(min_row=2) if row[0].value == "p05")
    cell = p05[headers.index("win_rate")]
    assert cell.value == 0.5 and cell.number_format == "0.00%"
    assert p05[headers.index("average_win")].value == 4100
