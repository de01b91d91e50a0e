"""selectors.clock: the session clock computed from the stored events (EMA 2016 5.9), which session the hall's clock
shows, one table's clock; on the small event of conftest.py (session 1 played without a clock, session 2 seated).
Moments are fixed, so nothing depends on the time the test runs. More cases on the demo are in
tests/tournament/services/test_clock_service.py."""

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.clock import ENDED, LAST_HAND, OVERTIME, PLAYING, RUNNING, WAITING
from tournament.models import Session
from tournament.selectors.clock import (
    ENDED_SHOWN_FOR,
    clock_for_table,
    clock_history,
    clock_session,
    live_session,
    session_clock,
)
from tournament.services.clock import add_extra_time, end_clock, pause_clock, resume_clock, start_clock
from tournament.services.schedule import ensure_sessions

T0 = timezone.now().replace(microsecond=0) - timedelta(hours=3)


def at(minutes: float):
    return T0 + timedelta(minutes=minutes)


@pytest.fixture
def two(small):
    return Session.objects.select_related("tournament").get(pk=small.two.pk)


def test_a_paused_clock_with_hall_and_table_extra_time(two, django_assert_num_queries):
    """90 minutes (5.9), a pause from 30 to 35, 5 extra minutes for the hall at 40, 3 for table 2: the hall ends at
    90 + 5 + 5 = 100, its signal (15 minutes before the end) at 85; table 2 ends at 103."""
    start_clock(actor=None, session=two, at=at(0))
    pause_clock(actor=None, session=two, at=at(30))
    resume_clock(actor=None, session=two, at=at(35))
    add_extra_time(actor=None, session=two, minutes=5, at=at(40))
    add_extra_time(actor=None, session=two, minutes=3, table=2, at=at(41))
    with django_assert_num_queries(1):  # the events (the session's tournament is read with it)
        state = session_clock(two, now=at(50))
    assert (state.phase, state.stage, state.remaining, state.hall_extra_minutes) == (
        RUNNING,
        PLAYING,
        50 * 60,
        5,
    )
    assert session_clock(two, now=at(85)).stage == LAST_HAND
    assert session_clock(two, now=at(84.9)).stage == PLAYING
    assert session_clock(two, now=at(101)).stage == OVERTIME
    with django_assert_num_queries(1):
        table = clock_for_table(two, 2, now=at(90))
    assert (table.extra_minutes, table.remaining, table.stage, table.started) == (3, 13 * 60, LAST_HAND, True)
    other = clock_for_table(two, 1, now=at(90))
    assert (other.extra_minutes, other.remaining, other.table) == (0, 10 * 60, 1)
    assert [event.kind for event in clock_history(two)] == ["start", "pause", "resume", "extra", "extra"]


def test_a_clock_not_started_is_waiting(two):
    state = session_clock(two, now=at(0))
    assert (state.phase, state.stage, state.is_live) == (WAITING, WAITING, False)
    table = clock_for_table(two, 1, now=at(0))
    assert not table.started and table.extra_minutes == 0
    assert clock_history(two) == []


def test_the_live_session_and_the_one_the_hall_shows(small, two, django_assert_num_queries):
    """Session 1 has results: the hall shows session 2, the first without a started clock and without results;
    while it runs, it is live; ten minutes after its end the hall shows the next waiting session (3)."""
    tournament = small.tournament
    three = ensure_sessions(actor=None, tournament=tournament, count=3)[2]
    with django_assert_num_queries(1):
        assert live_session(tournament) is None
    with django_assert_num_queries(3):  # the live session, the last end, the first waiting
        assert clock_session(tournament, at(0)) == two
    start_clock(actor=None, session=two, at=at(0))
    with django_assert_num_queries(1):  # the live one
        assert clock_session(tournament, at(200)) == two
    assert live_session(tournament) == two
    end_clock(actor=None, session=two, at=at(95))
    assert live_session(tournament) is None
    assert session_clock(two, now=at(100)).phase == ENDED
    assert clock_session(tournament, at(95) + ENDED_SHOWN_FOR) == two
    assert clock_session(tournament, at(95) + ENDED_SHOWN_FOR + timedelta(seconds=1)) == three


def test_after_the_last_session_the_hall_shows_the_last_clock(small, two):
    start_clock(actor=None, session=two, at=at(0))
    end_clock(actor=None, session=two, at=at(90))
    assert clock_session(small.tournament, at(200)) == two  # nothing waits: the last session that had a clock


def test_a_tournament_without_sessions_has_no_clock(db):
    from tournament.services.tournaments import create_tournament

    bare = create_tournament(actor=None, slug="bare", name="Bare Open")
    assert live_session(bare) is None and clock_session(bare, at(0)) is None
