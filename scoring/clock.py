"""The session clock (EMA 2016 5.9) as a pure function of the organiser's clock events and "now".

A session lasts its length (90 minutes by default) of running time: pauses stop the clock, extra minutes for the
whole hall move its end, extra minutes for one table (a table delayed by a referee call) move that table's end only.
A signal marks the moment ``signal`` minutes remain (15 by default): after it the hand in progress is finished and
one more hand is played (the "last hand"). There is no signal at zero; after zero the clock counts the overtime
until the organiser ends the session.

Once the signal has been reached it stays reached, even if extra minutes later put the remaining time back above
the signal time: the signal has sounded and the hall plays its last hand (a real interruption is a pause).

``clock_state(events, now, signal_minutes=...)`` replays the events in order and refuses an impossible sequence
(pausing a clock that is not running, extra time before the start, ...) with a ``ScoringError``; the service that
stores the events replays them with the new one before writing it, so stored events always replay.
"""

from datetime import datetime, timedelta
from typing import NamedTuple

from scoring.errors import ScoringError
from scoring.limits import MAX_EXTRA_MINUTES

START, PAUSE, RESUME, END, EXTRA = "start", "pause", "resume", "end", "extra"
EVENT_KINDS = (START, PAUSE, RESUME, END, EXTRA)

# phases of the clock
WAITING, RUNNING, PAUSED, ENDED = "waiting", "running", "paused", "ended"
# the refusal of an event the clock's phase does not allow (a pause while waiting, ...)
_PHASE_CODES = {
    WAITING: "clock_waiting",
    RUNNING: "clock_running",
    PAUSED: "clock_paused",
    ENDED: "clock_ended",
}
# what the hall is doing: playing, playing its last hand (after the signal), in overtime (after zero)
PLAYING, LAST_HAND, OVERTIME = "playing", "last_hand", "overtime"

DEFAULT_SIGNAL_MINUTES = 15


class ClockEvent(NamedTuple):
    kind: str
    at: datetime
    minutes: int | None = None  # start: the session's length; extra: minutes added (negative takes some back)
    table: int | None = None  # extra for one table; None for the whole hall


class TableClock(NamedTuple):
    """A table with its own extra time: its remaining time is the hall's plus its extra minutes."""

    table: int
    extra_minutes: int
    remaining: float  # seconds; negative in overtime
    signal_reached: bool

    @property
    def stage(self) -> str:
        return _stage(self.remaining, self.signal_reached)


class ClockState(NamedTuple):
    phase: str  # waiting, running, paused, ended
    length_minutes: int  # the session's length as started, without extra time
    hall_extra_minutes: int
    signal_minutes: int
    elapsed: float  # running seconds so far (pauses left out)
    remaining: float  # seconds to the end for the hall; negative in overtime
    signal_reached: bool
    tables: tuple[TableClock, ...]  # tables with extra time of their own, by number
    started_at: datetime | None
    ended_at: datetime | None

    @property
    def stage(self) -> str:
        """playing, last_hand or overtime while the clock has been started; the phase otherwise."""
        if self.phase == WAITING:
            return WAITING
        return _stage(self.remaining, self.signal_reached)

    @property
    def overtime(self) -> float:
        """Seconds past zero (0 before it)."""
        return max(0.0, -self.remaining)

    @property
    def is_live(self) -> bool:
        """Started and not ended: the hall is playing (or paused)."""
        return self.phase in (RUNNING, PAUSED)

    def table(self, number: int) -> TableClock | None:
        return next((table for table in self.tables if table.table == number), None)


def _stage(remaining: float, signal_reached: bool) -> str:
    if remaining <= 0:
        return OVERTIME
    return LAST_HAND if signal_reached else PLAYING


