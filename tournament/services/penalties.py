"""Giving and cancelling penalties (3.4.6, 5.5-5.7). A penalty is never deleted, only cancelled with a reason."""

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.errors import ScoringError
from scoring.penalties import PenaltyInput, penalty_points
from tournament.errors import DomainError
from tournament.models import Penalty, Registration, Session
from tournament.services import audit
from tournament.services.validation import check_length, check_submission_key


@transaction.atomic
def give_penalty(
    *,
    actor,
    registration: Registration,
    session: Session,
    kind: str,
    minutes: int | None = None,
    points: int | None = None,
    reason: str = "",
    submission_key: str | None = None,
) -> Penalty:
    """Give a penalty. ``submission_key`` makes a re-post of the same form (bad Wi-Fi, a double tap) return the
    penalty it created the first time: the registration's row is locked, so two identical posts at once give one
    penalty. A key used before for another player, session or kind is refused (``submission_reused``)."""
    check_submission_key(submission_key)
    registration = (
        Registration.objects.select_for_update(of=("self",)).select_related("player").get(pk=registration.pk)
    )
    if submission_key:
        earlier = _earlier_penalty(submission_key, registration, session, kind)
        if earlier is not None:
            return earlier
    if session.tournament_id != registration.tournament_id:
        raise DomainError.coded("foreign_player", player=registration)
    where = _where(session, registration)
    check_length(reason, model=Penalty, field="reason", where=where)
    penalty_input = PenaltyInput(kind, minutes, points, reason)
    try:
        deducted = penalty_points(session.tournament.rules, penalty_input, where=where)
    except ScoringError as error:
        raise DomainError.from_scoring(error) from error
    penalty, created = _create(actor, registration, session, penalty_input, submission_key)
    if not created:
        return penalty
    audit.record(
        actor=actor,
        tournament=session.tournament,
        action="penalty.give",
        summary=_("%(where)s: %(kind)s, %(points)s points")
        % {"where": where, "kind": penalty.get_kind_display(), "points": deducted},
        data={
            "penalty": penalty.pk,
            "key": registration.key,
            "name": str(registration.player),
            "session": session.number,
            "kind": kind,
            "minutes": minutes,
            "points": points,
            "deducted": deducted,
            "reason": reason,
        },
    )
    return penalty


def _where(session: Session, registration: Registration) -> str:
    return _("session %(session)s, %(player)s") % {"session": session.number, "player": registration.player}


def _create(actor, registration, session, penalty: PenaltyInput, submission_key) -> tuple[Penalty, bool]:
    """The new penalty and True; or the one the same form created in a transaction that committed meanwhile
    (another registration locked, so only the key's unique constraint saw the race) and False."""
    try:
        with transaction.atomic():  # a savepoint, so the transaction survives the constraint
            created = Penalty.objects.create(
                registration=registration,
                session=session,
                kind=penalty.kind,
                minutes=penalty.minutes,
                points=penalty.points,
                reason=penalty.reason,
                created_by=actor,
                created_by_label=audit.actor_label(actor),
                submission_key=submission_key or None,
            )
    except IntegrityError:
        earlier = (
            _earlier_penalty(submission_key, registration, session, penalty.kind) if submission_key else None
        )
        if earlier is None:
            raise
        return earlier, False
    return created, True


def _earlier_penalty(submission_key: str, registration: Registration, session: Session, kind: str):
    """The penalty this form created before, or None; a key used for another penalty is refused."""
    earlier = (
        Penalty.objects.filter(submission_key=submission_key)
        .select_related("session", "registration__player")
        .first()
    )
    if earlier is None:
        return None
    if (earlier.registration_id, earlier.session_id, earlier.kind) != (registration.pk, session.pk, kind):
        raise DomainError.coded(
            "submission_reused/penalty",
            player=earlier.registration.player,
            session=earlier.session.number,
            kind=earlier.get_kind_display(),
        )
    return earlier


@transaction.atomic
def cancel_penalty(*, actor, penalty: Penalty, reason: str) -> Penalty:
    """Cancel a penalty with a reason. Only the penalty's row is locked: locking its session and tournament too
    (FOR UPDATE) made a cancel wait for every result entry of the tournament in progress, and deadlock with one
    that held the tournament (FOR SHARE) and was about to take the session."""
    penalty = (
        Penalty.objects.select_for_update(of=("self",))
        .select_related("session__tournament", "registration__player")
        .get(pk=penalty.pk)
    )
    if penalty.cancelled:
        raise _already_cancelled(penalty)
    if not reason.strip():
        raise DomainError.coded("cancel_reason")
    check_length(
        reason, model=Penalty, field="cancel_reason", where=_where(penalty.session, penalty.registration)
    )
    penalty.cancelled, penalty.cancel_reason = True, reason
    penalty.cancelled_by, penalty.cancelled_at = actor, timezone.now()
    penalty.save(update_fields=["cancelled", "cancel_reason", "cancelled_by", "cancelled_at"])
    audit.record(
        actor=actor,
        tournament=penalty.session.tournament,
        action="penalty.cancel",
        summary=_("Cancelled %(kind)s of %(player)s in session %(session)s")
        % {
            "kind": penalty.get_kind_display(),
            "player": penalty.registration.player,
            "session": penalty.session.number,
        },
        data={
            "penalty": penalty.pk,
            "key": penalty.registration.key,
            "name": str(penalty.registration.player),
            "session": penalty.session.number,
            "kind": penalty.kind,
            "reason": reason,
        },
    )
    return penalty


def _already_cancelled(penalty: Penalty) -> DomainError:
    """The refusal naming the penalty and who cancelled it, when and why (eight phones may cancel it at once)."""
    return DomainError.coded(
        "already_cancelled",
        kind=penalty.get_kind_display(),
        player=penalty.registration.player,
        session=penalty.session.number,
        who=audit.actor_label(penalty.cancelled_by),
        when=f"{timezone.localtime(penalty.cancelled_at):%H:%M}" if penalty.cancelled_at else "-",
        reason=penalty.cancel_reason,
    )
