"""Seating: writing a plan (generated, imported or by standings), swapping two players, publishing, and keeping a
withdrawn player's seats for a substitute. A session that has results never changes (schedule.set_session_seating
refuses it). Replacing a seating takes a snapshot of the database first; a swap does not (its audit entry names
both seats, and swapping back undoes it).
"""

from collections.abc import Iterable

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.standings import ACTIVE, RESERVE, WITHDRAWN
from tournament.database.snapshot_reasons import RESEAT, reason
from tournament.errors import DomainError
from tournament.models import Registration, Seat, Session, Tournament
from tournament.selectors.seating_plan import SeatingPlan, check_session_numbers
from tournament.services import audit, schedule, snapshots
from tournament.services.locking import lock_session, refuse_if_session_has_results
from tournament.services.snapshots import check_covered, snapshot_before

SOURCE_LABELS = {
    "generated": gettext_lazy("generated"),
    "imported": gettext_lazy("imported from a file"),
    "standings": gettext_lazy("seated by the standings"),
}
# The audit log's action of each way of seating (tournament.display.audit_words says it in the reader's language).
ACTIONS = {"generated": "seating.generated", "imported": "seating.imported", "standings": "seating.standings"}


def apply_seating_plan(*, actor, tournament: Tournament, plan: SeatingPlan) -> list[int]:
    """Write the plan's sessions (created when missing, right after the existing ones, at most MAX_SESSIONS);
    returns their numbers. Nothing is written on refusal. When the plan replaces sessions that have a seating, a
    snapshot of the database is taken first (services.snapshots); without one nothing is written."""
    _check_plan(tournament, plan)  # a refused plan costs no snapshot
    replaced = _seated_sessions(tournament, plan.seating)
    with snapshot_before(reason(RESEAT, tournament.slug, replaced) if replaced else None):
        return _apply_seating_plan(actor, tournament, plan, replaced)


@transaction.atomic
def _apply_seating_plan(actor, tournament: Tournament, plan: SeatingPlan, covered: list[int]) -> list[int]:
    registrations = _check_plan(tournament, plan)
    check_covered(
        covered,
        _seated_sessions(tournament, plan.seating),
        where=_("The seating of %(tournament)s") % {"tournament": tournament.name},
    )
    sessions = schedule.ensure_sessions(actor=actor, tournament=tournament, count=max(plan.seating))
    by_number = {session.number: session for session in sessions}
    for number, tables in sorted(plan.seating.items()):
        schedule.set_session_seating(
            actor=actor,
            session=by_number[number],
            tables=[[registrations[r] for r in table] for table in tables],
        )
    numbers = sorted(plan.seating)
    audit.record(
        actor=actor,
        tournament=tournament,
        action=ACTIONS[plan.source],
        summary=_("Seating of sessions %(numbers)s %(how)s")
        % {"numbers": ", ".join(map(str, numbers)), "how": SOURCE_LABELS[plan.source]},
        data={
            "sessions": numbers,
            "kept": list(plan.kept),
            "seed": plan.seed,
            "avoid": plan.avoid,
            **snapshots.noted(),
        },
    )
    return numbers


def _check_plan(tournament: Tournament, plan: SeatingPlan) -> dict[int, Registration]:
    """Refuse a plan for sessions beyond the schedule or for players who changed; returns the registrations."""
    check_session_numbers(tournament, plan.seating)
    registrations = {
        r.pk: r for r in Registration.objects.filter(tournament=tournament).select_related("player")
    }
    for number, tables in sorted(plan.seating.items()):
        _check_plan_session(number, tables, registrations)
    return registrations


def _seated_sessions(tournament: Tournament, numbers) -> list[int]:
    """Those of these sessions that have a seating (saving the plan replaces it)."""
    seated = tournament.sessions.filter(number__in=list(numbers), tables__isnull=False)
    return sorted(set(seated.values_list("number", flat=True)))


def _check_plan_session(number: int, tables: list[list[int]], registrations: dict[int, Registration]) -> None:
    """The players may have changed since the plan was made: nobody unknown, withdrawn or a reserve, every active
    player."""
    seated = {r for table in tables for r in table}
    for registration_id in sorted(seated):
        registration = registrations.get(registration_id)
        if registration is None or registration.status in (WITHDRAWN, RESERVE):
            raise DomainError.coded("plan_outdated", session=number, player=registration or registration_id)
    for registration in registrations.values():
        if registration.status == ACTIVE and registration.pk not in seated:
            raise DomainError.coded("plan_outdated/no_seat", session=number, player=registration)


@transaction.atomic
def swap_players(*, actor, session: Session, first: Registration, second: Registration) -> None:
    """Give two players of one session each other's seat (table and wind)."""
    session = lock_session(session)  # the lock order of a result entry (services/locking.py)
    refuse_if_session_has_results(session)
    if first.pk == second.pk:
        raise DomainError.coded("same_player/swap")
    seat_one, seat_two = _seat_of(session, first), _seat_of(session, second)
    moved = [
        Seat(table_id=seat_two.table_id, session=session, wind=seat_two.wind, registration=first),
        Seat(table_id=seat_one.table_id, session=session, wind=seat_one.wind, registration=second),
    ]
    Seat.objects.filter(pk__in=[seat_one.pk, seat_two.pk]).delete()
    for seat in moved:
        seat.save()
    audit.record(
        actor=actor,
        tournament=session.tournament,
        action="seating.swap",
        summary=_(
            "Session %(session)s: %(first)s (table %(t1)s %(w1)s) and %(second)s (table %(t2)s %(w2)s) swapped"
        )
        % {
            "session": session.number,
            "first": first.player,
            "t1": seat_one.table.number,
            "w1": seat_one.wind,
            "second": second.player,
            "t2": seat_two.table.number,
            "w2": seat_two.wind,
        },
        data={
            "session": session.number,
            "players": [first.key, second.key],
            "first": str(first.player),
            "first_table": seat_one.table.number,
            "first_wind": seat_one.wind,
            "second": str(second.player),
            "second_table": seat_two.table.number,
            "second_wind": seat_two.wind,
        },
    )


def _seat_of(session: Session, registration: Registration) -> Seat:
    seat = session.seats.select_related("table").filter(registration=registration).first()
    if seat is None:
        raise DomainError.coded("not_seated", player=registration.player, session=session.number)
    return seat


@transaction.atomic
def publish_seating(
    *, actor, tournament: Tournament, numbers: Iterable[int], published: bool = True
) -> list[int]:
    """Show (or hide) the seating of these sessions on the public pages; returns the sessions that changed."""
    sessions = list(tournament.sessions.select_for_update().filter(number__in=list(numbers)))
    if published:
        for session in sessions:
            if not session.tables.exists():
                raise DomainError.coded("no_seating/publish", number=session.number)
    changed = [s.number for s in sessions if s.seating_published != published]
    tournament.sessions.filter(number__in=changed).update(seating_published=published)
    if changed:
        audit.record(
            actor=actor,
            tournament=tournament,
            action="seating.publish" if published else "seating.unpublish",
            summary=(
                _("Seating of sessions %(numbers)s published")
                if published
                else _("Seating of sessions %(numbers)s hidden")
            )
            % {"numbers": ", ".join(map(str, changed))},
            data={"sessions": changed},
        )
    return changed
