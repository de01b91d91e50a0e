"""Setting up a new tournament from the organiser's page: the tournament, its sessions and its first organiser,
all or nothing. Each step is the service used everywhere else (create_tournament, ensure_sessions, grant_role)."""

from collections.abc import Sequence
from datetime import datetime

from django.db import transaction

from tournament.models import Tournament, TournamentRole
from tournament.services.schedule import check_session_count, ensure_sessions
from tournament.services.tournaments import create_tournament, grant_role


@transaction.atomic
def set_up_tournament(
    *,
    actor,
    slug: str,
    name: str,
    ruleset: str,
    ruleset_overrides: dict | None = None,
    sessions: int,
    starts: Sequence[datetime | None] = (),
    **details,
) -> Tournament:
    """Create the tournament with ``sessions`` sessions (start times in order); the actor becomes its organiser.
    It is a draft (hidden: a 404 to everybody without a role in it, selectors.visibility) until the organiser
    publishes it (services.publication.set_public) unless ``is_public`` says otherwise."""
    check_session_count(sessions)  # before anything is written (ensure_sessions checks it again)
    details.setdefault("is_public", False)
    tournament = create_tournament(
        actor=actor, slug=slug, name=name, ruleset=ruleset, ruleset_overrides=ruleset_overrides, **details
    )
    ensure_sessions(actor=actor, tournament=tournament, count=sessions, starts=starts)
    if actor is not None:
        grant_role(actor=actor, tournament=tournament, user=actor, role=TournamentRole.ORGANISER)
    return tournament
