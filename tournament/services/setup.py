"""Setting up a new tournament from the organiser's page: the tournament, its sessions and its first organiser,
all or nothing. Each step is the service used everywhere else (create_tournament, ensure_sessions, grant_role)."""

from collections.abc import Sequence
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.limits import MAX_SESSIONS
from tournament.models import Tournament, TournamentRole
from tournament.services.errors import DomainError
from tournament.services.schedule import ensure_sessions
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
    """Create the tournament with ``sessions`` sessions (start times in order); the actor becomes its organiser."""
    if not 1 <= sessions <= MAX_SESSIONS:
        raise DomainError(
            "bad_session_count",
            _("%(name)s: the number of sessions must be between 1 and %(max)s.")
            % {"name": name, "max": MAX_SESSIONS},
        )
    tournament = create_tournament(
        actor=actor, slug=slug, name=name, ruleset=ruleset, ruleset_overrides=ruleset_overrides, **details
    )
    ensure_sessions(actor=actor, tournament=tournament, count=sessions, starts=starts)
    if actor is not None:
        grant_role(actor=actor, tournament=tournament, user=actor, role=TournamentRole.ORGANISER)
    return tournament
