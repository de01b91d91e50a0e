"""The audit log: one entry per change made by a person, written in the same transaction as the change."""

from tournament.display.actors import COMMAND_LINE
from tournament.models import AuditEntry, Tournament


def actor_label(actor) -> str:
    return actor.get_username() if actor is not None else COMMAND_LINE


def record(
    *,
    actor,
    tournament: Tournament | None,
    action: str,
    summary: str,
    data: dict | None = None,
    label: str | None = None,
) -> AuditEntry:
    """``label`` names an actor without a login (the players of a table through the sheet's printed link)."""
    return AuditEntry.objects.create(
        tournament=tournament,
        actor=actor,
        actor_label=label or actor_label(actor),
        action=action,
        summary=str(summary)[:500],
        data=data or {},
    )
