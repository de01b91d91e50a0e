"""The session clock (EMA 2016 5.9): a 90-minute session, the signal 15 minutes before the end, the last hand after
it, no signal at zero and overtime counted after it. Every "now" is a fixed moment (a frozen clock): the figures
are worked out by hand from the start time, the pauses and the extra minutes."""

from datetime import UTC, datetime, timedelta

import pytest

from scoring.clock import (
    END,
    ENDED,
    EXTRA,
    LAST_HAND,
    OVERTIME,
    PAUSE,
    PAUSED,
    PLAYING,
    RESUME,
    RUNNING,
    START,
    WAITING,
    ClockEvent,
    clock_state,
    ends_at,
)
from scoring.errors import ScoringError

T0 = datetime(2026, 5, 9, 10, 0, tzinfo=UTC)


def at(minutes: float = 0, seconds: float = 0) -> datetime:
    return T0 + timedelta(minutes=minutes, seconds=seconds)


def start(minutes=90, when=0):
    return ClockEvent(START, at(when), minutes)


def test_a_clock_never_started_waits():
    state = clock_state([], at(5))
    assert state.phase == WAITING and state.stage == WAITING
    assert not state.is_live and state.started_at is None


def test_running_clock_counts_down_from_the_session_length():
    state = clock_state([start()], at(10, 30))
    assert state.phase == RUNNING and state.stage == PLAYING
    assert state.elapsed == 630
    assert state.remaining == 90 * 60 - 630  # 79:30 left
    assert ends_at(state, at(10, 30)) == at(90)


def test_pause_stops_the_clock_and_resume_goes_on_where_it_stopped():
    events = [start(), ClockEvent(PAUSE, at(20)), ClockEvent(RESUME, at(27))]
    paused = clock_state(events[:2], at(25))
    assert paused.phase == PAUSED
    assert paused.remaining == 70 * 60  # 20 minutes ran, the 5 minutes paused do not count
    assert ends_at(paused, at(25)) is None
    resumed = clock_state(events, at(30))
    # 20 minutes before the pause, 3 after it: 23 minutes ran, 67 left; the end moved 7 minutes, to 11:37
    assert resumed.remaining == 67 * 60
    assert ends_at(resumed, at(30)) == at(97)


def test_the_signal_is_reached_15_minutes_before_the_end():
    events = [start()]
    assert clock_state(events, at(74, 59)).stage == PLAYING  # 15:01 left
    at_signal = clock_state(events, at(75))
    assert at_signal.remaining == 15 * 60 and at_signal.signal_reached
    assert at_signal.stage == LAST_HAND


def test_the_signal_time_comes_from_the_tournament():
    events = [start()]
    assert clock_state(events, at(75), signal_minutes=10).stage == PLAYING
    assert clock_state(events, at(80), signal_minutes=10).stage == LAST_HAND


def test_overtime_is_counted_after_zero_without_a_second_signal():
    state = clock_state([start()], at(93, 15))
    assert state.stage == OVERTIME
    assert state.remaining == -195 and state.overtime == 195  # +3:15
    assert state.signal_reached


def test_end_freezes_the_clock():
    events = [start(), ClockEvent(END, at(95))]
    state = clock_state(events, at(120))
    assert state.phase == ENDED and not state.is_live
    assert state.overtime == 5 * 60 and state.ended_at == at(95)


def test_extra_minutes_for_the_hall_move_the_end_and_the_signal():
    events = [start(), ClockEvent(EXTRA, at(30), 5)]
    state = clock_state(events, at(76))
    # 95 minutes in all: at 76 minutes 19 minutes are left, the signal comes at 80 minutes
    assert state.hall_extra_minutes == 5 and state.remaining == 19 * 60
    assert state.stage == PLAYING
    assert clock_state(events, at(80)).stage == LAST_HAND
    assert ends_at(state, at(76)) == at(95)


