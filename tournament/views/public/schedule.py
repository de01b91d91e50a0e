"""The tournament page's schedule: which sessions are played, which one is on now and which one is next.

A session is on now while its clock runs (whatever its planned time: a session often starts late), between its
planned start and end, or while its results come in; the next session is named only while none is on.

Besides the change stamp, the page changes only when a session's planned start or end passes
(``schedule_moment``): it is rendered once per change and per such moment, not once a minute."""

from bisect import bisect_right
from datetime import datetime, timedelta

from django.template.loader import render_to_string
from django.utils import timezone

from tournament.models import Session, Tournament
from tournament.selectors.changes import Stamp
from tournament.selectors.clock import live_session
from tournament.selectors.memo import remembered
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


def schedule_moment(
    tournament: Tournament, stamp: Stamp, now: datetime
) -> tuple[int, datetime | None, datetime | None]:
    """How many of the sessions' planned starts and ends have passed at ``now`` (``session_state`` and the next
    session change there and nowhere else in time), the latest of them and the next. The times are read once per
    stamp."""
    times = remembered(f"session-times|{tournament.pk}", stamp, lambda: _planned_times(tournament))
    passed = bisect_right(times, now)
    return passed, times[passed - 1] if passed else None, times[passed] if passed < len(times) else None


def _planned_times(tournament: Tournament) -> list[datetime]:
    sessions = tournament.sessions.exclude(starts_at=None)
    return sorted(time for session in sessions for time in (session.starts_at, ends_at(session)))


def schedule_fragment(tournament: Tournament, view: Overview, now: datetime | None = None) -> dict:
    now = now or timezone.now()
    live = live_session(tournament)
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
    return {"heading": tournament.name, "body": render_to_string("public/_schedule.html", context)}
