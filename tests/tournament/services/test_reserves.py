"""Reserves (issue 20, 5.8): a registration with status ``reserve`` is never seated (generator, a plan made before
the status changed, a seating file) and never ranked; the status comes from the player form, the player list's
``status`` column and the archive. Each refusal names what and where and writes nothing."""

import pytest

from tests.tournament.factories import make_event, numbered_people
from tests.tournament.services.expect import audited, last_entry_id, refused
from tournament import selectors
from tournament.models import Registration
from tournament.readers.player_list import PlayerFileError, read_player_file
from tournament.readers.seating_file import SeatingFileError, read_seating_file
from tournament.selectors.seating_plan import SeatingPlan, plan_generation, seated_players
from tournament.services import players
from tournament.services import seating as seating_service

EIGHT = numbered_people(8)
TABLES = [["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]]


@pytest.fixture
def event(db):
    """Eight players seated in session 1 (no results) and Rita Reserve, a reserve (key r01)."""
    tournament = make_event("res", EIGHT, [TABLES])
    players.register_player(
        actor=None, tournament=tournament, key="r01", first_name="Rita", last_name="Reserve", status="reserve"
    )
    return tournament


def reg(tournament, key: str) -> Registration:
    return tournament.registrations.select_related("player").get(key=key)


def test_a_reserve_is_never_seated_by_the_generator_and_never_ranked(event):
    assert "r01" not in [info.key for info in seated_players(event)]
    plan = plan_generation(event, n_sessions=2, seed=1, time_budget=2)
    seated = {r for tables in plan.seating.values() for table in tables for r in table}
    assert reg(event, "r01").pk not in seated
    standings = selectors.standings(event)
    assert reg(event, "r01").pk not in [row.player for row in standings.rows]
    assert len(standings.rows) == 8


def test_a_plan_that_seats_a_reserve_is_refused(event):
    # a plan made while Rita was active, saved after she became a reserve: refused, naming her and the session
    ids = {r.key: r.pk for r in event.registrations.all()}
    plan = SeatingPlan(
        {2: [[ids[k] for k in ("p01", "p02", "p03", "p04")], [ids[k] for k in ("p05", "p06", "p07", "r01")]]},
        source="generated",
    )
    refused(
        lambda: seating_service.apply_seating_plan(actor=None, tournament=event, plan=plan),
        "plan_outdated",
        "Session 2",
        "Rita Reserve",
    )


def test_a_seating_file_row_that_seats_a_reserve_is_refused_naming_row_and_player(event):
    content = (
        "session,table,player\n"
        + "".join(f"2,1,{key}\n" for key in ("p01", "p02", "p03", "p04"))
        + "".join(f"2,2,{key}\n" for key in ("p05", "p06", "p07", "r01"))
    ).encode()
    with pytest.raises(SeatingFileError) as caught:
        read_seating_file(event, "seating.csv", content)
    found = [(e.row, e.column, e.reason) for e in caught.value.errors]
    assert (9, "player", "Rita Reserve is a reserve; a reserve is not seated.") in found


def test_an_active_player_without_seats_becomes_a_reserve_and_back(db, make_user):
    tournament = make_event("res2", EIGHT)
    olga = make_user("olga")
    since = last_entry_id()
    players.set_status(actor=olga, registration=reg(tournament, "p08"), status="reserve")
    audited(
        since, "player.status", summary="First08 Last08: active -> reserve", actor=olga, tournament=tournament
    )
    players.set_status(actor=olga, registration=reg(tournament, "p08"), status="active")
    assert reg(tournament, "p08").status == "active"


def test_a_player_with_seats_cannot_become_a_reserve(event):
    # decision: a reserve has no seat; a seated player who stops is withdrawn (which offers the re-seat)
    refused(
        lambda: players.set_status(actor=None, registration=reg(event, "p05"), status="reserve"),
        "reserve_has_seats",
        "First05 Last05",
        "session 1",
    )


def test_the_player_list_reads_a_status_column_in_english_and_dutch(event):
    content = b"voornaam,achternaam,status\nAnna,Actief,actief\nRob,Reserve,reserve\nEve,English,Reserve\nZed,Empty,\n"
    rows = read_player_file(event, "players.csv", content)
    assert [(row.last_name, row.status) for row in rows] == [
        ("Actief", "active"),
        ("Reserve", "reserve"),
        ("English", "reserve"),
        ("Empty", "active"),
    ]
    registered = players.import_players(actor=None, tournament=event, players=rows, source="players.csv")
    assert [r.status for r in registered] == ["active", "reserve", "reserve", "active"]


def test_a_bad_status_in_the_player_list_is_refused_at_its_cell(event):
    content = b"first_name,last_name,status\nAnna,Good,active\nBob,Bad,withdrawn\n"
    with pytest.raises(PlayerFileError) as caught:
        read_player_file(event, "players.csv", content)
    assert [(e.row, e.column, e.reason) for e in caught.value.errors] == [
        (3, "status", "'withdrawn' is not a status of the list; use active or reserve")
    ]