def test_extra_minutes_after_the_signal_do_not_take_the_signal_back():
    events = [start(), ClockEvent(EXTRA, at(80), 10)]  # the signal sounded at 75
    state = clock_state(events, at(81))
    assert state.remaining == 19 * 60
    assert state.signal_reached and state.stage == LAST_HAND


def test_a_table_with_extra_time_has_its_own_remaining_time_and_signal():
    events = [start(), ClockEvent(EXTRA, at(40), 4, table=7), ClockEvent(EXTRA, at(50), 2, table=7)]
    state = clock_state(events, at(76))
    assert state.stage == LAST_HAND  # the hall: 14 minutes left
    [table] = state.tables
    assert table.table == 7 and table.extra_minutes == 6
    assert table.remaining == 20 * 60 and table.stage == PLAYING
    assert state.table(7) == table and state.table(8) is None
    later = clock_state(events, at(81))  # the hall at 9 left, table 7 at 15 left
    assert later.table(7).stage == LAST_HAND
    overtime = clock_state(events, at(93))  # the hall 3 minutes over, table 7 still 3 minutes to go
    assert overtime.stage == OVERTIME and overtime.table(7).remaining == 3 * 60


def test_extra_time_given_to_a_table_after_the_signal_gives_it_its_own_signal_later():
    events = [start(), ClockEvent(EXTRA, at(78), 5, table=3)]  # the hall at 12 left; table 3 at 17 left
    state = clock_state(events, at(79))
    assert state.table(3).remaining == 16 * 60 and state.table(3).stage == PLAYING
    assert clock_state(events, at(80)).table(3).stage == LAST_HAND


def test_minutes_taken_back_from_a_table_and_the_hall():
    events = [
        start(),
        ClockEvent(EXTRA, at(10), 10, table=2),
        ClockEvent(EXTRA, at(11), -10, table=2),
        ClockEvent(EXTRA, at(12), 3),
        ClockEvent(EXTRA, at(13), -1),
    ]
    state = clock_state(events, at(20))
    assert state.tables == ()  # no extra time left for table 2
    assert state.remaining == (92 - 20) * 60


def test_a_signal_passed_between_two_events_is_remembered():
    # 14 minutes left at 76; 10 minutes given back at 77 put the hall at 23 left: the signal had sounded
    events = [start(), ClockEvent(EXTRA, at(77), 10)]
    assert clock_state(events, at(78)).signal_reached


def test_pauses_count_in_the_signal_moment():
    events = [start(), ClockEvent(PAUSE, at(70)), ClockEvent(RESUME, at(80))]
    assert clock_state(events, at(84, 59)).stage == PLAYING  # 74:59 ran
    assert clock_state(events, at(85)).stage == LAST_HAND


@pytest.mark.parametrize(
    ("events", "code"),
    [
        ([ClockEvent(PAUSE, at(1))], "clock_waiting"),
        ([ClockEvent(EXTRA, at(1), 5)], "clock_waiting"),
        ([start(), start(when=1)], "clock_running"),
        ([start(), ClockEvent(RESUME, at(1))], "clock_running"),
        ([start(), ClockEvent(PAUSE, at(1)), ClockEvent(PAUSE, at(2))], "clock_paused"),
        ([start(), ClockEvent(END, at(1)), ClockEvent(EXTRA, at(2), 1)], "clock_ended"),
        ([start(), ClockEvent(EXTRA, at(1), 0)], "clock_extra_minutes"),
        ([start(), ClockEvent(EXTRA, at(1), 121)], "clock_extra_minutes"),
        ([start(), ClockEvent(EXTRA, at(1), -1)], "clock_extra_below_zero"),
        (
            [start(), ClockEvent(EXTRA, at(1), 2, table=4), ClockEvent(EXTRA, at(2), -3, table=4)],
            "clock_table_extra_below_zero",
        ),
        ([start(minutes=0)], "clock_length"),
        ([start(when=5), ClockEvent(PAUSE, at(4))], "clock_order"),
        ([ClockEvent("stop", at(1))], "clock_kind"),
    ],
)
def test_impossible_sequences_are_refused(events, code):
    with pytest.raises(ScoringError) as refused:
        clock_state(events, at(10))
    assert refused.value.code == code


