"""Per-tournament roles: organisers run the event, referees enter results and penalties. Superusers may do all.

Views use the decorators. A hidden tournament answers 404 to everybody without a role in it, exactly as a
tournament that does not exist; otherwise anonymous users go to the login page and the wrong role gets a 403.
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

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


def _role_required(check):
    def decorator(view):
        @wraps(view)
        def wrapped(request, slug, *args, **kwargs):
            from tournament.selectors.visibility import tournament_visible  # it asks the roles above

            tournament = get_object_or_404(Tournament, slug=slug)
            if not tournament_visible(tournament, request.user):
                raise Http404
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not check(request.user, tournament):
                raise PermissionDenied
            request.tournament = tournament
            return view(request, slug, *args, **kwargs)

        return wrapped

    return decorator


organiser_required = _role_required(can_organise)
referee_required = _role_required(can_referee)
