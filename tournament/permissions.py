"""Per-tournament roles: organisers run the event, referees enter results and penalties. Superusers may do all.

The staff pages' decorators (tournament.views.access) ask these.
"""

from tournament.models import Tournament, TournamentRole

ALL_ROLES = (TournamentRole.ORGANISER, TournamentRole.REFEREE)


def has_role(user, tournament: Tournament, *roles: str) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return TournamentRole.objects.filter(tournament=tournament, user=user, role__in=roles).exists()


def has_any_role(user, tournament: Tournament) -> bool:
    return has_role(user, tournament, *ALL_ROLES)


def can_organise(user, tournament: Tournament) -> bool:
    return has_role(user, tournament, TournamentRole.ORGANISER)


def can_referee(user, tournament: Tournament) -> bool:
    """Organisers may do everything a referee does."""
    return has_role(user, tournament, TournamentRole.REFEREE, TournamentRole.ORGANISER)
