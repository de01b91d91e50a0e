"""services.attendance (issue 20): marking a session's players present or absent, audited; refusals name what and
write nothing; a present mark is attendance and proposes nothing (issue 28), an arrival after the clock started
proposes the lateness (5.7) without applying it, until dismissed or the table has its result."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tournament.factories import make_event, numbered_people
from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.models import Attendance, Penalty
from tournament.selectors.attendance import ABSENT, PRESENT, WAITING, session_attendance
from tournament.services import attendance, clock, players, results, substitutes
from tournament.services.results import SeatScore

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


def test_a_present_mark_after_the_start_is_attendance_and_proposes_nothing(event):
    """Issue 28: referees mark the players present in the first minutes after the clock started; no proposal."""
    session = event.sessions.get(number=1)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=2, seconds=10))
    since = last_entry_id()
    mark(event, "p02")
    entry = audited(
        since, "attendance.present", summary="Session 1: First02 Last02 present", actor=None, tournament=event
    )
    assert entry.data["late"] is None
    assert session_attendance(session).proposals == []


def arrive(event, key, number=1):
    return attendance.arrive(actor=None, tournament=event, session_number=number, key=key)


def test_an_arrival_after_the_start_proposes_the_penalty_and_applies_nothing_5_7(event):
    session = event.sessions.get(number=1)
    # the clock started 4 min 10 s ago: a begun minute counts, so 5 minutes, 5 x 1,000 = 5,000 points (5.7)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=4, seconds=10))
    mark(event, "p02", present=False)  # not at the table at the start
    since = last_entry_id()
    row = arrive(event, "p02")
    entry = audited(
        since,
        "attendance.arrived",
        summary="Session 1: First02 Last02 arrived, 5 minutes late: a lateness penalty of 5,000 proposed (5.7)",
        actor=None,
        tournament=event,
    )
    assert entry.data["late"] == 5 and row.present and row.arrived_at == row.marked_at
    assert not Penalty.objects.exists()
    assert [(line.key, line.late) for line in session_attendance(session).proposals] == [("p02", 5)]
    since = last_entry_id()
    arrive(event, "p02")  # a double tap: the first arrival counts
    assert new_actions(since) == []
    mark(event, "p02")  # present again changes nothing either
    assert [line.key for line in session_attendance(session).proposals] == ["p02"]


def test_a_player_not_checked_in_at_the_start_may_arrive_and_one_marked_present_may_not(event):
    session = event.sessions.get(number=1)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=1))
    arrive(event, "p03")  # never marked: missing at the start
    assert [(line.key, line.late) for line in session_attendance(session).proposals] == [("p03", 1)]
    mark(event, "p04")
    refused(
        lambda: arrive(event, "p04"), "arrival_already_present", "First04 Last04", "mark them absent first"
    )


def test_more_than_ten_minutes_late_proposes_a_substitute_5_7(event):
    session = event.sessions.get(number=1)
    # 10 min 1 s after the start is more than 10 minutes (5.7): a substitute, not a penalty
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=10, seconds=1))
    mark(event, "p03", present=False)
    since = last_entry_id()
    arrive(event, "p03")
    entry = audited(
        since,
        "attendance.arrived",
        summary="Session 1: First03 Last03 arrived, more than 10 minutes late: a substitute proposed (5.7)",
        actor=None,
        tournament=event,
    )
    assert entry.data["late"] == "substitute"


def test_an_arrival_before_the_start_is_a_present_mark(event):
    since = last_entry_id()
    row = arrive(event, "p01")
    assert new_actions(since) == ["attendance.present"] and row.present and row.arrived_at is None


def test_a_reserve_and_a_substituted_seat_never_arrive_late(event):
    session = event.sessions.get(number=1)
    substitutes.substitute(tournament=event, session_number=1, player_key="p05", guest="Gast", actor=None)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=3))
    refused(lambda: arrive(event, "r01"), "arrival_reserve", "Rita Reserve")
    refused(lambda: arrive(event, "p05"), "arrival_substituted", "First05 Last05")
    mark(event, "r01")
    lines = {line.key: line for line in session_attendance(session).reserves}
    assert lines["r01"].late is None and not lines["r01"].can_arrive
    assert session_attendance(session).proposals == []


def test_a_proposal_ends_with_the_tables_result(event):
    session = event.sessions.get(number=1)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=3))
    arrive(event, "p02")
    arrive(event, "p06")
    enter_result(session, 1)
    assert [line.key for line in session_attendance(session).proposals] == ["p06"]
    refused(lambda: arrive(event, "p01"), "arrival_table_done", "First01 Last01")


def enter_result(session, number):
    table = session.tables.get(number=number)
    seats = table.seats.order_by("order")
    scores = [
        SeatScore(seat.wind, raw) for seat, raw in zip(seats, (45_000, 35_000, 25_000, 15_000), strict=True)
    ]
    results.enter_table_result(actor=None, table=table, scores=scores)


def test_a_proposal_is_dismissed_with_a_reason_audited(event, make_user):
    session = event.sessions.get(number=1)
    olga = make_user("olga")
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=3))
    arrive(event, "p02")

    def dismiss(key, reason):
        return attendance.dismiss_lateness(
            actor=olga, tournament=event, session_number=1, key=key, reason=reason
        )

    refused(lambda: dismiss("p02", "  "), "lateness_dismissal_reason", "First02 Last02")
    refused(lambda: dismiss("p03", "seen at the table"), "lateness_no_proposal", "First03 Last03")
    since = last_entry_id()
    row = dismiss("p02", "seen at the table at the start")
    entry = audited(
        since,
        "attendance.lateness_dismissed",
        summary="Session 1: the lateness of First02 Last02 dismissed (seen at the table at the start)",
        actor=olga,
        tournament=event,
    )
    assert entry.data == {
        "session": 1,
        "key": "p02",
        "name": "First02 Last02",
        "late": 3,
        "reason": "seen at the table at the start",
    }
    assert (row.lateness_dismissed_by, row.lateness_dismissal) == (olga, "seen at the table at the start")
    assert session_attendance(session).proposals == []
    refused(lambda: dismiss("p02", "again"), "lateness_no_proposal", "First02 Last02")


def test_everyone_at_a_table_marks_those_not_checked_in_present_in_one_entry(event, make_user):
    session = event.sessions.get(number=1)
    olga = make_user("olga")
    substitutes.substitute(
        tournament=event, session_number=1, player_key="p05", reserve_key="r01", actor=None
    )
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=1))
    mark(event, "p06", present=False)
    since = last_entry_id()
    rows = attendance.mark_everyone(actor=olga, tournament=event, session_number=1, table=2)
    entry = audited(
        since,
        "attendance.everyone_table",
        summary="Session 1, table 2: everyone here (3 players marked present)",
        actor=olga,
        tournament=event,
    )
    # p05 was marked absent by the substitution, the reserve r01 plays the seat; p06 keeps the absent mark
    assert entry.data["keys"] == ["r01", "p07", "p08"] == [row.registration.key for row in rows]
    found = session_attendance(session)
    states = {line.key: line.state for _, lines in found.tables for line in lines}
    assert (states["p06"], states["p07"], states["p05"]) == (ABSENT, PRESENT, ABSENT)
    assert [line.state for line in found.reserves] == [PRESENT]
    assert found.proposals == []
    since = last_entry_id()
    assert attendance.mark_everyone(actor=olga, tournament=event, session_number=1, table=2) == []
    assert new_actions(since) == []  # nothing to mark writes nothing
    refused(
        lambda: attendance.mark_everyone(actor=olga, tournament=event, session_number=1, table=9),
        "attendance_no_table",
        "Session 1 has no table 9.",
    )
    attendance.mark_everyone(actor=olga, tournament=event, session_number=1)
    assert session_attendance(session).counts == {PRESENT: 6, ABSENT: 2, WAITING: 0}
    assert new_actions(since) == ["attendance.everyone"]


def test_everyone_here_counts_with_the_plural_form_of_the_language():
    """Issue 28's review: the log's "tout le monde est là (1 marqués présents)" (one message for every count);
    the sentence is a plural message, read in the reader's language from the entry's data."""
    from django.utils import translation

    from tournament.display.audit_words import sentence

    with translation.override("fr"):
        assert sentence("attendance.everyone", {"session": 1, "count": 1}).endswith(
            "tout le monde est là (1 joueur marqué présent)"
        )
        assert sentence("attendance.everyone_table", {"session": 1, "table": 2, "count": 3}).endswith(
            "tout le monde est là (3 joueurs marqués présents)"
        )
    one = sentence("attendance.everyone", {"session": 1, "count": 1})
    assert one == "Session 1: everyone here (1 player marked present)"
