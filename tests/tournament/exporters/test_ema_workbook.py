"""The EMA results file, opened with openpyxl and checked cell by cell (ema-results-file.md).

The event (EMA 2016 rules: start 30,000, uma +15/+5/-5/-15 thousand, ties split the uma, 3.6.1):
table 1: Wójcik 40,000, Szűcs 30,000, Kjær 30,000, Hacker 20,000 -> +25,000, 0, 0, -25,000 (the tie splits
+5,000 and -5,000). Table 2: Dvořák 45,000, Yılmaz replaced from the start by a substitute (25,000),
Ångström 35,000, Größ 15,000 -> +30,000, -30,000 (5.8: -15,000 score and -15,000 uma), +10,000, -30,000.
Ångström is disqualified (ranked last), Größ was removed from the results (absent), Dvořák has no EMA number.
"""

import csv
import io
from datetime import datetime
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from tournament.exporters.ema_workbook import HEADERS, EmaCsv, EmaNotReady, EmaWorkbook
from tournament.services.archive_import import import_archive
from tournament.services.tournaments import update_tournament

FORMULA_NAME = "=cmd|' /C calc'!A0"


def archive(**tournament) -> dict:
    return {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {
            "slug": "lodz-open",
            "name": "Łódź Riichi Open 2026",
            "short_name": "LODZ26",
            "city": "Łódź",
            "country": "POL",
            "start_date": "2026-05-09",
            "end_date": "2026-05-10",
            "qualification": False,
            **tournament,
        },
        "players": [
            {
                "key": "p1",
                "first_name": "Zofia",
                "last_name": "Wójcik",
                "ema_id": "19000001",
                "country": "POL",
            },
            {"key": "p2", "first_name": "Ádám", "last_name": "Szűcs", "ema_id": "06000002", "country": "HUN"},
            {"key": "p3", "first_name": "Søren", "last_name": "Kjær", "ema_id": "03000003", "country": "DEN"},
            {
                "key": "p4",
                "first_name": FORMULA_NAME,
                "last_name": "Hacker",
                "ema_id": "11000004",
                "country": "GBR",
            },
            {"key": "p5", "first_name": "Jiří", "last_name": "Dvořák", "ema_id": None, "country": "CZE"},
            {
                "key": "p6",
                "first_name": "Şükrü",
                "last_name": "Yılmaz",
                "ema_id": "05000006",
                "country": "GER",
            },
            {
                "key": "p7",
                "first_name": "Åsa",
                "last_name": "Ångström",
                "ema_id": "09000007",
                "country": "SWE",
                "status": "disqualified",
            },
            {
                "key": "p8",
                "first_name": "Hannes",
                "last_name": "Größ",
                "ema_id": "01000008",
                "country": "AUT",
                "status": "withdrawn",
            },
        ],
        "sessions": [
            {
                "number": 1,
                "tables": [
                    {
                        "number": 1,
                        "seats": seats(("p1", 40_000), ("p2", 30_000), ("p3", 30_000), ("p4", 20_000)),
                    },
                    {
                        "number": 2,
                        "seats": seats(("p5", 45_000), ("p6", 25_000), ("p7", 35_000), ("p8", 15_000)),
                    },
                ],
            }
        ],
    }


def seats(*players) -> list[dict]:
    result = [
        {"wind": wind, "player": key, "score": score}
        for wind, (key, score) in zip("ESWN", players, strict=True)
    ]
    for seat in result:
        if seat["player"] == "p6":
            seat.update(substitute="from_start", substitute_name="Kees Reserve")
    return result


@pytest.fixture
def event(db):
    return import_archive(actor=None, data=archive())


# Place, first name, last name, EMA number, score, EMA member, country: in file order.
EXPECTED_PLAYERS = [
    (1, "Jiří", "Dvořák", None, 30_000, "NO", "CZE"),
    (2, "Zofia", "Wójcik", "19000001", 25_000, "YES", "POL"),
    (3, "Søren", "Kjær", "03000003", 0, "YES", "DEN"),  # tied with Szűcs: both 3rd, the next is 5th
    (3, "Ádám", "Szűcs", "06000002", 0, "YES", "HUN"),
    (5, FORMULA_NAME, "Hacker", "11000004", -25_000, "YES", "GBR"),
    (6, "Şükrü", "Yılmaz", "05000006", -30_000, "YES", "GER"),
    (7, "Åsa", "Ångström", "09000007", 10_000, "YES", "SWE"),  # disqualified: last, whatever the score
]


def open_sheet(data: bytes):
    return load_workbook(io.BytesIO(data)).active


def test_sheet_name_and_the_19_headers_verbatim(event):
    sheet = open_sheet(EmaWorkbook(event).render())
    assert sheet.title == "RCR template"
    assert [cell.value for cell in sheet[1]] == [
        "Tournament name",
        "Number of participants",
        "Place",
        "Player's first name",
        "Player's last name",
        "EMA number",
        "Table points",
        "Score",
        "EMA member",
        "Country",
        "Date",
        "Countrycourt",
        "city",
        "mers",
        "shortname",
        "rules",
        "period",
        "NbDays",
        "Extra",
    ]
    assert sheet.max_column == 19


