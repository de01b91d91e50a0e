"""The organiser's session table: how many sessions, when each starts and how long it lasts (5.9).

A session that has results or penalties is never removed; removing a later session without them removes its
seating too (the seating page makes a new one), after a snapshot of the database (services.snapshots)."""

from collections.abc import Mapping
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.limits import MAX_SESSION_MINUTES
from tournament.database.snapshot_reasons import REMOVE_SESSIONS, reason
from tournament.errors import DomainError
from tournament.models import Penalty, Session, TableResult, Tournament
from tournament.services import audit, snapshots
from tournament.services.locking import locked_tournament
from tournament.services.schedule import check_session_count, check_start, ensure_sessions
from tournament.services.snapshots import check_covered, snapshot_before


def set_sessions(
    *, actor, tournament: Tournament, count: int, times: Mapping[int, tuple[datetime | None, int]]
) -> list[Session]:
    """Sessions 1..count afterwards; ``times`` gives (start, length in minutes) by session number. Removing
    sessions takes a snapshot of the database first (services.snapshots); without one nothing changes."""
    check_session_count(count)
    _check_times(times)
    removed = _removable_after(tournament, count)
    with snapshot_before(reason(REMOVE_SESSIONS, tournament.slug, removed) if removed else None):
        return _set_sessions(actor, tournament, count, times, covered=removed)


@transaction.atomic
def _set_sessions(actor, tournament: Tournament, count: int, times, *, covered: list[int]) -> list[Session]:
    tournament = locked_tournament(tournament)
    _remove_after(actor, tournament, count, covered)
    sessions = ensure_sessions(actor=actor, tournament=tournament, count=count)
    changed = {}
    for session in sessions:
        if session.number not in times:
            continue
        starts_at, minutes = times[session.number]
        if (session.starts_at, session.duration_minutes) != (starts_at, minutes):
            changed[session.number] = [_shown(starts_at), minutes]
            session.starts_at, session.duration_minutes = starts_at, minutes
            session.save(update_fields=["starts_at", "duration_minutes"])
    if changed:
        audit.record(
            actor=actor,
            tournament=tournament,
            action="session.times",
            summary=_("Start or length of sessions %(numbers)s changed")
            % {"numbers": ", ".join(map(str, changed))},
            data={"sessions": sorted(changed), "times": {str(n): v for n, v in changed.items()}},
        )
    return sessions


def _check_times(times: Mapping[int, tuple[datetime | None, int]]) -> None:
    before = None
    for number in sorted(times):
        starts_at, minutes = times[number]
        check_start(number, starts_at)
        if not 1 <= minutes <= MAX_SESSION_MINUTES:
            raise DomainError.coded("bad_session_length", number=number, max=MAX_SESSION_MINUTES)
        if starts_at is not None and before is not None and starts_at < before[1]:
            raise DomainError.coded("sessions_out_of_order", number=number, before=before[0])
        if starts_at is not None:
            before = (number, starts_at)


def _removable_after(tournament: Tournament, count: int) -> list[int]:
    """The sessions after ``count``; refused when one of them has results or penalties."""
    extra = list(tournament.sessions.filter(number__gt=count).order_by("number"))
    for session in extra:
        if (
            TableResult.objects.filter(table__session=session).exists()
            or Penalty.objects.filter(session=session).exists()
        ):
            raise DomainError.coded("session_in_use", number=session.number)
    return [session.number for session in extra]


def _remove_after(actor, tournament: Tournament, count: int, covered: list[int]) -> None:
    numbers = _removable_after(tournament, count)
    if not numbers:
        return
    check_covered(
        covered, numbers, where=_("The sessions of %(tournament)s") % {"tournament": tournament.name}
    )
    tournament.sessions.filter(number__in=numbers).delete()
    audit.record(
        actor=actor,
        tournament=tournament,
        action="session.remove",
        summary=_("Removed sessions %(numbers)s") % {"numbers": ", ".join(map(str, numbers))},
        data={"sessions": numbers, **snapshots.noted()},
    )


def _shown(moment: datetime | None) -> str:
    return moment.isoformat() if moment else ""
