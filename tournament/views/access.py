"""Who may open a page: the public (a hidden tournament is a 404 to everybody without a role in it, exactly as a
tournament that does not exist: selectors.visibility) and the staff pages' decorators (anonymous users go to the
login page, the wrong role gets a 403; the roles are tournament.permissions)."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from tournament.models import Tournament
from tournament.permissions import can_organise, can_referee
from tournament.selectors.visibility import tournament_visible


def tournament_at(request, slug: str) -> Tournament:
    """The tournament of the address, as the language middleware read it (operations.language), else read now."""
    if not hasattr(request, "url_tournament"):  # a view called without the middleware
        return get_object_or_404(Tournament, slug=slug)
    if request.url_tournament is None:
        raise Http404
    return request.url_tournament


def public_tournament(request, slug: str) -> Tournament:
    tournament = tournament_at(request, slug)
    if not tournament_visible(tournament, request.user):
        raise Http404
    return tournament


def _role_required(check):
    def decorator(view):
        @wraps(view)
        def wrapped(request, slug, *args, **kwargs):
            tournament = tournament_at(request, slug)
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
