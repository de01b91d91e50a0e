"""What the direct service tests check each time (tournament/services/__init__.py states the contract): a refusal's
stable code, a message naming what and where, and nothing written; an audit entry's action, summary, actor (a login,
or None for the command line) and tournament."""

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model

from tournament.errors import DomainError
from tournament.models import AuditEntry

COMMAND_LINE = "command line"  # the stored name of an actor without a login (tournament.display.actors)


def database() -> dict[str, list[tuple]]:
    """Every row of every model of the app and every login, by model: a refused change leaves all of it as it was
    (an updated field counts, not only a row more or less)."""
    models = [*apps.get_app_config("tournament").get_models(), get_user_model()]
    return {model._meta.label: list(model.objects.order_by("pk").values_list()) for model in models}


def refused(call, code: str, *words: str) -> str:
    """Run ``call``: it must raise DomainError ``code`` whose message holds each of ``words`` and write nothing.
    Returns the message."""
    before = database()
    with pytest.raises(DomainError) as caught:
        call()
    assert caught.value.code == code, (caught.value.code, caught.value.message)
    for word in words:
        assert word in caught.value.message, caught.value.message
    after = database()
    changed = [label for label in before if after[label] != before[label]]
    assert not changed, f"a refused change wrote to {', '.join(changed)}"
    return caught.value.message


def last_entry_id() -> int:
    return AuditEntry.objects.order_by("-id").values_list("id", flat=True).first() or 0


def new_actions(since: int) -> list[str]:
    """The actions of the audit entries written after entry ``since``, oldest first."""
    return list(AuditEntry.objects.filter(pk__gt=since).order_by("id").values_list("action", flat=True))


def audited(since: int, action: str, *, summary: str, actor, tournament) -> AuditEntry:
    """The one audit entry of ``action`` written after entry ``since``, checked: its summary, who made the change
    (the login and its name, or None and "command line") and the tournament (None for one deleted or none)."""
    entries = list(AuditEntry.objects.filter(pk__gt=since, action=action).order_by("id"))
    assert len(entries) == 1, f"{len(entries)} entries {action}: {new_actions(since)}"
    entry = entries[0]
    assert entry.summary == summary
    assert entry.actor_id == (actor.pk if actor is not None else None)
    assert entry.actor_label == (actor.get_username() if actor is not None else COMMAND_LINE)
    assert entry.tournament_id == (tournament.pk if tournament is not None else None)
    return entry
