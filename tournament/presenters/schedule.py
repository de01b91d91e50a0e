"""The tournament page's schedule as lines (views/public/schedule.py renders them): which sessions are played, which
one is on now and which one is next.

A session is on now while its clock runs (whatever its planned time: a session often starts late), between its
planned start and end, or while its results come in; the next session is named only while none is on."""

from datetime import datetime, timedelta

from tournament.models import Session, Tournament
from tournament.selectors.overview import Overview

PLAYED, RUNNING, ENTERING, NEXT, PLANNED = "played", "running", "entering", "next", "planned"


def session_state(session: Session, progress, now: datetime, *, clock_running: bool = False) -> str:
    """played (every table has a result), running (its clock runs, or between its start and its end), entering
    (results coming in otherwise), or planned."""
    if progress is not None and progress.complete:
        return PLAYED
    if clock_running or (session.starts_at and session.starts_at <= now < ends_at(session)):
        return RUNNING
    if progress is not None and progress.has_results:
        return ENTERING
    return PLANNED


def ends_at(session: Session) -> datetime | None:
    if session.starts_at is None:
        return None
    return session.starts_at + timedelta(minutes=session.duration_minutes)


def schedule_context(tournament: Tournament, view: Overview, now: datetime, live: Session | None) -> dict:
    """The tournament page's schedule at ``now``: each session's line (its state, whether the clock shows it, its
    progress, its planned end), the sessions on now, the next one (only while none is on), how many are played.
    ``live``: the session whose clock runs (selectors.clock.live_session)."""
    lines = []
    for session in tournament.sessions.order_by("number"):
        progress = view.session_progress(session.number)
        lines.append(
            {
                "session": session,
                "state": session_state(session, progress, now, clock_running=session == live),
                "on_clock": session == live,  # the page's clock shows its time: not the planned one
                "progress": progress,
                "ends_at": ends_at(session),
            }
        )
    upcoming = [
        line
        for line in lines
        if line["state"] == PLANNED and line["session"].starts_at and line["session"].starts_at > now
    ]
    if upcoming:
        upcoming[0]["state"] = NEXT
    on_now = [line for line in lines if line["state"] in (RUNNING, ENTERING)]
    context = {
        "tournament": tournament,
        "lines": lines,
        "running": on_now,
        "next": upcoming[0] if upcoming and not on_now else None,
        "played": sum(1 for line in lines if line["state"] == PLAYED),
    }
    return context
