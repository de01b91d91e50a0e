"""Who is in the hall (issue 20): marking a session's players present or absent, one tap each, audited.

A player may be marked for a session when seated in it or registered as a reserve (a reserve checks in so the
organiser sees who can take a seat). Marking the same state again changes nothing (a double tap).

A present mark is attendance, not arrival (issue 28): referees mark the players present in the first minutes of a
session, after the clock started, and that proposes nothing. "Everyone at this table / in this session is here"
(``mark_everyone``) marks in one tap the players not checked in yet (a substituted seat's reserve for its absent
player), one audit entry for all. A player who was absent or not checked in when the clock started and comes later
is marked ``arrive`` ("arrived now"): that mark records how late they are (5.7, ``scoring.penalties.late_arrival``,
from the clock's start to the mark) as the proposal the page shows; a player marked absent who checks themselves
in after the start arrives likewise. Never for a reserve, nor for a seat a substitute plays from the start.
Nothing is applied: the lateness penalty is given through ``services.penalties`` when a person confirms it, a
substitute through the substitutes page; ``dismiss_lateness`` ends a proposal (audited, who and why), and a
proposal ends by itself when the table has its result (selectors.attendance).
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from scoring.penalties import SUBSTITUTE, lateness_points
from scoring.standings import RESERVE
from tournament.display.actors import THE_PLAYER
from tournament.display.numbers import points_full
from tournament.errors import DomainError
from tournament.models import Attendance, Registration, Seat, Session, TableResult, Tournament
from tournament.selectors.attendance import lateness, session_attendance
from tournament.selectors.check_in import next_session
from tournament.selectors.clock import session_clock
from tournament.services import audit
from tournament.services.locking import lock_session_row
from tournament.services.validation import check_length


def find_session(tournament: Tournament, number: int) -> Session:
    session = tournament.sessions.select_related("tournament").filter(number=number).first()
    if session is None:
        raise DomainError.coded("unknown_session", tournament=tournament.name, number=number)
    return session


def find_player(session: Session, key: str) -> Registration:
    """The registration of ``key`` when it may be marked for this session: seated in it, or a reserve."""
    registration = (
        Registration.objects.select_related("player")
        .filter(tournament=session.tournament_id, key=key)
        .first()
    )
    if registration is None:
        raise DomainError.coded("unknown_player/key", key=str(key)[:40])
    if registration.status != RESERVE and not session.seats.filter(registration=registration).exists():
        raise DomainError.coded(
            "not_in_session", player=registration.player, key=registration.key, session=session.number
        )
    return registration


@transaction.atomic
def mark(
    *, actor, tournament: Tournament, session_number: int, key: str, present: bool, label: str | None = None
) -> Attendance:
    """Mark one player present or absent for session ``session_number``; ``label`` names an actor without a login
    (the player checking in, ``tournament.display.actors``)."""
    session = find_session(tournament, session_number)
    return _mark(actor, session, find_player(session, key), present, label)


DESK = gettext_noop("Check in at the referee's desk.")


@transaction.atomic
def check_in_self(*, registration: Registration) -> Attendance:
    """A player marks themselves present for their next session (selectors.check_in) through their schedule card's
    signed link, when the organiser allows it; audited with "the player" as actor. It is attendance, except for a
    player marked absent who checks in after the clock started: that is their arrival, and records the lateness
    proposal as the referee's "arrived now" does (the referee confirms or dismisses it, never the player)."""
    tournament = registration.tournament
    if not tournament.self_check_in:
        raise DomainError.coded("self_check_in_off")
    session = next_session(registration)
    if session is None:
        raise DomainError.coded("no_session_left")
    registration = find_player(session, registration.key)
    row = Attendance.objects.filter(session=session, registration=registration).first()
    if row is not None and not row.present and _arrival_allowed(session, registration):
        return _arrive(None, session, registration, THE_PLAYER)
    return _mark(None, session, registration, True, THE_PLAYER)


@transaction.atomic
def mark_many(
    *, actor, tournament: Tournament, session_number: int, present=(), absent=(), arrived=()
) -> list[Attendance]:
    """The command line's marks: every key checked first, then all written, or nothing."""
    session = find_session(tournament, session_number)
    keys = [*present, *absent, *arrived]
    both = sorted({key for key in keys if keys.count(key) > 1})
    if both:
        raise DomainError.coded("present_and_absent", keys=", ".join(both))
    wanted = [(find_player(session, key), True) for key in present]
    wanted += [(find_player(session, key), False) for key in absent]
    arriving = [find_player(session, key) for key in arrived]
    for registration in arriving:
        _check_arrival(session, registration)
    done = [_mark(actor, session, registration, state, None) for registration, state in wanted]
    return done + [_arrive(actor, session, registration, None) for registration in arriving]


