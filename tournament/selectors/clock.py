"""The session clock as the pages read it: the state of a session's clock now (scoring.clock from the stored
events), which session the hall's clock shows, and one table's clock for the referee's page."""

from datetime import datetime, timedelta
from typing import NamedTuple

from django.db.models import Exists, OuterRef
from django.utils import timezone

from scoring.clock import END, START, WAITING, ClockState, clock_state
from tournament.models import ClockEvent, Session, TableResult, Tournament

# After its end the hall's clock keeps showing an ended session this long before it moves to the next one.
ENDED_SHOWN_FOR = timedelta(minutes=10)


def session_clock(session: Session, now: datetime | None = None) -> ClockState:
    """The session's clock at ``now`` (the server's time by default)."""
    events = [event.as_event() for event in session.clock_events.all()]
    return clock_state(events, now or timezone.now(), signal_minutes=session.tournament.signal_minutes)


def live_session(tournament: Tournament) -> Session | None:
    """The session whose clock has been started and not ended (the service allows one at a time)."""
    started = ClockEvent.objects.filter(session=OuterRef("pk"), kind=START)
    ended = ClockEvent.objects.filter(session=OuterRef("pk"), kind=END)
    return (
        tournament.sessions.filter(Exists(started))
        .exclude(Exists(ended))
        .select_related("tournament")
        .order_by("-number")
        .first()
    )


def clock_session(tournament: Tournament, now: datetime | None = None) -> Session | None:
    """The session the hall's clock shows: the live one; else one that ended in the last ten minutes; else the
    first session whose clock has not been started and that has no results; else the last session that had a
    clock."""
    live = live_session(tournament)
    if live is not None:
        return live
    now = now or timezone.now()
    last_end = ClockEvent.objects.filter(session__tournament=tournament, kind=END).order_by("-at").first()
    if last_end is not None and now - last_end.at <= ENDED_SHOWN_FOR:
        return last_end.session
    started = ClockEvent.objects.filter(session=OuterRef("pk"), kind=START)
    played = TableResult.objects.filter(table__session=OuterRef("pk"))
    waiting = tournament.sessions.exclude(Exists(started)).exclude(Exists(played)).order_by("number").first()
    return waiting or (last_end.session if last_end else None)


class TableClockView(NamedTuple):
    """One table's clock for the referee: the hall's state with the table's own extra time."""

    session: Session
    table: int
    state: ClockState
    extra_minutes: int
    remaining: float  # the table's own remaining seconds (the hall's plus its extra time)
    stage: str
    now: datetime

    @property
    def started(self) -> bool:
        return self.state.phase != WAITING


def clock_for_table(session: Session, table_number: int, now: datetime | None = None) -> TableClockView:
    now = now or timezone.now()
    state = session_clock(session, now)
    own = state.table(table_number)
    if own is None:
        return TableClockView(session, table_number, state, 0, state.remaining, state.stage, now)
    return TableClockView(session, table_number, state, own.extra_minutes, own.remaining, own.stage, now)


def clock_history(session: Session) -> list[ClockEvent]:
    return list(session.clock_events.all())
