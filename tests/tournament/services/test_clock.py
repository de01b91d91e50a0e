"""The clock service and its reads (EMA 2016 5.9): events are stored once, audited, checked by replaying them, and the
clock is computed from them at a given moment. Moments are fixed (``at``/``now``), so nothing depends on the time
the test runs."""

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.clock import ENDED, LAST_HAND, OVERTIME, PAUSED, PLAYING, RUNNING, WAITING
from tests.tournament.services.expect import audited, last_entry_id, refused
from tournament.models import AuditEntry, ClockEvent
from tournament.selectors.clock import clock_for_table, clock_session, live_session, session_clock
from tournament.services import DomainError
from tournament.services.clock import add_extra_time, end_clock, pause_clock, resume_clock, start_clock

T0 = timezone.now().replace(microsecond=0) - timedelta(hours=3)


def at(minutes: float) -> timezone.datetime:
    return T0 + timedelta(minutes=minutes)


@pytest.fixture
def session(demo):
    return demo.sessions.get(number=6)  # seated, no results


def test_start_pause_resume_end_are_stored_and_audited(session, make_user):
    organiser = make_user("clockwork")
    start_clock(actor=organiser, session=session, at=at(0))
    pause_clock(actor=organiser, session=session, at=at(30))
    resume_clock(actor=organiser, session=session, at=at(35))
    end_clock(actor=organiser, session=session, at=at(100))
    kinds = list(session.clock_events.values_list("kind", "minutes", "by_label"))
    assert kinds == [
        ("start", 90, "clockwork"),
        ("pause", None, "clockwork"),
        ("resume", None, "clockwork"),
        ("end", None, "clockwork"),
    ]
    summaries = list(
        AuditEntry.objects.filter(action__startswith="clock.")
        .order_by("id")
        .values_list("summary", flat=True)
    )
    assert summaries == [
        "Session 6: clock started (90 minutes)",
        "Session 6: clock paused",
        "Session 6: clock resumed",
        "Session 6: clock ended",
    ]
    # 30 minutes, a 5-minute pause, then 65 more: 95 minutes ran, 5 over the 90
    state = session_clock(session, now=at(200))
    assert state.phase == ENDED and state.overtime == 5 * 60


def test_the_clock_at_a_moment(session):
    start_clock(actor=None, session=session, at=at(0))
    add_extra_time(actor=None, session=session, minutes=4, table=3, at=at(20))
    assert session_clock(session, now=at(74)).stage == PLAYING  # 16 minutes left
    assert session_clock(session, now=at(75)).stage == LAST_HAND  # 15 left: the signal (5.9)
    assert session_clock(session, now=at(91)).stage == OVERTIME
    table = clock_for_table(session, 3, now=at(88))
    assert table.extra_minutes == 4 and table.remaining == 6 * 60 and table.stage == LAST_HAND
    other = clock_for_table(session, 4, now=at(88))
    assert other.extra_minutes == 0 and other.remaining == 2 * 60


def test_the_signal_time_is_the_tournaments(session):
    session.tournament.signal_minutes = 10
    session.tournament.save()
    start_clock(actor=None, session=session, at=at(0))
    assert session_clock(session, now=at(79)).stage == PLAYING
    assert session_clock(session, now=at(80)).stage == LAST_HAND


def test_the_length_given_at_the_start_is_kept(session):
    start_clock(actor=None, session=session, minutes=60, at=at(0))
    session.duration_minutes = 120
    session.save()
    assert session_clock(session, now=at(10)).remaining == 50 * 60


def _refused(call, code):
    events, entries = ClockEvent.objects.count(), AuditEntry.objects.count()
    with pytest.raises(DomainError) as refused:
        call()
    assert refused.value.code == code
    assert (ClockEvent.objects.count(), AuditEntry.objects.count()) == (events, entries)
    return refused.value.message


