"""Giving and cancelling penalties (3.4.6, 5.5-5.7). A penalty is never deleted, only cancelled with a reason."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.errors import ScoringError
from scoring.penalties import PenaltyInput, penalty_points
from tournament.models import Penalty, Registration, Session
from tournament.services import audit
from tournament.services.errors import DomainError


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
    if submission_key:
        earlier = Penalty.objects.filter(submission_key=submission_key).first()
        if earlier is not None:
            return earlier
    if session.tournament_id != registration.tournament_id:
        raise DomainError(
            "foreign_player", _("%(player)s is not registered in this tournament.") % {"player": registration}
        )
    where = _("session %(session)s, %(player)s") % {"session": session.number, "player": registration.player}
    try:
        deducted = penalty_points(
            session.tournament.rules, PenaltyInput(kind, minutes, points, reason), where=where
        )
    except ScoringError as error:
        raise DomainError.from_scoring(error) from error
    penalty = Penalty.objects.create(
        registration=registration,
        session=session,
        kind=kind,
        minutes=minutes,
        points=points,
        reason=reason,
        created_by=actor,
        created_by_label=audit.actor_label(actor),
        submission_key=submission_key or None,
    )
    audit.record(
        actor=actor,
        tournament=session.tournament,
        action="penalty.give",
        summary=_("%(where)s: %(kind)s, %(points)s points")
        % {"where": where, "kind": penalty.get_kind_display(), "points": deducted},
        data={
            "penalty": penalty.pk,
            "key": registration.key,
            "session": session.number,
            "kind": kind,
            "minutes": minutes,
            "points": points,
            "deducted": deducted,
            "reason": reason,
        },
    )
    return penalty


@transaction.atomic
def cancel_penalty(*, actor, penalty: Penalty, reason: str) -> Penalty:
    penalty = (
        Penalty.objects.select_for_update()
        .select_related("session__tournament", "registration__player")
        .get(pk=penalty.pk)
    )
    if penalty.cancelled:
        raise DomainError("already_cancelled", _("This penalty was cancelled already."))
    if not reason.strip():
        raise DomainError("cancel_reason", _("Say why the penalty is cancelled."))
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
        data={"penalty": penalty.pk, "reason": reason},
    )
    return penalty
