"""Issue 13: the generator refuses sizes no event has and keeps to its time budget (``seating_plan --players
100000 --time-budget 5`` still ran after 120 s). Timings are generous bounds for a shared, busy machine; before
the fix the timed case took 15 s (number_tables and the group relabelling grew with players squared)."""

import math
import random
import time

import pytest

from scoring.seating import MAX_SEATED_PLAYERS, MAX_SESSIONS, ScheduleError, generate_schedule, swiss_session
from scoring.seating.continuation import continue_schedule
from scoring.seating.tables import number_tables

HUGE = 10**30


@pytest.mark.parametrize(
    ("players", "sessions", "code"),
    [
        (MAX_SEATED_PLAYERS + 4, 8, "too_many_players"),
        (100_000, 12, "too_many_players"),
        (32, MAX_SESSIONS + 1, "too_many_sessions"),
        (32, 100_000, "too_many_sessions"),
        (32, HUGE, "too_many_sessions"),
    ],
)
def test_sizes_no_event_has_are_refused_at_once(players, sessions, code):
    started = time.monotonic()
    with pytest.raises(ScheduleError) as refused:
        generate_schedule(players, sessions, time_budget=2)
    with pytest.raises(ScheduleError):
        continue_schedule(players, sessions, {}, time_budget=2)
    assert time.monotonic() - started < 1
    assert refused.value.code == code


def test_the_largest_sizes_are_allowed():
    assert MAX_SEATED_PLAYERS == 2000 and MAX_SESSIONS == 40
    assert len(generate_schedule(16, MAX_SESSIONS, time_budget=5)) == MAX_SESSIONS


def test_swiss_refuses_more_players_than_any_event():
    with pytest.raises(ScheduleError) as refused:
        swiss_session(list(range(MAX_SEATED_PLAYERS + 4)), ())
    assert refused.value.code == "too_many_players"


@pytest.mark.parametrize("budget", [0, -1, math.nan, math.inf])
def test_a_time_budget_must_be_a_positive_number_of_seconds(budget):
    with pytest.raises(ScheduleError) as refused:
        generate_schedule(16, 2, time_budget=budget)
    assert refused.value.code == "time_budget"


def test_a_large_event_keeps_to_a_short_time_budget():
    """1,000 players, 40 sessions, kept apart by club: 0.5 s of search plus the fixed finishing steps."""
    started = time.monotonic()
    schedule = generate_schedule(1000, 40, groups=[p % 37 for p in range(1000)], time_budget=0.5)
    assert time.monotonic() - started < 6
    assert len(schedule) == 40 and len(schedule[0]) == 250


def test_table_numbers_stop_at_the_deadline():
    """Past the deadline the sessions keep the order they came in (the result then depends on the clock)."""
    rng = random.Random(1)
    sessions = []
    for _ in range(6):
        players = list(range(64))
        rng.shuffle(players)
        sessions.append([players[i : i + 4] for i in range(0, 64, 4)])
    late = number_tables(sessions, 64, random.Random(2), deadline=time.monotonic() - 1)
    assert late == [list(session) for session in sessions]
    assert number_tables(sessions, 64, random.Random(2)) != late
