"""The tournament page's schedule: which sessions are played, which one is on now and which one is next (the
lines: tournament.presenters.schedule).

Besides the change stamp, the page changes only when a session's planned start or end passes
(``schedule_moment``): it is rendered once per change and per such moment, not once a minute."""

from bisect import bisect_right
from datetime import datetime

from django.template.loader import render_to_string
from django.utils import timezone

from tournament.models import Tournament
from tournament.presenters.schedule import ends_at, schedule_context
from tournament.selectors.changes import Stamp
from tournament.selectors.clock import live_session
from tournament.selectors.memo import remembered
from tournament.selectors.overview import Overview


def schedule_moment(
    tournament: Tournament, stamp: Stamp, now: datetime
) -> tuple[int, datetime | None, datetime | None]:
    """How many of the sessions' planned starts and ends have passed at ``now`` (a session's state,
    ``presenters.schedule.session_state``, and the next session change there and nowhere else in time), the latest
    of them and the next. The times are read once per stamp."""
    times = remembered(f"session-times|{tournament.pk}", stamp, lambda: _planned_times(tournament))
    passed = bisect_right(times, now)
    return passed, times[passed - 1] if passed else None, times[passed] if passed < len(times) else None


def _planned_times(tournament: Tournament) -> list[datetime]:
    sessions = tournament.sessions.exclude(starts_at=None)
    return sorted(time for session in sessions for time in (session.starts_at, ends_at(session)))


def schedule_fragment(tournament: Tournament, view: Overview, now: datetime | None = None) -> dict:
    context = schedule_context(tournament, view, now or timezone.now(), live_session(tournament))
    return {"heading": tournament.name, "body": render_to_string("public/_schedule.html", context)}
