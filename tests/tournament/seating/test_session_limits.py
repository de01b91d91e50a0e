"""Issue 13: a large session number created thousands of empty sessions (a seating file with session 5000, seating
session 3000 by the standings), ended in ``smallint out of range`` on PostgreSQL (40,000) or never returned (a
31-digit number). A plan seats existing sessions or adds the next ones without a gap, up to MAX_SESSIONS (40).

The event: 32 players p01..p32, 8 seated sessions, 1-5 with results.
"""

import time
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from scoring.seating import MAX_SESSIONS
from tournament.models import AuditEntry, Session
from tournament.readers.seating_file import SeatingFileError, read_seating_file
from tournament.selectors import seating_plan as plan
from tournament.selectors.seating_plan import (
    SeatingPlan,
    plan_by_standings,
    plan_generation,
    session_number_problem,
    stored_seating,
)
from tournament.services import DomainError
from tournament.services import seating as service

HUGE = 10**30  # 31 digits


@pytest.fixture
def event(played):
    return played  # tests/conftest.py: built once, each test rolled back


def moved(event, numbers) -> SeatingPlan:
    """Session 6's seating (every active player) as the plan of these session numbers."""
    tables = stored_seating(event)[6]
    return SeatingPlan(dict.fromkeys(numbers, tables), source="imported")


def unchanged(event):
    return (
        list(event.sessions.values_list("number", flat=True)),
        AuditEntry.objects.filter(tournament=event).count(),
        stored_seating(event),
    )


@pytest.mark.parametrize("number", [5000, 40_000, HUGE, MAX_SESSIONS + 1])
def test_a_plan_beyond_the_last_session_a_tournament_can_have_is_refused(event, number):
    before = unchanged(event)
    started = time.monotonic()
    with pytest.raises(DomainError) as refused:
        service.apply_seating_plan(actor=None, tournament=event, plan=moved(event, [number]))
    assert time.monotonic() - started < 1
    assert refused.value.code == "session_number"
    assert refused.value.message == f"Session {number}: a tournament has at most 40 sessions."
    assert unchanged(event) == before


def test_a_plan_may_not_leave_a_gap_after_the_last_session(event):
    before = unchanged(event)
    with pytest.raises(DomainError) as refused:
        service.apply_seating_plan(actor=None, tournament=event, plan=moved(event, [12]))
    assert refused.value.message == (
        "Session 12 cannot be added: this tournament has 8 sessions and session 9 would have no seating. "
        "Add sessions one after another."
    )
    with pytest.raises(DomainError, match="session 10 would have no seating"):
        service.apply_seating_plan(actor=None, tournament=event, plan=moved(event, [9, 11]))
    assert unchanged(event) == before


def test_the_next_sessions_may_be_added(event):
    assert service.apply_seating_plan(actor=None, tournament=event, plan=moved(event, [9, 10])) == [9, 10]
    assert list(event.sessions.values_list("number", flat=True)) == list(range(1, 11))
    assert stored_seating(event)[10] == stored_seating(event)[6]


def test_session_number_problem():
    existing = set(range(1, 9))
    assert session_number_problem(8, existing, {8}) is None
    assert session_number_problem(10, existing, {9, 10}) is None
    assert session_number_problem(40, set(range(1, 40)), {40}) is None
    assert "session 1 would have no seating" in session_number_problem(2, set(), {2})
    assert session_number_problem(0, existing, {0}) == "0 is not a session number (1 or more)."
    assert session_number_problem(41, existing, {41}) == "Session 41: a tournament has at most 40 sessions."


def test_a_seating_file_with_session_5000_creates_nothing(event):
    """The file's reader may refuse the row itself; the service refuses it in any case."""
    by_id = {r.pk: r.key for r in event.registrations.all()}
    rows = ["session,table,player"] + [
        f"5000,{t},{by_id[r]}" for t, table in enumerate(stored_seating(event)[6], start=1) for r in table
    ]
    before = unchanged(event)
    with pytest.raises((DomainError, SeatingFileError)) as refused:
        from_file = read_seating_file(event, "plan.csv", "\n".join(rows).encode())
        service.apply_seating_plan(actor=None, tournament=event, plan=from_file)
    errors = getattr(refused.value, "errors", [])
    assert "5000" in refused.value.message or any("5000" in error.reason for error in errors)
    assert unchanged(event) == before