def test_impossible_changes_are_refused_and_change_nothing(session):
    message = _refused(lambda: pause_clock(actor=None, session=session), "clock_waiting")
    assert message == "Session 6: the clock has not been started yet."
    start_clock(actor=None, session=session, at=at(0))
    assert "already running" in _refused(lambda: start_clock(actor=None, session=session), "clock_running")
    message = _refused(lambda: resume_clock(actor=None, session=session), "clock_running")
    assert message == "Session 6: the clock is already running."
    message = _refused(
        lambda: add_extra_time(actor=None, session=session, minutes=2, table=99), "clock_no_table"
    )
    assert message == "Session 6 has no table 99."
    message = _refused(
        lambda: add_extra_time(actor=None, session=session, minutes=-3, table=2),
        "clock_table_extra_below_zero",
    )
    assert message == "Session 6: table 2 has only 0 extra minutes to take back."
    _refused(lambda: add_extra_time(actor=None, session=session, minutes=0), "clock_extra_minutes")
    _refused(lambda: pause_clock(actor=None, session=session, at=at(-1)), "clock_order")
    end_clock(actor=None, session=session, at=at(95))
    assert "cannot change" in _refused(
        lambda: add_extra_time(actor=None, session=session, minutes=1), "clock_ended"
    )


@pytest.mark.parametrize("minutes", [0, 601])
def test_a_session_length_out_of_range_is_refused(session, minutes):
    assert "1 to 600 minutes" in _refused(
        lambda: start_clock(actor=None, session=session, minutes=minutes), "clock_length"
    )


def test_one_session_runs_at_a_time(demo, session):
    start_clock(actor=None, session=session, at=at(0))
    seven = demo.sessions.get(number=7)
    message = _refused(lambda: start_clock(actor=None, session=seven), "clock_other_session")
    assert message == "Session 6's clock is still running: end it before starting session 7."
    end_clock(actor=None, session=session, at=at(90))
    start_clock(actor=None, session=seven, at=at(100))
    assert live_session(demo) == seven


def test_a_clock_event_is_never_changed(session):
    event = start_clock(actor=None, session=session, at=at(0))
    event.minutes = 10
    with pytest.raises(ValueError, match="never changed"):
        event.save()


def test_an_event_without_a_moment_is_never_before_the_last_one(session):
    """Two server processes: one wrote an event a moment "later" than the other's now; the next one follows it."""
    future = timezone.now() + timedelta(seconds=30)
    start_clock(actor=None, session=session, at=future)
    pause = pause_clock(actor=None, session=session)
    assert pause.at == future


def test_which_session_the_hall_clock_shows(demo, session):
    now = timezone.now()
    assert clock_session(demo, now) == session  # sessions 1-5 have results: the first without is 6
    start_clock(actor=None, session=session, at=now - timedelta(minutes=80))
    pause_clock(actor=None, session=session, at=now - timedelta(minutes=40))
    assert clock_session(demo, now) == session and session_clock(session, now).phase == PAUSED
    resume_clock(actor=None, session=session, at=now - timedelta(minutes=39))
    end_clock(actor=None, session=session, at=now - timedelta(minutes=5))
    assert clock_session(demo, now) == session  # ended five minutes ago: still shown
    assert clock_session(demo, now + timedelta(minutes=6)).number == 7  # then the next one
    assert session_clock(demo.sessions.get(number=7), now).phase == WAITING


def test_a_session_clock_running(session):
    start_clock(actor=None, session=session)
    assert session_clock(session).phase == RUNNING


# --- each change: its event, its audit entry (who, which tournament), its refusals -----------------------------------