def test_every_player_column(event):
    sheet = open_sheet(EmaWorkbook(event).render())
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert len(rows) == 7  # the removed player is absent, the substitute is not a row
    got = [(r[2], r[3], r[4], r[5], r[7], r[8], r[9]) for r in rows]
    assert got == EXPECTED_PLAYERS
    assert all(row[6] is None for row in rows)  # G, table points: MCR only


def test_every_tournament_column(event):
    sheet = open_sheet(EmaWorkbook(event).render())
    for row in sheet.iter_rows(min_row=2, values_only=True):
        assert row[0] == "Łódź Riichi Open 2026"  # A
        assert row[1] == 7  # B: the number of rows
        assert row[10] == datetime(2026, 5, 9)  # K: the first day, a real date
        assert row[11:13] == ("POL", "Łódź")  # L, M
        # N: 2 days + 7 players and 1 substitute (<= 40: 0) + 7 countries (6..9: 0.5) + no qualification.
        assert row[13] == 2.5
        assert row[14:] == ("LODZ26", "Riichi", "9-10 May. 2026", 2, "NO")  # O..S


def test_ema_number_is_text_and_date_is_formatted(event):
    sheet = open_sheet(EmaWorkbook(event).render())
    for cell in sheet["F"][1:]:
        assert cell.number_format == "@"
        assert cell.value is None or (cell.data_type == "s" and len(cell.value) == 8)
    assert sheet["F3"].value == "19000001"
    for cell in sheet["K"][1:]:
        assert cell.is_date and cell.number_format == "d/m/yyyy"


def test_a_name_like_a_formula_stays_text(event):
    sheet = open_sheet(EmaWorkbook(event).render())
    cell = sheet["D6"]
    assert cell.value == FORMULA_NAME and cell.data_type == "s"
    assert cell.quotePrefix


def test_override_replaces_the_computed_weight(db):
    tournament = import_archive(actor=None, data=archive())
    tournament = update_tournament(actor=None, tournament=tournament, mers_weight_override=Decimal("4.0"))
    sheet = open_sheet(EmaWorkbook(tournament).render())
    assert {row[13] for row in sheet.iter_rows(min_row=2, values_only=True)} == {4}


def test_csv_has_the_same_columns(event):
    rows = list(csv.reader(io.StringIO(EmaCsv(event).render().decode("utf-8"))))
    assert tuple(rows[0]) == HEADERS
    assert rows[1] == [
        "Łódź Riichi Open 2026",
        "7",
        "1",
        "Jiří",
        "Dvořák",
        "",
        "",
        "30000",
        "NO",
        "CZE",
        "9/5/2026",
        "POL",
        "Łódź",
        "2.5",
        "LODZ26",
        "Riichi",
        "9-10 May. 2026",
        "2",
        "NO",
    ]
    assert rows[5][3] == "'" + FORMULA_NAME  # CSV: the apostrophe keeps it text
    assert [row[5] for row in rows[2:]] == [
        "19000001",
        "03000003",
        "06000002",
        "11000004",
        "05000006",
        "09000007",
    ]


def test_missing_data_refuses_unless_forced(db):
    data = archive(city="", short_name="")
    data["sessions"][0]["tables"][1]["seats"] = [
        {key: value for key, value in seat.items() if key == "wind" or key == "player"}
        for seat in data["sessions"][0]["tables"][1]["seats"]
    ]
    tournament = import_archive(actor=None, data=data)
    with pytest.raises(EmaNotReady) as refused:
        EmaWorkbook(tournament).render()
    codes = {problem.code for problem in refused.value.problems if problem.is_error}
    assert codes == {"results_missing", "city_missing", "short_name_missing"}
    forced = EmaWorkbook(tournament, force=True)
    assert open_sheet(forced.render()).max_row == 1 + 7  # every ranked player, table 2 with no points yet
    assert {p.code for p in forced.problems if p.is_error} == codes


def test_teams_categories_and_tie_breaks_leave_the_ema_file_as_it_was(event):
    """Issue 22: the EMA file carries no team or category, and the tie-breaks for prizes change none of its places
    (it keeps the standings' shared ranks)."""
    before_csv, before_sheet = EmaCsv(event).render(), list(open_sheet(EmaWorkbook(event).render()).values)
    event.registrations.update(team="Team Lotus", categories=["ladies", "newcomer"])
    event.tie_breaks, event.team_best = ["most_firsts", "best_session"], 2
    event.save()
    after_csv = EmaCsv(event).render()
    assert after_csv == before_csv
    assert list(open_sheet(EmaWorkbook(event).render()).values) == before_sheet
    assert b"Lotus" not in after_csv and b"newcomer" not in after_csv and b"ladies" not in after_csv
