"""The checks before the EMA export (ema-results-file.md, "Checks before export") and the ema_export command."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from openpyxl import load_workbook

from tournament.models import Player
from tournament.selectors.ema_checks import ERROR, WARNING, _duplicate_problems, ema_problems
from tournament.selectors.ema_results import EmaRow, ema_results
from tournament.services.archive_import import import_archive


def small_archive(players: list[dict], **tournament) -> dict:
    """Four players at one table with results; tournament fields complete unless overridden."""
    return {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {
            "slug": "checks",
            "name": "Checks Open",
            "short_name": "CHK",
            "city": "Utrecht",
            "country": "NED",
            "start_date": "2026-05-09",
            "end_date": "2026-05-09",
            **tournament,
        },
        "players": players,
        "sessions": [
            {
                "number": 1,
                "tables": [
                    {
                        "number": 1,
                        "seats": [
                            {"wind": wind, "player": p["key"], "score": score}
                            for wind, p, score in zip(
                                "ESWN", players, (40_000, 35_000, 25_000, 20_000), strict=True
                            )
                        ],
                    }
                ],
            }
        ],
    }


def player(key: str, country: str = "NED", ema_id: str | None = None) -> dict:
    return {"key": key, "first_name": "Pat", "last_name": key.upper(), "country": country, "ema_id": ema_id}


def problems_of(data: dict) -> dict[str, str]:
    tournament = import_archive(actor=None, data=data)
    return {problem.code: problem.level for problem in ema_problems(ema_results(tournament))}


def test_a_complete_tournament_has_no_problem(db):
    players = [player(f"p{i}", "NED", f"0800000{i}") for i in range(1, 5)]
    assert problems_of(small_archive(players)) == {}


def test_player_problems_and_their_levels(db):
    players = [
        player("p1", "DNK", "03000001"),  # ISO code for Denmark: error, the EMA code is DEN
        player("p2", "", "08000002"),  # no country: error
        player("p3", "XYZ", "08000003"),  # not in the EMA list: warning
        player("p4", "GER", "08000004"),  # a Dutch number for a German player: warning (players move)
    ]
    assert problems_of(small_archive(players)) == {
        "iso_country": ERROR,
        "country_missing": ERROR,
        "unknown_country": WARNING,
        "ema_id_country": WARNING,
    }


def test_a_player_without_ema_number_is_a_warning(db):
    players = [player("p1"), *[player(f"p{i}", "NED", f"0800000{i}") for i in range(2, 5)]]
    assert problems_of(small_archive(players)) == {"no_ema_id": WARNING}


def test_host_data_missing(db):
    players = [player(f"p{i}", "NED", f"0800000{i}") for i in range(1, 5)]
    data = small_archive(players, country="", city="", start_date=None, end_date=None, short_name="")
    assert problems_of(data) == {
        "country_missing": ERROR,
        "city_missing": ERROR,
        "start_date_missing": ERROR,
        "end_date_missing": ERROR,
        "short_name_missing": ERROR,
    }


def test_a_bad_ema_number_in_the_database_is_an_error(db):
    players = [player(f"p{i}", "NED", f"0800000{i}") for i in range(1, 5)]
    tournament = import_archive(actor=None, data=small_archive(players))
    Player.objects.filter(ema_id="08000001").update(ema_id="0800001")  # legacy data, bypassing the validator
    problems = ema_problems(ema_results(tournament))
    assert [(p.code, p.level) for p in problems] == [("bad_ema_id", ERROR)]
    assert "0800001" in problems[0].message and problems[0].fix_url == "/t/checks/organise/players/p1/edit/"


def test_a_session_without_seating_or_results(db):
    players = [player(f"p{i}", "NED", f"0800000{i}") for i in range(1, 5)]
    data = small_archive(players)
    data["sessions"].append({"number": 2, "tables": []})
    tournament = import_archive(actor=None, data=data)
    problems = ema_problems(ema_results(tournament))
    assert [(p.code, p.message) for p in problems] == [
        ("session_not_seated", "Session 2 has no seating and no results.")
    ]


def test_duplicate_ema_numbers_are_an_error():
    rows = [
        EmaRow(1, 11, "Anna", "de Vries", "08010039", "NED", "active", 10_000, 1000),
        EmaRow(2, 12, "Anne", "de Vries", "08010039", "NED", "active", -10_000, 0),
    ]
    (problem,) = _duplicate_problems(rows, {11: 1, 12: 2})
    assert problem.level == ERROR and "Anna de Vries, Anne de Vries" in problem.message


@pytest.fixture
def incomplete(db):
    players = [player(f"p{i}", "NED", f"0800000{i}") for i in range(1, 5)]
    return import_archive(actor=None, data=small_archive(players, city=""))


def test_command_refuses_with_every_problem_listed(incomplete, tmp_path):
    stderr = StringIO()
    with pytest.raises(CommandError, match="not ready"):
        call_command("ema_export", "checks", "-o", str(tmp_path / "x.xlsx"), stderr=stderr)
    assert "error: The host city is not set." in stderr.getvalue()
    assert not (tmp_path / "x.xlsx").exists()


def test_command_force_writes_and_says_what_was_missing(incomplete, tmp_path):
    stderr, stdout = StringIO(), StringIO()
    target = tmp_path / "x.xlsx"
    call_command("ema_export", "checks", "-o", str(target), "--force", stderr=stderr, stdout=stdout)
    assert "error: The host city is not set." in stderr.getvalue()
    assert load_workbook(target).active.max_row == 5


def test_command_csv_from_the_file_name(incomplete, tmp_path):
    target = tmp_path / "x.csv"
    call_command("ema_export", "checks", "-o", str(target), "--force", stderr=StringIO(), stdout=StringIO())
    assert target.read_text(encoding="utf-8").startswith("Tournament name,Number of participants,Place,")


def test_command_unknown_tournament(db):
    with pytest.raises(CommandError, match="no tournament 'nope'"):
        call_command("ema_export", "nope")
