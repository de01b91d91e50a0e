"""The session clock: start, pause, resume, end, and extra minutes for the hall or for one table.

Each change is a new ``ClockEvent`` row (never changed afterwards) with an audit entry, written only when the
events with the new one still replay (``scoring.clock.clock_state``): the rules of the clock live there once.
The moment of an event is the server's time; ``at`` lets the command line and the tests place it themselves
(never before the session's last event).
"""

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring import clock as rules
from scoring.errors import ScoringError
from scoring.limits import MAX_SESSION_MINUTES
from tournament.errors import DomainError
from tournament.models import ClockEvent, Session
from tournament.selectors.clock import live_session
from tournament.services import audit
from tournament.services.locking import lock_session

SUMMARIES = {
    rules.START: gettext_lazy("Session %(session)s: clock started (%(minutes)s minutes)"),
    rules.PAUSE: gettext_lazy("Session %(session)s: clock paused"),
    rules.RESUME: gettext_lazy("Session %(session)s: clock resumed"),
    rules.END: gettext_lazy("Session %(session)s: clock ended"),
}
# The audit log's action of each clock event (tournament.display.audit_words says it in the reader's language).
ACTIONS = {
    rules.START: "clock.start",
    rules.PAUSE: "clock.pause",
    rules.RESUME: "clock.resume",
    rules.END: "clock.end",
    rules.EXTRA: "clock.extra",
}


def start_clock(
    *, actor, session: Session, minutes: int | None = None, at: datetime | None = None
) -> ClockEvent:
    """Start the session's clock; ``minutes`` is the session's length (the session's own by default)."""
    minutes = session.duration_minutes if minutes is None else minutes
    if not 1 <= minutes <= MAX_SESSION_MINUTES:
        raise DomainError.coded("clock_length/session", session=session.number, limit=MAX_SESSION_MINUTES)
    return _write(actor, session, rules.START, at, minutes=minutes)


def pause_clock(*, actor, session: Session, at: datetime | None = None) -> ClockEvent:
    return _write(actor, session, rules.PAUSE, at)


def resume_clock(*, actor, session: Session, at: datetime | None = None) -> ClockEvent:
    return _write(actor, session, rules.RESUME, at)


def end_clock(*, actor, session: Session, at: datetime | None = None) -> ClockEvent:
    return _write(actor, session, rules.END, at)


def end_when_complete(*, actor, session: Session) -> ClockEvent | None:
    """End the session's clock once every table of the session has a result (services.results calls it when a
    table gets its first one): the hall display and the clock stop saying "playing" for a session that is over.
    Audited as the clock's end by whoever entered that last result. Nothing happens when a table is still missing,
    when the clock was never started or has ended already, or when the clock refuses the end (the result counts
    all the same; the dashboard asks the organiser to end it then)."""
    if session.tables.exclude(results__is_current=True).exists() or not session.tables.exists():
        return None
    kinds = set(session.clock_events.values_list("kind", flat=True))
    if rules.START not in kinds or rules.END in kinds:
        return None
    try:
        return _write(actor, session, rules.END, None, complete=True)
    except DomainError:
        return None


def add_extra_time(
    *, actor, session: Session, minutes: int, table: int | None = None, at: datetime | None = None
) -> ClockEvent:
    """Extra minutes for the whole hall (``table`` None) or for one table; negative minutes take some back."""
    if table is not None and not session.tables.filter(number=table).exists():
        raise DomainError.coded("clock_no_table", session=session.number, table=table)
    return _write(actor, session, rules.EXTRA, at, minutes=minutes, table=table)


@transaction.atomic
def _write(
    actor, session: Session, kind: str, at: datetime | None, *, minutes=None, table=None, complete=False
) -> ClockEvent:
    session = lock_session(session)  # the order of a result entry (services/locking.py)
    events = list(session.clock_events.all())
    last = events[-1].at if events else None
    if at is None:  # another server process may have written a moment later than this one's "now"
        at = max(timezone.now(), last) if last else timezone.now()
    if kind == rules.START:
        _refuse_second_live_session(session)
    new = rules.ClockEvent(kind, at, minutes, table)
    try:
        rules.clock_state([event.as_event() for event in events] + [new], at, signal_minutes=0)
    except ScoringError as error:
        raise _refusal(session, error) from None
    event = ClockEvent.objects.create(
        session=session,
        kind=kind,
        minutes=minutes,
        table_number=table,
        at=at,
        by=actor,
        by_label=audit.actor_label(actor),
    )
    audit.record(
        actor=actor,
        tournament=session.tournament,
        action=ACTIONS[kind],
        summary=_("Session %(session)s: clock ended (every table has a result)") % {"session": session.number}
        if complete
        else _summary(session, kind, minutes, table),
        data={
            "session": session.number,
            "kind": kind,
            "minutes": minutes,
            "table": table,
            "at": at.isoformat(),
            **({"complete": True} if complete else {}),
        },
    )
    return event


def _refuse_second_live_session(session: Session) -> None:
    live = live_session(session.tournament)
    if live is not None and live.pk != session.pk:
        raise DomainError.coded("clock_other_session", other=live.number, session=session.number)


def _refusal(session: Session, error: ScoringError) -> DomainError:
    """The clock's refusal (scoring.clock) in the reader's language, the session in front."""
    return DomainError.from_scoring(error, where=_("Session %(session)s") % {"session": session.number})


def _summary(session: Session, kind: str, minutes: int | None, table: int | None) -> str:
    if kind in SUMMARIES:
        return str(SUMMARIES[kind]) % {"session": session.number, "minutes": minutes}
    if table is None:
        return ngettext(
            "Session %(session)s: %(minutes)+d minute for the hall",
            "Session %(session)s: %(minutes)+d minutes for the hall",
            abs(minutes),
        ) % {
            "session": session.number,
            "minutes": minutes,
        }
    return ngettext(
        "Session %(session)s: %(minutes)+d minute for table %(table)s",
        "Session %(session)s: %(minutes)+d minutes for table %(table)s",
        abs(minutes),
    ) % {
        "session": session.number,
        "minutes": minutes,
        "table": table,
    }
