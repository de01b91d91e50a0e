"""The clock as the screens get it: the JSON clock.js reads (also embedded in the page for the first second) and the
time as text, the same way clock.js writes it."""

import math
from datetime import datetime

from django.utils.translation import gettext as _

from scoring.clock import WAITING, ClockState
from tournament.models import Session

POLL_SECONDS = 10


def session_title(session: Session | None) -> str:
    return _("Session %(number)s") % {"number": session.number} if session else ""


def format_remaining(seconds: float) -> str:
    """As clock.js shows it: 90:00 counting down (a started second shows whole), +1:15 in overtime."""
    if seconds > 0:
        whole = math.ceil(seconds)
        return f"{whole // 60}:{whole % 60:02d}"
    over = math.floor(-seconds)
    return f"+{over // 60}:{over % 60:02d}"


def clock_data(session: Session | None, state: ClockState | None, now: datetime) -> dict:
    """What clock.js needs: times in milliseconds, the server's time to correct the page's clock by."""
    data = {"server_time": round(now.timestamp() * 1000), "poll_seconds": POLL_SECONDS, "session": None}
    if session is None or state is None:
        return {**data, "phase": "none", "stage": "none", "tables": [], "text": ""}
    if state.phase == WAITING:  # not started: the session's length as it stands
        state = state._replace(
            length_minutes=session.duration_minutes, remaining=session.duration_minutes * 60
        )
    return {
        **data,
        "text": format_remaining(state.remaining),
        "session": session.number,
        "title": session_title(session),
        "phase": state.phase,
        "stage": state.stage,
        "remaining_ms": round(state.remaining * 1000),
        "signal_ms": state.signal_minutes * 60_000,
        "signal_reached": state.signal_reached,
        "length_minutes": state.length_minutes,
        "hall_extra_minutes": state.hall_extra_minutes,
        "tables": [
            {
                "table": table.table,
                "extra_minutes": table.extra_minutes,
                "remaining_ms": round(table.remaining * 1000),
                "signal_reached": table.signal_reached,
            }
            for table in state.tables
        ],
    }
