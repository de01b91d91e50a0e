"""The tournament page's schedule: which sessions are played, which one runs now (by its start time and length)
and which one is next."""

from datetime import datetime, timedelta

from django.template.loader import render_to_string
from django.utils import timezone

from tournament.models import Session, Tournament
from tournament.selectors.overview import Overview

PLAYED, RUNNING, ENTERING, NEXT, PLANNED = "played", "running", "entering", "next", "planned"


def session_state(session: Session, progress, now: datetime) -> str:
    """played (every table has a result), running (between its start and its end), entering (results coming in
    after its end), or planned."""
    if progress is not None and progress.complete:
        return PLAYED
    if session.starts_at and session.starts_at <= now < ends_at(session):
        return RUNNING
    if progress is not None and progress.has_results:
        return ENTERING
    return PLANNED


def ends_at(session: Session) -> datetime | None:
    if session.starts_at is None:
        return None
    return session.starts_at + timedelta(minutes=session.duration_minutes)


def schedule_fragment(tournament: Tournament, view: Overview, now: datetime | None = None) -> dict:
    now = now or timezone.now()
    lines = []
    for session in tournament.sessions.order_by("number"):
        progress = view.session_progress(session.number)
        lines.append(
            {
                "session": session,
                "state": session_state(session, progress, now),
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
    context = {
        "tournament": tournament,
        "lines": lines,
        "running": [line for line in lines if line["state"] == RUNNING],
        "next": upcoming[0] if upcoming else None,
        "played": sum(1 for line in lines if line["state"] == PLAYED),
    }
    return {"heading": tournament.name, "body": render_to_string("public/_schedule.html", context)}
