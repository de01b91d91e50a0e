"""services.sessions: the organiser's session table. Sessions are added or removed at the end (never one with
results or penalties), and each session's start and length (5.9) are set; each change audited."""

from datetime import UTC, datetime

import pytest

from tests.tournament.factories import played_event
from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.models import Seat, Table
from tournament.services import penalties, results
from tournament.services.results import SeatScore
from tournament.services.sessions import set_sessions

NINE = datetime(2026, 5, 9, 9, 0, tzinfo=UTC)
ELEVEN = datetime(2026, 5, 9, 11, 0, tzinfo=UTC)


@pytest.fixture
def event(db):
    """Eight players p01..p08, four seated sessions of 90 minutes; session 1 has its results."""
    return played_event("spring", n_players=8, n_sessions=4, played=1)


def sessions(event) -> list[tuple]:
    return list(event.sessions.values_list("number", "starts_at", "duration_minutes"))


def test_starts_and_lengths_are_stored_and_audited(event, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    set_sessions(
        actor=olga, tournament=event, count=4, times={1: (NINE, 90), 2: (ELEVEN, 100), 3: (None, 90)}
    )
    assert sessions(event) == [(1, NINE, 90), (2, ELEVEN, 100), (3, None, 90), (4, None, 90)]
    # session 3 was as given already: only 1 and 2 changed
    entry = audited(
        since,
        "session.times",
        summary="Start or length of sessions 1, 2 changed",
        actor=olga,
        tournament=event,
    )
    assert entry.data == {
        "sessions": [1, 2],
        "times": {"1": ["2026-05-09T09:00:00+00:00", 90], "2": ["2026-05-09T11:00:00+00:00", 100]},
    }


def test_nothing_changed_is_not_audited(event):
    since = last_entry_id()
    set_sessions(actor=None, tournament=event, count=4, times={2: (None, 90)})
    assert new_actions(since) == []


def test_more_sessions_are_added_at_the_end(event):
    since = last_entry_id()
    set_sessions(actor=None, tournament=event, count=6, times={6: (NINE, 60)})
    assert sessions(event)[4:] == [(5, None, 90), (6, NINE, 60)]
    assert new_actions(since) == ["session.create", "session.times"]
    audited(since, "session.create", summary="Created sessions 5, 6", actor=None, tournament=event)


def test_fewer_sessions_remove_the_last_ones_with_their_seating(event, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    set_sessions(actor=olga, tournament=event, count=2, times={})
    assert [number for number, *_ in sessions(event)] == [1, 2]
    assert not Table.objects.filter(session__tournament=event, session__number__gt=2).exists()
    assert Seat.objects.filter(session__tournament=event).count() == 16  # 2 sessions x 8 players
    entry = audited(since, "session.remove", summary="Removed sessions 3, 4", actor=olga, tournament=event)
    assert entry.data == {"sessions": [3, 4]}  # no snapshot: they are off in tests


def test_a_session_with_results_is_never_removed(event):
    table = event.sessions.get(number=4).tables.first()
    scores = [SeatScore(w, raw) for w, raw in zip("ESWN", (45_000, 35_000, 25_000, 15_000), strict=True)]
    results.enter_table_result(actor=None, table=table, scores=scores)
    refused(
        lambda: set_sessions(actor=None, tournament=event, count=2, times={}),
        "session_in_use",
        "Session 4 has results or penalties; it cannot be removed.",
    )


def test_a_session_with_a_penalty_is_never_removed(event):
    three = event.sessions.get(number=3)
    penalties.give_penalty(
        actor=None, registration=three.seats.first().registration, session=three, kind="chombo"
    )
    refused(
        lambda: set_sessions(actor=None, tournament=event, count=2, times={2: (NINE, 90)}),
        "session_in_use",
        "Session 3 has results or penalties; it cannot be removed.",
    )


def test_starts_out_of_order_are_refused_naming_both_sessions(event):
    refused(
        lambda: set_sessions(
            actor=None, tournament=event, count=4, times={1: (ELEVEN, 90), 2: (None, 90), 3: (NINE, 90)}
        ),
        "sessions_out_of_order",
        "Session 3 starts before session 1; check the start times.",
    )


@pytest.mark.parametrize("count", [0, 41])
def test_a_count_outside_1_to_40_is_refused(event, count):
    refused(
        lambda: set_sessions(actor=None, tournament=event, count=count, times={}),
        "bad_session_count",
        "between 1 and 40",
    )


def test_a_refused_length_changes_no_other_session(event):
    refused(
        lambda: set_sessions(actor=None, tournament=event, count=2, times={1: (NINE, 90), 2: (None, 0)}),
        "bad_session_length",
        "Session 2: the length must be between 1 and 600 minutes.",
    )