@transaction.atomic
def arrive(*, actor, tournament: Tournament, session_number: int, key: str) -> Attendance:
    """ "Arrived now": a seated player who was absent or not checked in comes after the clock started; the mark's
    time is their arrival, and the lateness from the clock's start to it is proposed (5.7). Before the start it is
    a present mark. Refused for a reserve, a seat a substitute plays from the start, a table with its result, and
    a player already marked present (their mark is attendance: mark them absent first if they were not there)."""
    session = find_session(tournament, session_number)
    registration = find_player(session, key)
    _check_arrival(session, registration)
    return _arrive(actor, session, registration, None)


@transaction.atomic
def mark_everyone(
    *, actor, tournament: Tournament, session_number: int, table: int | None = None
) -> list[Attendance]:
    """ "Everyone at this table (``table``) / in this session is here": the seated players not checked in yet are
    marked present, and for a seat a reserve plays from the start that reserve; a player marked absent keeps the
    mark (they are marked present, or "arrived now", on their own line). Attendance, never an arrival: it proposes
    nothing. One audit entry for all; nothing to mark writes nothing. Returns the rows written."""
    session = find_session(tournament, session_number)
    lock_session_row(session)
    seats = session.seats.select_related("table", "registration__player", "substitute_reserve__player")
    if table is not None:
        seats = seats.filter(table__number=table)
        if not seats.exists():
            raise DomainError.coded("attendance_no_table", session=session.number, table=table)
    marked = set(Attendance.objects.filter(session=session).values_list("registration_id", flat=True))
    wanted = []
    for seat in seats.order_by("table__number", "order"):
        person = seat.substitute_reserve if seat.substitute_label else seat.registration
        if person is not None and person.pk not in marked:
            wanted.append(person)
            marked.add(person.pk)
    now = timezone.now()
    label = audit.actor_label(actor)
    rows = Attendance.objects.bulk_create(
        [
            Attendance(
                session=session,
                registration=r,
                present=True,
                marked_at=now,
                marked_by=actor,
                marked_by_label=label,
            )
            for r in wanted
        ]
    )
    if rows:
        words = {"session": session.number, "count": len(rows), "table": table}
        audit.record(
            actor=actor,
            tournament=session.tournament,
            action="attendance.everyone_table" if table is not None else "attendance.everyone",
            summary=(
                ngettext(
                    "Session %(session)s, table %(table)s: everyone here (%(count)s player marked present)",
                    "Session %(session)s, table %(table)s: everyone here (%(count)s players marked present)",
                    len(rows),
                )
                if table is not None
                else ngettext(
                    "Session %(session)s: everyone here (%(count)s player marked present)",
                    "Session %(session)s: everyone here (%(count)s players marked present)",
                    len(rows),
                )
            )
            % words,
            data={**words, "keys": [r.key for r in wanted]},
        )
    return rows


@transaction.atomic
def dismiss_lateness(
    *, actor, tournament: Tournament, session_number: int, key: str, reason: str
) -> Attendance:
    """End the lateness proposal of ``key`` without a penalty (the referee saw them at the table, the clock was
    started early, ...): who and why are kept on the mark and in the audit entry. Refused without a reason or
    without a proposal."""
    session = find_session(tournament, session_number)
    registration = find_player(session, key)
    reason = (reason or "").strip()
    player = str(registration.player)
    if not reason:
        raise DomainError.coded("lateness_dismissal_reason", session=session.number, player=player)
    check_length(reason, model=Attendance, field="lateness_dismissal", where=player)
    lock_session_row(session)
    line = next((line for line in session_attendance(session).proposals if line.key == key), None)
    if line is None:
        raise DomainError.coded("lateness_no_proposal", session=session.number, player=player)
    row = Attendance.objects.get(session=session, registration=registration)
    row.lateness_dismissed_at, row.lateness_dismissed_by = timezone.now(), actor
    row.lateness_dismissal = reason
    row.save(update_fields=["lateness_dismissed_at", "lateness_dismissed_by", "lateness_dismissal"])
    audit.record(
        actor=actor,
        tournament=session.tournament,
        action="attendance.lateness_dismissed",
        summary=_("Session %(session)s: the lateness of %(name)s dismissed (%(reason)s)")
        % {"session": session.number, "name": player, "reason": reason},
        data={
            "session": session.number,
            "key": registration.key,
            "name": player,
            "late": line.late,
            "reason": reason,
        },
    )
    return row


