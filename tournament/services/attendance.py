"""Who is in the hall (issue 20): marking a session's players present or absent, one tap each, audited.

A player may be marked for a session when seated in it or registered as a reserve (a reserve checks in so the
organiser sees who can take a seat). Marking the same state again changes nothing (a double tap). Marking a player
present after the session's clock started records how late they are (5.7, ``scoring.penalties.late_arrival``) in
the audit entry as the proposal the page shows; nothing is applied: the lateness penalty is given through
``services.penalties`` when a person confirms it, a substitute through the substitutes page.
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.penalties import SUBSTITUTE
from scoring.standings import RESERVE
from tournament.display.actors import THE_PLAYER
from tournament.display.numbers import points_full
from tournament.errors import DomainError
from tournament.models import Attendance, Registration, Session, Tournament
from tournament.selectors.attendance import lateness
from tournament.selectors.check_in import next_session
from tournament.selectors.clock import session_clock
from tournament.services import audit


def find_session(tournament: Tournament, number: int) -> Session:
    session = tournament.sessions.select_related("tournament").filter(number=number).first()
    if session is None:
        raise DomainError(
            "unknown_session",
            _("%(tournament)s has no session %(number)s.")
            % {"tournament": tournament.name, "number": number},
        )
    return session


def find_player(session: Session, key: str) -> Registration:
    """The registration of ``key`` when it may be marked for this session: seated in it, or a reserve."""
    registration = (
        Registration.objects.select_related("player")
        .filter(tournament=session.tournament_id, key=key)
        .first()
    )
    if registration is None:
        raise DomainError(
            "unknown_player", _("No player has the key %(key)s in this tournament.") % {"key": str(key)[:40]}
        )
    if registration.status != RESERVE and not session.seats.filter(registration=registration).exists():
        raise DomainError(
            "not_in_session",
            _("%(player)s (%(key)s) does not play in session %(session)s and is not a reserve.")
            % {"player": registration.player, "key": registration.key, "session": session.number},
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
    signed link, when the organiser allows it; audited with "the player" as actor. A late check-in records the
    lateness proposal like any mark: the referee confirms it, never the player."""
    tournament = registration.tournament
    if not tournament.self_check_in:
        raise DomainError("self_check_in_off", _(DESK))
    session = next_session(registration)
    if session is None:
        raise DomainError("no_session_left", _("You play in no session that is still to come."))
    return _mark(None, session, find_player(session, registration.key), True, THE_PLAYER)


@transaction.atomic
def mark_many(
    *, actor, tournament: Tournament, session_number: int, present=(), absent=()
) -> list[Attendance]:
    """The command line's marks: every key checked first, then all written, or nothing."""
    session = find_session(tournament, session_number)
    both = sorted(set(present) & set(absent))
    if both:
        raise DomainError(
            "present_and_absent",
            _("%(keys)s cannot be present and absent at once.") % {"keys": ", ".join(both)},
        )
    wanted = [(find_player(session, key), True) for key in present]
    wanted += [(find_player(session, key), False) for key in absent]
    return [_mark(actor, session, registration, state, None) for registration, state in wanted]


def _mark(actor, session: Session, registration: Registration, present: bool, label) -> Attendance:
    Session.objects.select_for_update(of=("self",)).filter(pk=session.pk).first()  # one mark at a time
    row = Attendance.objects.filter(session=session, registration=registration).first()
    if row is not None and row.present == present:
        return row
    now = timezone.now()
    row = row or Attendance(session=session, registration=registration)
    row.present, row.marked_at, row.marked_by = present, now, actor
    row.marked_by_label = label or audit.actor_label(actor)
    row.save()
    late = lateness(row, session_clock(session, now).started_at, session.tournament.rules)
    _record(actor, session, registration, present, label, late)
    return row


def _proposed(rules, late) -> dict:
    """What the lateness proposes (5.7): the penalty's points, or a substitute beyond the limit of minutes."""
    if late == SUBSTITUTE:
        return {"limit": rules.lateness_max_minutes}
    return {"proposed": late * rules.lateness_points_per_minute} if late else {}


def _record(actor, session: Session, registration: Registration, present: bool, label, late) -> None:
    words = {"session": session.number, "player": registration.player}
    summary = (
        _("Session %(session)s: %(player)s present")
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
            "points": points_full(late * session.tournament.rules.lateness_points_per_minute, sign=False),
        }
    audit.record(
        actor=actor,
        tournament=session.tournament,
        action="attendance.present" if present else "attendance.absent",
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
