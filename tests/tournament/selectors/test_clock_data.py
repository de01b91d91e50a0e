"""selectors.clock_data: the JSON clock.js reads and the time as text, on session 2 of the small event of conftest.py
(90 minutes, the signal 15 minutes before the end: 5.9). Pure over the clock's state: no query."""

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from tournament.models import Session
from tournament.selectors.clock import session_clock
from tournament.selectors.clock_data import POLL_SECONDS, clock_data, format_remaining, session_title
from tournament.services.clock import add_extra_time, end_clock, start_clock

NOW = timezone.now().replace(microsecond=0)


@pytest.fixture
def two(small):
    return Session.objects.select_related("tournament").get(pk=small.two.pk)


def test_a_running_clock_with_a_table_of_its_own(two, django_assert_num_queries):
    """Started 80 minutes ago, 2 extra minutes for table 1: the hall has 10 minutes left, past its signal (15);
    table 1 has 12."""
    start_clock(actor=None, session=two, at=NOW - timedelta(minutes=80))
    add_extra_time(actor=None, session=two, minutes=2, table=1, at=NOW - timedelta(minutes=70))
    state = session_clock(two, NOW)
    with django_assert_num_queries(0):
        data = clock_data(two, state, NOW)
    assert data == {
        "server_time": round(NOW.timestamp() * 1000),
        "poll_seconds": POLL_SECONDS,
        "session": 2,
        "title": "Session 2",
        "text": "10:00",
        "phase": "running",
        "stage": "last_hand",
        "remaining_ms": 600_000,
        "signal_ms": 15 * 60_000,
        "signal_reached": True,
        "length_minutes": 90,
        "hall_extra_minutes": 0,
        "tables": [{"table": 1, "extra_minutes": 2, "remaining_ms": 720_000, "signal_reached": True}],
    }


def test_a_clock_not_started_shows_the_sessions_length(two):
    two.duration_minutes = 75
    data = clock_data(two, session_clock(two, NOW), NOW)
    assert (data["phase"], data["stage"], data["text"], data["remaining_ms"], data["length_minutes"]) == (
        "waiting",
        "waiting",
        "75:00",
        75 * 60_000,
        75,
    )


def test_an_ended_clock_counts_its_overtime(two):
    """95 minutes ran: 5 over the 90."""
    start_clock(actor=None, session=two, at=NOW - timedelta(minutes=95))
    end_clock(actor=None, session=two, at=NOW)
    data = clock_data(two, session_clock(two, NOW + timedelta(minutes=3)), NOW)
    assert (data["phase"], data["stage"], data["text"], data["remaining_ms"]) == (
        "ended",
        "overtime",
        "+5:00",
        -300_000,
    )


def test_no_session_to_show():
    assert clock_data(None, None, NOW) == {
        "server_time": round(NOW.timestamp() * 1000),
        "poll_seconds": POLL_SECONDS,
        "session": None,
        "phase": "none",
        "stage": "none",
        "tables": [],
        "text": "",
    }
    assert session_title(None) == ""


def test_the_title_in_dutch(two):
    with translation.override("nl"):
        assert session_title(two) == "Sessie 2"


@pytest.mark.parametrize(
    ("seconds", "text"), [(3600.5, "60:01"), (59.01, "1:00"), (-0.5, "+0:00"), (-3600, "+60:00")]
)
def test_the_time_as_text(seconds, text):
    """A started second shows whole while counting down; overtime counts whole seconds up (as clock.js). More
    cases in tests/tournament/views/test_clock_pages.py."""
    assert format_remaining(seconds) == text