def test_an_event_names_who_pressed_and_its_entry_the_tournament(demo, session, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    event = start_clock(actor=olga, session=session, minutes=80, at=at(0))
    saved = ClockEvent.objects.get(pk=event.pk)
    assert (saved.kind, saved.minutes, saved.table_number, saved.at, saved.by, saved.by_label) == (
        "start",
        80,
        None,
        at(0),
        olga,
        "olga",
    )
    entry = audited(
        since, "clock.start", summary="Session 6: clock started (80 minutes)", actor=olga, tournament=demo
    )
    assert entry.data == {
        "session": 6,
        "kind": "start",
        "minutes": 80,
        "table": None,
        "at": at(0).isoformat(),
    }


def test_extra_minutes_for_the_hall_and_for_a_table_are_audited(demo, session):
    start_clock(actor=None, session=session, at=at(0))
    since = last_entry_id()
    add_extra_time(actor=None, session=session, minutes=5, at=at(10))
    add_extra_time(actor=None, session=session, minutes=4, table=3, at=at(20))
    add_extra_time(actor=None, session=session, minutes=-2, at=at(30))  # two of the hall's five taken back
    entries = AuditEntry.objects.filter(pk__gt=since).order_by("id")
    assert [(e.action, e.summary, e.actor, e.tournament) for e in entries] == [
        ("clock.extra", "Session 6: +5 minutes for the hall", None, demo),
        ("clock.extra", "Session 6: +4 minutes for table 3", None, demo),
        ("clock.extra", "Session 6: -2 minutes for the hall", None, demo),
    ]
    assert entries[1].data["table"] == 3 and entries[1].data["minutes"] == 4
    assert list(session.clock_events.filter(kind="extra").values_list("minutes", "table_number")) == [
        (5, None),
        (4, 3),
        (-2, None),
    ]


def test_a_paused_clock_is_not_started_again(session):
    start_clock(actor=None, session=session, at=at(0))
    pause_clock(actor=None, session=session, at=at(10))
    refused(
        lambda: start_clock(actor=None, session=session, at=at(11)),
        "clock_paused",
        "Session 6: the clock is paused; resume it first.",
    )


def test_more_extra_time_than_120_minutes_at_once_is_refused(session):
    start_clock(actor=None, session=session, at=at(0))
    refused(
        lambda: add_extra_time(actor=None, session=session, minutes=121, at=at(1)),
        "clock_extra_minutes",
        "Session 6: extra time is 1 to 120 minutes (a minus sign takes minutes back).",
    )


def test_taking_back_more_than_the_hall_was_given_is_refused(session):
    start_clock(actor=None, session=session, at=at(0))
    add_extra_time(actor=None, session=session, minutes=3, at=at(1))
    refused(
        lambda: add_extra_time(actor=None, session=session, minutes=-4, at=at(2)),
        "clock_extra_below_zero",
        "Session 6: the hall has only 3 extra minutes to take back.",
    )


def test_an_event_before_the_last_one_and_after_the_end_are_refused_in_full(session):
    start_clock(actor=None, session=session, at=at(10))
    refused(
        lambda: pause_clock(actor=None, session=session, at=at(9)),
        "clock_order",
        "Session 6: a clock event cannot come before the last one.",
    )
    end_clock(actor=None, session=session, at=at(100))
    refused(
        lambda: resume_clock(actor=None, session=session, at=at(101)),
        "clock_ended",
        "Session 6: the clock has ended; it cannot change any more.",
    )


def test_the_clock_ends_itself_when_every_table_of_the_session_has_a_result(session, make_user, client):
    """Issue 28: the hall display said "Session 1 ... playing" after every table had its result. The entry of the
    session's last result ends its clock, audited as done by whoever entered it; the hall's clock agrees."""
    import random

    from tournament.services.demo import table_scores
    from tournament.services.results import SeatScore, enter_table_result

    rita = make_user("rita")
    start_clock(actor=None, session=session, at=at(0))
    tables = list(session.tables.order_by("number"))
    rng = random.Random(1)
    for table in tables[:-1]:
        raws = table_scores(rng)
        enter_table_result(
            actor=rita, table=table, scores=[SeatScore(w, r) for w, r in zip("ESWN", raws, strict=True)]
        )
    assert live_session(session.tournament) == session  # a table is missing: still playing
    since = last_entry_id()
    raws = table_scores(rng)
    enter_table_result(
        actor=rita, table=tables[-1], scores=[SeatScore(w, r) for w, r in zip("ESWN", raws, strict=True)]
    )
    assert live_session(session.tournament) is None
    assert session_clock(session).phase == ENDED
    audited(
        since,
        "clock.end",
        summary="Session 6: clock ended (every table has a result)",
        actor=rita,
        tournament=session.tournament,
    )
    assert ClockEvent.objects.get(session=session, kind="end").by_label == "rita"
    assert "The session has ended" in client.get("/t/demo/clock/").content.decode()
    # a correction afterwards changes nothing on the clock
    enter_table_result(
        actor=rita, table=tables[0], scores=[SeatScore(w, r) for w, r in zip("ESWN", raws, strict=True)]
    )
    assert ClockEvent.objects.filter(session=session, kind="end").count() == 1
