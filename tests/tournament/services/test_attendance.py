"""services.attendance (issue 20): marking a session's players present or absent, audited; refusals name what and
write nothing; a present mark after the clock started proposes the lateness (5.7) without applying it."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tournament.factories import make_event, numbered_people
from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.models import Attendance, Penalty
from tournament.selectors.attendance import ABSENT, PRESENT, WAITING, session_attendance
from tournament.services import attendance, clock, players

TABLES = [["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]]


@pytest.fixture
def event(db):
    """Eight players seated in sessions 1 and 2 (p08 not in session 2: p09 plays instead), and a reserve r01."""
    people = numbered_people(9)
    second = [["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p09"]]
    tournament = make_event("att", people, [TABLES, second])
    players.register_player(
        actor=None, tournament=tournament, key="r01", first_name="Rita", last_name="Reserve", status="reserve"
    )
    return tournament


def mark(event, key, present=True, number=1, **kwargs):
    return attendance.mark(
        actor=None, tournament=event, session_number=number, key=key, present=present, **kwargs
    )


def test_a_player_is_marked_present_then_absent_each_audited(event, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    attendance.mark(actor=olga, tournament=event, session_number=1, key="p01", present=True)
    audited(
        since, "attendance.present", summary="Session 1: First01 Last01 present", actor=olga, tournament=event
    )
    since = last_entry_id()
    mark(event, "p01", present=False)
    audited(
        since, "attendance.absent", summary="Session 1: First01 Last01 absent", actor=None, tournament=event
    )
    row = Attendance.objects.get(session__number=1, registration__key="p01")
    assert (row.present, row.marked_by, row.marked_by_label) == (False, None, "command line")
    since = last_entry_id()
    mark(event, "p01", present=False)  # a double tap changes nothing
    assert new_actions(since) == []


def test_a_reserve_may_check_in(event):
    mark(event, "r01")
    found = session_attendance(event.sessions.get(number=1))
    assert [(line.key, line.state) for line in found.reserves] == [("r01", PRESENT)]


@pytest.mark.parametrize(
    ("number", "key", "code", "words"),
    [
        (7, "p01", "unknown_session", ("Event att has no session 7.",)),
        (1, "nobody", "unknown_player", ("No player has the key nobody",)),
        (
            2,
            "p08",
            "not_in_session",
            ("First08 Last08 (p08) does not play in session 2 and is not a reserve.",),
        ),
    ],
)
def test_refusals_name_what_and_write_nothing(event, number, key, code, words):
    refused(lambda: mark(event, key, number=number), code, *words)


def test_many_marks_are_all_or_nothing(event):
    refused(
        lambda: attendance.mark_many(
            actor=None, tournament=event, session_number=1, present=["p01"], absent=["p02", "zz"]
        ),
        "unknown_player",
        "zz",
    )
    refused(
        lambda: attendance.mark_many(
            actor=None, tournament=event, session_number=1, present=["p01"], absent=["p01"]
        ),
        "present_and_absent",
        "p01",
    )


def test_the_selector_lists_tables_states_counts_and_who_has_not_checked_in(event):
    mark(event, "p01")
    mark(event, "p06", present=False)
    found = session_attendance(event.sessions.get(number=1))
    assert [
        (number, [(line.key, line.wind, line.state) for line in lines]) for number, lines in found.tables
    ][0] == (
        1,
        [("p01", "E", PRESENT), ("p02", "S", WAITING), ("p03", "W", WAITING), ("p04", "N", WAITING)],
    )
    assert found.counts == {PRESENT: 1, ABSENT: 1, WAITING: 6}
    assert [line.key for line in found.waiting] == ["p02", "p03", "p04", "p05", "p07", "p08"]


def test_a_late_present_mark_proposes_the_penalty_and_applies_nothing_5_7(event):
    session = event.sessions.get(number=1)
    # the clock started 4 min 10 s ago: a begun minute counts, so 5 minutes, 5 x 1,000 = 5,000 points (5.7)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=4, seconds=10))
    since = last_entry_id()
    mark(event, "p02")
    entry = audited(
        since,
        "attendance.present",
        summary="Session 1: First02 Last02 present, 5 minutes late: a lateness penalty of 5,000 proposed (5.7)",
        actor=None,
        tournament=event,
    )
    assert entry.data["late"] == 5
    assert not Penalty.objects.exists()
    found = session_attendance(session)
    assert [(line.key, line.late) for line in found.proposals] == [("p02", 5)]


def test_more_than_ten_minutes_late_proposes_a_substitute_5_7(event):
    session = event.sessions.get(number=1)
    # 10 min 1 s after the start is more than 10 minutes (5.7): a substitute, not a penalty
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=10, seconds=1))
    since = last_entry_id()
    mark(event, "p03")
    entry = audited(
        since,
        "attendance.present",
        summary="Session 1: First03 Last03 present, more than 10 minutes late: a substitute proposed (5.7)",
        actor=None,
        tournament=event,
    )
    assert entry.data["late"] == "substitute"
