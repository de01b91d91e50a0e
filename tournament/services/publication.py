"""What the public sees: the tournament's pages at all, and its standings (hidden before the prize ceremony)."""

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import Tournament
from tournament.services import audit
from tournament.services.locking import locked_tournament

# The audit log's action of each switch (tournament.display.audit_words says it in the reader's language).
ACTIONS = {"is_public": "tournament.is_public", "standings_hidden": "tournament.standings_hidden"}


@transaction.atomic
def set_public(*, actor, tournament: Tournament, public: bool) -> Tournament:
    """Publish or unpublish the tournament: a hidden tournament is a 404 to everybody without a role in it."""
    return _set(
        actor,
        tournament,
        "is_public",
        public,
        _("Tournament published: the public pages are on")
        if public
        else _("Tournament unpublished: the public pages are off"),
    )


@transaction.atomic
def set_standings_hidden(*, actor, tournament: Tournament, hidden: bool) -> Tournament:
    """Hide the standings from the public (staff still see them) or show them again."""
    return _set(
        actor,
        tournament,
        "standings_hidden",
        hidden,
        _("Standings hidden from the public") if hidden else _("Standings shown to the public again"),
    )


def _set(actor, tournament: Tournament, field: str, value: bool, summary: str) -> Tournament:
    tournament = locked_tournament(tournament)
    if getattr(tournament, field) == value:
        return tournament
    setattr(tournament, field, value)
    tournament.save(update_fields=[field])
    audit.record(
        actor=actor,
        tournament=tournament,
        action=ACTIONS[field],
        summary=summary,
        data={field: value},
    )
    return tournament
