"""Standings, results per session and archive exports: their content, the options of the ``export`` command,
and names that look like formulas (every spreadsheet must show them as text, never run them)."""

import csv
import io
import json
import zipfile
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from openpyxl import load_workbook

from tournament.exporters.catalogue import ExportRequestError, build_exporter
from tournament.services.archive_import import import_archive

# One name per character a spreadsheet reads as the start of a formula.
NAMES = ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1:A2)"]


@pytest.fixture
def event(db):
    """One table: the four formula-like names, raw 40,000 / 35,000 / 25,000 / 20,000 (EMA 2016 uma 15/5/-5/-15),
    and a chombo (20,000 after uma, 3.4.6) for the last player."""
    keys = ["p1", "p2", "p3", "p4"]
    data = {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {"slug": "formulas", "name": "Formula Open"},
        "players": [
            {"key": key, "first_name": name, "last_name": "Test", "ema_id": f"0800000{i}", "country": "NED"}
            for i, (key, name) in enumerate(zip(keys, NAMES, strict=True), start=1)
        ],
        "sessions": [
            {
                "number": 1,
                "tables": [
                    {
                        "number": 1,
                        "seats": [
                            {"wind": wind, "player": key, "score": score}
                            for wind, key, score in zip(
                                "ESWN", keys, (40_000, 35_000, 25_000, 20_000), strict=True
                            )
                        ],
                    }
                ],
            }
        ],
        "penalties": [{"player": "p4", "session": 1, "kind": "chombo"}],
    }
    return import_archive(actor=None, data=data)


def render(identifier: str, tournament, **options) -> bytes:
    return build_exporter(identifier, tournament, **options).render()


def csv_rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8"))))


@pytest.mark.parametrize("identifier", ["standings-csv", "session-results-csv"])
def test_csv_names_that_look_like_formulas_get_an_apostrophe(event, identifier):
    rows = csv_rows(render(identifier, event))
    first_names = {row[rows[0].index("first_name")] for row in rows[1:]}
    assert first_names == {"'" + name for name in NAMES}


@pytest.mark.parametrize("identifier", ["standings-xlsx", "session-results-xlsx"])
def test_workbook_names_that_look_like_formulas_stay_text(event, identifier):
    data = render(identifier, event)
    sheet = load_workbook(io.BytesIO(data)).active
    column = [cell.value for cell in sheet[1]].index("first_name")
    cells = [row[column] for row in sheet.iter_rows(min_row=2)]
    assert {cell.value for cell in cells} == set(NAMES)  # the names themselves, unchanged
    assert all(cell.data_type == "s" and cell.quotePrefix for cell in cells)
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        assert b"<f>" not in package.read("xl/worksheets/sheet1.xml")  # no formula anywhere


def test_session_results_rows(event):
    rows = csv_rows(render("session-results-csv", event, session=1))
    assert rows[0][:3] == ["session", "table", "wind"]
    # raw, place, score, uma, penalties, total per seat (the chombo comes after uma).
    assert [row[8:14] for row in rows[1:]] == [
        ["40000", "1", "10000", "15000", "0", "25000"],
        ["35000", "2", "5000", "5000", "0", "10000"],
        ["25000", "3", "-5000", "-5000", "0", "-10000"],
        ["20000", "4", "-10000", "-15000", "20000", "-45000"],
    ]


def test_standings_workbook_numbers_and_tied_ranks(db):
    data = {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {"slug": "ties", "name": "Ties"},
        "players": [{"key": k, "first_name": k, "last_name": "T", "ema_id": None} for k in "abcd"],
        "sessions": [
            {
                "number": 1,
                "tables": [
                    {
                        "number": 1,
                        "seats": [
                            {"wind": w, "player": k, "score": s}
                            for w, k, s in zip("ESWN", "abcd", (40_000, 30_000, 30_000, 20_000), strict=True)
                        ],
                    }
                ],
            }
        ],
    }
    tournament = import_archive(actor=None, data=data)
    sheet = load_workbook(io.BytesIO(render("standings-xlsx", tournament))).active
    ranks = [(cell.value, cell.number_format) for cell in sheet["A"][1:]]
    assert ranks == [(1, "General"), (2, '0"="'), (2, '0"="'), (4, "General")]  # shows 1, 2=, 2=, 4
    assert [cell.value for cell in sheet["I"][1:]] == [25_000, 0, 0, -25_000]  # total, integer points


def test_archive_export_is_the_archive(event):
    data = json.loads(render("archive-json", event))
    assert data["format"] == "riichi-tournament-archive" and data["tournament"]["slug"] == "formulas"


def test_options_an_export_does_not_take_are_refused(event):
    with pytest.raises(ExportRequestError, match="does not take session"):
        build_exporter("standings-csv", event, session=1)
    with pytest.raises(ExportRequestError, match="unknown export 'nope'"):
        build_exporter("nope", event)


def test_export_command(event, tmp_path):
    target = tmp_path / "standings.xlsx"
    call_command(
        "export", "formulas", "standings-xlsx", "--after-session", "1", "-o", str(target), stdout=StringIO()
    )
    assert load_workbook(target).active.max_row == 5
    with pytest.raises(CommandError, match="does not take after_session"):
        call_command("export", "formulas", "archive-json", "--after-session", "1")
    with pytest.raises(CommandError, match="--session must be 1 or more"):
        call_command("export", "formulas", "session-results-csv", "--session", "0")