@pytest.mark.parametrize("number", [3000, HUGE])
def test_seating_a_far_session_by_the_standings_is_refused_at_once(event, number):
    started = time.monotonic()
    with pytest.raises(DomainError) as refused:
        plan_by_standings(event, number=number)
    assert time.monotonic() - started < 1
    assert refused.value.message == f"Session {number}: a tournament has at most 40 sessions."
    with pytest.raises(DomainError, match="Session 11 cannot be added: this tournament has 8 sessions"):
        plan_by_standings(event, number=11)


def test_the_by_standings_page_with_session_3000_saves_nothing(event, client, make_user):
    client.force_login(make_user("org", tournament=event, role="organiser"))
    before = unchanged(event)
    base = "/t/event/organise/seating/"
    response = client.post(base + "sessions/3000/by-standings/")
    assert response.status_code == 302 and "proposal" not in response["Location"]
    client.post(base + "proposal/save/")
    assert unchanged(event) == before
    assert Session.objects.filter(tournament=event).count() == 8


@pytest.mark.parametrize("count", [MAX_SESSIONS + 1, 100_000, HUGE])
def test_generating_more_sessions_than_a_tournament_can_have_is_refused(event, count):
    started = time.monotonic()
    with pytest.raises(DomainError) as refused:
        plan_generation(event, n_sessions=count, time_budget=2)
    assert time.monotonic() - started < 1
    assert refused.value.code == "too_many_sessions"
    assert (
        refused.value.message == f"{count:,} sessions is more than a tournament can have: at most 40."
    )  # grouped


def run(*args):
    out, err = StringIO(), StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ["--players", "100000", "--sessions", "12", "--time-budget", "5"],
            "--players 100000 --sessions 12: 100000 players is more than any event has: "
            "the generator seats at most 2000",
        ),
        (
            ["--players", "16", "--sessions", "100000", "--time-budget", "2"],
            "--players 16 --sessions 100000: 100000 sessions is more than any event has: "
            "the generator plans at most 40",
        ),
        (
            ["--players", "16", "--sessions", "2", "--time-budget", "nan"],
            "--players 16 --sessions 2: the time budget must be a number of seconds above 0, not nan",
        ),
    ],
)
def test_seating_plan_refuses_sizes_no_event_has_in_one_line(arguments, message):
    started = time.monotonic()
    with pytest.raises(CommandError) as refused:
        run("seating_plan", *arguments)
    assert time.monotonic() - started < 1
    assert str(refused.value) == message


def test_generate_seating_refuses_100000_sessions_in_one_line(event):
    before = unchanged(event)
    started = time.monotonic()
    with pytest.raises(CommandError) as refused:
        run("generate_seating", "event", "--sessions", "100000", "--time-budget", "2")
    assert time.monotonic() - started < 1
    assert str(refused.value) == "event: 100,000 sessions is more than a tournament can have: at most 40."
    with pytest.raises(CommandError, match="^event: The time budget must be a number of seconds above 0"):
        run("generate_seating", "event", "--sessions", "8", "--time-budget", "0")
    assert unchanged(event) == before


def test_more_players_than_the_generator_seats_is_refused(event, monkeypatch):
    monkeypatch.setattr(plan, "MAX_SEATED_PLAYERS", 31)
    with pytest.raises(DomainError) as refused:
        plan_generation(event, n_sessions=8)
    assert refused.value.code == "too_many_players"
    assert refused.value.message == (
        "32 players are active or disqualified; the seating generator seats at most 31."
    )
    with pytest.raises(DomainError, match="seats at most 31"):
        plan_by_standings(event, number=6)


def test_the_refusals_in_dutch(event):
    with translation.override("nl"), pytest.raises(DomainError) as refused:
        plan_by_standings(event, number=3000)
    assert refused.value.message == "Sessie 3000: een toernooi heeft hoogstens 40 sessies."
    with translation.override("nl"), pytest.raises(DomainError) as refused:
        service.apply_seating_plan(actor=None, tournament=event, plan=moved(event, [12]))
    assert refused.value.message.startswith(
        "Sessie 12 kan niet worden toegevoegd: dit toernooi heeft 8 sessies"
    )