def test_a_state_asked_before_the_last_event_is_the_state_at_that_event():
    """A device whose clock runs behind asks with an earlier "now": it never counts time backwards."""
    state = clock_state([start(when=10)], at(5))
    assert state.remaining == 90 * 60


def test_at_zero_the_hall_is_in_overtime_and_half_a_second_before_it_plays_its_last_hand():
    """5.9: the session's 90 minutes are up at 11:30:00 (remaining 0: overtime, counted from there); at 11:29:59.5
    half a second is left and the hall still plays its last hand (the signal sounded at 11:15)."""
    assert clock_state([start()], at(90)).stage == OVERTIME
    assert clock_state([start()], at(90)).overtime == 0
    assert clock_state([start()], at(89, 59.5)).stage == LAST_HAND


def test_the_state_names_the_length_the_signal_and_the_start():
    """5.9: a 90-minute session started at 10:00 with its signal 15 minutes before the end; 5 extra minutes for the
    hall, paused at 10:20 and ended at 10:40 (35 minutes ran: 20 before the pause, 15 after the resume at 10:25)."""
    events = [
        start(),
        ClockEvent(EXTRA, at(1), 5),
        ClockEvent(PAUSE, at(20)),
        ClockEvent(RESUME, at(25)),
        ClockEvent(END, at(40)),
    ]
    state = clock_state(events, at(50), signal_minutes=10)
    assert (state.length_minutes, state.hall_extra_minutes, state.signal_minutes) == (90, 5, 10)
    assert (state.started_at, state.ended_at) == (at(0), at(40))
    assert (state.elapsed, state.remaining) == (35 * 60, 60 * 60)
    assert state.phase == ENDED and not state.signal_reached


def test_extra_time_up_to_120_minutes_while_running_or_paused_and_all_of_it_back():
    """Extra time is 1 to 120 minutes (or as many back), for the hall or a table, running or paused; taking back
    exactly what was given leaves 0."""
    events = [
        start(),
        ClockEvent(EXTRA, at(1), 120),
        ClockEvent(PAUSE, at(2)),
        ClockEvent(EXTRA, at(3), -120),
        ClockEvent(EXTRA, at(4), 3, 7),
        ClockEvent(EXTRA, at(5), -3, 7),
        ClockEvent(RESUME, at(6)),
    ]
    state = clock_state(events, at(10))
    assert state.hall_extra_minutes == 0 and state.tables == ()
    assert state.remaining == (90 - 6) * 60  # 2 minutes ran before the pause, 4 after it


def test_a_one_minute_session_and_two_events_at_the_same_moment():
    """The shortest session is one minute; two events may share a moment (start and extra time at 10:00)."""
    state = clock_state([start(minutes=1), ClockEvent(EXTRA, at(0), 2)], at(0, 30))
    assert (state.length_minutes, state.hall_extra_minutes, state.remaining) == (1, 2, 150)


def test_a_clock_never_started_has_its_settings_and_nothing_else():
    state = clock_state([], at(5))
    assert (state.length_minutes, state.signal_minutes, state.elapsed) == (0, 15, 0)
    assert state.signal_reached is False and state.ended_at is None and state.started_at is None
    running = clock_state([start()], at(5))
    assert running.ended_at is None and running.signal_reached is False


def test_a_paused_clock_can_be_ended():
    state = clock_state([start(), ClockEvent(PAUSE, at(30)), ClockEvent(END, at(40))], at(50))
    assert (state.phase, state.elapsed, state.ended_at) == (ENDED, 30 * 60, at(40))
