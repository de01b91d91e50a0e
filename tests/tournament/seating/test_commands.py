"""The seating commands of cli.md: seating_plan (no database) and generate_seating."""

import csv
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.tournament.factories import make_event, numbered_people, played_event
from tournament.models import Registration, Seat
from tournament.selectors.seating_plan import stored_seating
from tournament.services import players


def run(*args) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_seating_plan_json_on_stdout_report_on_stderr():
    out, err = run("seating_plan", "--players", "16", "--sessions", "3", "--seed", "7")
    schedule = json.loads(out)
    assert len(schedule) == 3
    for session in schedule:
        assert len(session) == 4 and all(len(table) == 4 for table in session)
        assert sorted(p for table in session for p in table) == list(range(1, 17))  # numbered 1..N
    assert "16 players, 3 sessions, 4 tables" in err
    assert "excess meetings: 0 (lower bound 0)" in err
    assert "seat winds per player" in err and "\n  16 " in err
    header, first_player = err.split("seat winds per player")[1].splitlines()[1:3]
    assert header.rstrip().endswith("E  S  W  N")
    assert len(header.rstrip()) == len(first_player.rstrip())  # each count sits under its wind


def test_seating_plan_is_reproducible_and_csv_matches_json():
    first, _ = run("seating_plan", "--players", "16", "--sessions", "2", "--seed", "4")
    again, _ = run("seating_plan", "--players", "16", "--sessions", "2", "--seed", "4")
    as_csv, _ = run("seating_plan", "--players", "16", "--sessions", "2", "--seed", "4", "--format", "csv")
    assert first == again
    rows = list(csv.DictReader(StringIO(as_csv)))
    assert list(rows[0]) == ["session", "table", "wind", "player"]
    assert len(rows) == 2 * 16
    schedule = json.loads(first)
    for row in rows:
        table = schedule[int(row["session"]) - 1][int(row["table"]) - 1]
        assert table["ESWN".index(row["wind"])] == int(row["player"])


def test_seating_plan_refuses_a_count_that_is_not_a_multiple_of_four():
    with pytest.raises(
        CommandError, match="--players 18 --sessions 2: 18 players cannot be seated four to a table"
    ):
        run("seating_plan", "--players", "18", "--sessions", "2")


def test_generate_seating_seats_every_session_through_the_services(db):
    tournament = make_event("gen", numbered_people(16, clubs=4))
    out, _ = run("generate_seating", "gen", "--sessions", "3", "--seed", "2", "--avoid", "club")
    assert "seated sessions 1, 2, 3 (seed 2)" in out
    assert "meetings within the same club:" in out
    seating = stored_seating(tournament)
    assert sorted(seating) == [1, 2, 3]
    for tables in seating.values():
        assert len(tables) == 4 and sorted(r for t in tables for r in t) == sorted(
            tournament.registrations.values_list("pk", flat=True)
        )
    assert tournament.sessions.count() == 3
    assert not tournament.sessions.filter(seating_published=True).exists()  # publishing is a separate step


def test_generate_seating_keeps_the_sessions_with_results(db):
    demo = played_event("demo")
    before = stored_seating(demo)
    out, _ = run("generate_seating", "demo", "--sessions", "8", "--seed", "11", "--time-budget", "2")
    after = stored_seating(demo)
    assert all(after[n] == before[n] for n in range(1, 6))
    assert "seated sessions 6, 7, 8" in out
    assert "Kept sessions 1, 2, 3, 4, 5 as they are: they have results." in out


def test_generate_seating_refuses_when_every_session_has_results(db):
    demo = played_event("demo")
    before = list(Seat.objects.filter(session__tournament=demo).values_list("pk", flat=True))
    with pytest.raises(CommandError) as refused:
        run("generate_seating", "demo", "--sessions", "5")
    assert str(refused.value) == "demo: Sessions 1 to 5 all have results; there is no session left to seat."
    assert list(Seat.objects.filter(session__tournament=demo).values_list("pk", flat=True)) == before


def test_generate_seating_names_the_player_count_problem(db):
    tournament = make_event("odd", numbered_people(17))
    with pytest.raises(
        CommandError, match="17 players are active or disqualified.*register 3 more or make reserves active"
    ):
        run("generate_seating", "odd", "--sessions", "2")
    players.set_status(actor=None, registration=tournament.registrations.get(key="p17"), status="withdrawn")
    out, _ = run("generate_seating", "odd", "--sessions", "2")  # withdrawn players are not seated
    assert "16 players, 2 sessions" in out


def test_generate_seating_unknown_tournament(db):
    with pytest.raises(CommandError, match="no tournament 'nope'"):
        run("generate_seating", "nope", "--sessions", "2")


def test_generate_seating_keeps_teammates_apart(db):
    """Issue 28: two teammates met in session 1. With --avoid team (as the page's "Also keep apart" offers) four
    teams of four never share a table in four sessions of 16 players: it is possible, so it is what happens."""
    tournament = make_event("teams", numbered_people(16))
    for registration in tournament.registrations.all():  # p01..p16 in teams 1, 2, 3, 0 in turn
        Registration.objects.filter(pk=registration.pk).update(team=f"Team {int(registration.key[1:]) % 4}")
    out, _ = run("generate_seating", "teams", "--sessions", "4", "--seed", "3", "--avoid", "team")
    team = dict(tournament.registrations.values_list("pk", "team"))
    for number, tables in stored_seating(tournament).items():
        for table in tables:
            assert len({team[r] for r in table}) == 4, (number, [team[r] for r in table])
    assert "within the same team: 0" in out