def _arrival_allowed(session: Session, registration: Registration) -> bool:
    try:
        _check_arrival(session, registration, quiet=True)
    except DomainError:
        return False
    return True


def _check_arrival(session: Session, registration: Registration, *, quiet: bool = False) -> None:
    """Refuse "arrived now" where it cannot be an arrival (``arrive``)."""
    player = str(registration.player)
    seat = Seat.objects.filter(session=session, registration=registration).select_related("table").first()
    if seat is None:
        raise DomainError.coded("arrival_reserve", session=session.number, player=player)
    if seat.substitute_reserve_id or seat.substitute_guest:
        raise DomainError.coded("arrival_substituted", session=session.number, player=player)
    if TableResult.objects.filter(table=seat.table, is_current=True).exists():
        raise DomainError.coded("arrival_table_done", session=session.number, player=player)
    row = Attendance.objects.filter(session=session, registration=registration).first()
    if not quiet and row is not None and row.present and row.arrived_at is None:
        raise DomainError.coded("arrival_already_present", session=session.number, player=player)


def _arrive(actor, session: Session, registration: Registration, label) -> Attendance:
    lock_session_row(session)  # one mark at a time
    row = Attendance.objects.filter(session=session, registration=registration).first()
    if row is not None and row.present:
        return row  # a double tap: the first arrival counts
    now = timezone.now()
    started = session_clock(session, now).started_at
    if started is None:
        return _mark(actor, session, registration, True, label)
    row = row or Attendance(session=session, registration=registration)
    row.present, row.marked_at, row.arrived_at, row.marked_by = True, now, now, actor
    row.lateness_dismissed_at, row.lateness_dismissed_by, row.lateness_dismissal = None, None, ""
    row.marked_by_label = label or audit.actor_label(actor)
    row.save()
    _record(actor, session, registration, True, label, lateness(row, started, session.tournament.rules), True)
    return row


def _mark(actor, session: Session, registration: Registration, present: bool, label) -> Attendance:
    lock_session_row(session)  # one mark at a time
    row = Attendance.objects.filter(session=session, registration=registration).first()
    if row is not None and row.present == present:
        return row
    row = row or Attendance(session=session, registration=registration)
    row.present, row.marked_at, row.marked_by = present, timezone.now(), actor
    row.arrived_at = None  # attendance, not arrival: a present mark proposes nothing (the module's doc)
    row.lateness_dismissed_at, row.lateness_dismissed_by, row.lateness_dismissal = None, None, ""
    row.marked_by_label = label or audit.actor_label(actor)
    row.save()
    _record(actor, session, registration, present, label, None)
    return row


def _proposed(rules, late) -> dict:
    """What the lateness proposes (5.7): the penalty's points, or a substitute beyond the limit of minutes."""
    if late == SUBSTITUTE:
        return {"limit": rules.lateness_max_minutes}
    return {"proposed": lateness_points(late, rules)} if late else {}


def _record(
    actor, session: Session, registration: Registration, present: bool, label, late, arrived: bool = False
) -> None:
    words = {"session": session.number, "player": registration.player, "name": registration.player}
    summary = (
        _("Session %(session)s: %(name)s arrived")
        if arrived
        else _("Session %(session)s: %(player)s present")
        if present
        else _("Session %(session)s: %(player)s absent")
    ) % words
    if late == SUBSTITUTE:
        summary += _(", more than %(limit)s minutes late: a substitute proposed (5.7)") % {
            "limit": session.tournament.rules.lateness_max_minutes
        }
    elif late:
        summary += _(", %(minutes)s minutes late: a lateness penalty of %(points)s proposed (5.7)") % {
            "minutes": late,
            "points": points_full(lateness_points(late, session.tournament.rules), sign=False),
        }
    audit.record(
        actor=actor,
        tournament=session.tournament,
        action="attendance.arrived" if arrived else "attendance.present" if present else "attendance.absent",
        summary=summary,
        data={
            "session": session.number,
            "key": registration.key,
            "name": str(registration.player),
            "present": present,
            "late": late,
            **_proposed(session.tournament.rules, late),
        },
        label=label,
    )
