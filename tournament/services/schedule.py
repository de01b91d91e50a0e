"""Sessions and seating. Seating of a session that has results is never changed."""

from collections.abc import Sequence
from datetime import UTC, datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.limits import FIRST_YEAR, LAST_YEAR, MAX_SESSIONS
from scoring.table import WINDS
from tournament.errors import DomainError
from tournament.models import Registration, Seat, Session, Table, Tournament
from tournament.models.validators import in_years
from tournament.services import audit
from tournament.services.locking import lock_session, refuse_if_session_has_results


@transaction.atomic
def ensure_sessions(
    *, actor, tournament: Tournament, count: int, starts: Sequence[datetime | None] = ()
) -> list[Session]:
    """Sessions 1..count exist afterwards (extra ones are kept); returns them in order."""
    check_session_count(count)
    for number, start in enumerate(starts, start=1):
        check_start(number, start)
    created = []
    for number in range(1, count + 1):
        start = starts[number - 1] if number <= len(starts) else None
        session, was_created = Session.objects.get_or_create(
            tournament=tournament,
            number=number,
            defaults={"starts_at": start, "duration_minutes": tournament.session_minutes},
        )
        if was_created:
            created.append(number)
    if created:
        audit.record(
            actor=actor,
            tournament=tournament,
            action="session.create",
            summary=_("Created sessions %(numbers)s") % {"numbers": ", ".join(map(str, created))},
            data={"sessions": created},
        )
    return list(tournament.sessions.filter(number__lte=count))


def check_session_count(count: int) -> None:
    """A tournament has 1 to MAX_SESSIONS sessions (scoring.limits)."""
    if not 1 <= count <= MAX_SESSIONS:
        raise DomainError.coded("bad_session_count/range", max=MAX_SESSIONS)


def check_start(number: int, starts_at: datetime | None) -> None:
    """A session starts in the years a tournament can have (scoring.limits), or has no start yet; a start without
    its offset (the hall's clock time) is one the hall's clocks show exactly once (hall_start)."""
    if starts_at is not None and not in_years(starts_at):
        raise DomainError.coded("bad_session_start", number=number, first=FIRST_YEAR, last=LAST_YEAR)
    if starts_at is not None and timezone.is_naive(starts_at):
        hall_start(number, starts_at)


def hall_start(number: int, typed: datetime) -> datetime:
    """The exact moment of a start typed as the hall's clocks show it (settings.TIME_ZONE): the one check of the
    new-tournament page, the settings page and any caller with a time without offset. A time the clocks skip
    (02:30 on the last Sunday of March in Amsterdam: 02:00 becomes 03:00) is refused, naming the time it would be;
    a time they show twice (02:30 on the last Sunday of October) is refused with both meanings, as a time outside
    that hour is never in doubt. An archive's times carry their offset and are exact already."""
    zone = timezone.get_default_timezone()
    typed = typed.replace(tzinfo=None, second=0, microsecond=0) if typed.tzinfo is None else typed
    first, second = typed.replace(tzinfo=zone, fold=0), typed.replace(tzinfo=zone, fold=1)
    shown = typed.strftime("%Y-%m-%d %H:%M")
    round_trip = first.astimezone(UTC).astimezone(zone)
    if round_trip.replace(tzinfo=None) != typed:
        raise DomainError.coded(
            "start_skipped",
            number=number,
            time=shown,
            zone=zone.key,
            later=round_trip.strftime("%H:%M"),
            session=number,
        )
    if first.utcoffset() != second.utcoffset():
        raise DomainError.coded(
            "start_twice",
            number=number,
            time=shown,
            zone=zone.key,
            first=first.strftime("%z")[:3] + ":" + first.strftime("%z")[3:],
            second=second.strftime("%z")[:3] + ":" + second.strftime("%z")[3:],
            session=number,
        )
    return first


@transaction.atomic
def set_session_seating(*, actor, session: Session, tables: Sequence[Sequence[Registration]]) -> None:
    """Replace the seating of one session: each table lists four registrations in seat order E, S, W, N.

    Replacing a seating destroys it: the pages and commands go through seating.apply_seating_plan, which takes a
    snapshot of the database first (services.snapshots); demo.py seats new sessions only."""
    session = lock_session(session)  # the lock order of a result entry (services/locking.py)
    refuse_if_session_has_results(session)
    _check_seating(session, tables)
    session.tables.all().delete()
    for number, players in enumerate(tables, start=1):
        table = Table.objects.create(session=session, number=number)
        Seat.objects.bulk_create(
            Seat(table=table, session=session, wind=wind, registration=registration, order=order)
            for order, (wind, registration) in enumerate(zip(WINDS, players, strict=True))
        )
    audit.record(
        actor=actor,
        tournament=session.tournament,
        action="seating.set",
        summary=ngettext(
            "Seating of session %(number)s set (%(tables)s table)",
            "Seating of session %(number)s set (%(tables)s tables)",
            len(tables),
        )
        % {"number": session.number, "tables": len(tables)},
        data={"session": session.number, "tables": [[r.key for r in t] for t in tables]},
    )


def _check_seating(session: Session, tables: Sequence[Sequence[Registration]]) -> None:
    seen: dict[int, int] = {}
    for number, players in enumerate(tables, start=1):
        if len(players) != 4:
            raise DomainError.coded(
                "table_size/seats", session=session.number, table=number, count=len(players)
            )
        for registration in players:
            if registration.tournament_id != session.tournament_id:
                raise DomainError.coded(
                    "foreign_player/table", session=session.number, table=number, player=registration
                )
            if registration.pk in seen:
                raise DomainError.coded(
                    "seated_twice",
                    session=session.number,
                    player=registration,
                    first=seen[registration.pk],
                    second=number,
                )
            seen[registration.pk] = number