class _Replay:
    """The clock while the events are replayed in order."""

    def __init__(self, signal_minutes: int):
        self.signal = signal_minutes * 60
        self.signal_minutes = signal_minutes
        self.phase = WAITING
        self.length = 0
        self.hall_extra = 0
        self.table_extra: dict[int, int] = {}
        self.elapsed = 0.0  # running seconds up to running_since (or in all, when not running)
        self.running_since: datetime | None = None
        self.started_at: datetime | None = None
        self.ended_at: datetime | None = None
        self.last_at: datetime | None = None
        self.hall_signalled = False
        self.tables_signalled: set[int] = set()

    def elapsed_at(self, moment: datetime) -> float:
        if self.running_since is None:
            return self.elapsed
        return self.elapsed + (moment - self.running_since).total_seconds()

    def remaining_at(self, moment: datetime) -> float:
        return (self.length + self.hall_extra) * 60 - self.elapsed_at(moment)

    def note_signal(self, moment: datetime) -> None:
        """The remaining time only falls between two events, so looking at each event and at "now" sees every
        moment the signal time was reached."""
        if self.phase not in (RUNNING, PAUSED):
            return
        remaining = self.remaining_at(moment)
        if remaining <= self.signal:
            self.hall_signalled = True
        for table, extra in self.table_extra.items():
            if remaining + extra * 60 <= self.signal:
                self.tables_signalled.add(table)

    def apply(self, event: ClockEvent) -> None:
        if self.last_at is not None and event.at < self.last_at:
            raise _error("clock_order", event, "clock events must be in time order")
        self.note_signal(event.at)
        handler = _HANDLERS.get(event.kind)
        if handler is None:
            raise _error("clock_kind", event, f"unknown clock event {event.kind!r}")
        handler(self, event)
        self.last_at = event.at

    def state(self, now: datetime) -> ClockState:
        moment = self.ended_at or max(now, self.last_at or now)
        self.note_signal(moment)
        remaining = self.remaining_at(moment)
        tables = tuple(
            TableClock(table, extra, remaining + extra * 60, table in self.tables_signalled)
            for table, extra in sorted(self.table_extra.items())
            if extra
        )
        return ClockState(
            phase=self.phase,
            length_minutes=self.length,
            hall_extra_minutes=self.hall_extra,
            signal_minutes=self.signal_minutes,
            elapsed=self.elapsed_at(moment),
            remaining=remaining,
            signal_reached=self.hall_signalled,
            tables=tables,
            started_at=self.started_at,
            ended_at=self.ended_at,
        )


def _error(code: str, event: ClockEvent, text: str, **params) -> ScoringError:
    return ScoringError(
        code, f"clock {event.kind} at {event.at.isoformat()}: {text}", kind=event.kind, **params
    )


def _require(replay: _Replay, event: ClockEvent, *phases: str) -> None:
    if replay.phase not in phases:
        raise _error(_PHASE_CODES[replay.phase], event, f"the clock is {replay.phase}", phase=replay.phase)


def _start(replay: _Replay, event: ClockEvent) -> None:
    _require(replay, event, WAITING)
    if not event.minutes or event.minutes < 1:
        raise _error("clock_length", event, "a session lasts at least one minute")
    replay.phase, replay.length = RUNNING, event.minutes
    replay.started_at = replay.running_since = event.at


def _pause(replay: _Replay, event: ClockEvent) -> None:
    _require(replay, event, RUNNING)
    replay.elapsed = replay.elapsed_at(event.at)
    replay.phase, replay.running_since = PAUSED, None


def _resume(replay: _Replay, event: ClockEvent) -> None:
    _require(replay, event, PAUSED)
    replay.phase, replay.running_since = RUNNING, event.at


def _end(replay: _Replay, event: ClockEvent) -> None:
    _require(replay, event, RUNNING, PAUSED)
    replay.elapsed = replay.elapsed_at(event.at)
    replay.phase, replay.running_since, replay.ended_at = ENDED, None, event.at


def _extra(replay: _Replay, event: ClockEvent) -> None:
    _require(replay, event, RUNNING, PAUSED)
    minutes = event.minutes or 0
    if minutes == 0 or abs(minutes) > MAX_EXTRA_MINUTES:
        raise _error(
            "clock_extra_minutes",
            event,
            f"extra time is 1 to {MAX_EXTRA_MINUTES} minutes, or as many back",
            limit=MAX_EXTRA_MINUTES,
        )
    if event.table is None:
        total = replay.hall_extra + minutes
    else:
        total = replay.table_extra.get(event.table, 0) + minutes
    if total < 0 and event.table is None:
        text = f"the hall has only {total - minutes} extra minutes to take back"
        raise _error("clock_extra_below_zero", event, text, given=total - minutes)
    if total < 0:
        text = f"table {event.table} has only {total - minutes} extra minutes to take back"
        raise _error("clock_table_extra_below_zero", event, text, given=total - minutes, table=event.table)
    if event.table is None:
        replay.hall_extra = total
    else:
        replay.table_extra[event.table] = total


_HANDLERS = {START: _start, PAUSE: _pause, RESUME: _resume, END: _end, EXTRA: _extra}


def clock_state(
    events: list[ClockEvent], now: datetime, *, signal_minutes: int = DEFAULT_SIGNAL_MINUTES
) -> ClockState:
    """The clock at ``now`` after the events (in time order). A clock never started is WAITING."""
    replay = _Replay(signal_minutes)
    for event in events:
        replay.apply(event)
    return replay.state(now)


def ends_at(state: ClockState, now: datetime) -> datetime | None:
    """The moment the hall's clock reaches zero, if it keeps running from ``now``."""
    if state.phase != RUNNING:
        return None
    return now + timedelta(seconds=state.remaining)
