"""Where a person lands after logging in: the pages of their role, not the public home page."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect

from tournament.models import TournamentRole
from tournament.selectors.creators import can_create_tournaments


@login_required
def landing(request):
    """The organiser's dashboard or the referee's page of their most recent tournament; the list of tournaments
    (with "New tournament") for those who may create one; the public home page otherwise."""
    role = (
        TournamentRole.objects.filter(user=request.user)
        .select_related("tournament")
        .order_by("-tournament__start_date", "-tournament__created_at", "role")
        .first()
    )
    if role is None:
        return redirect("organise_home" if can_create_tournaments(request.user) else "home")
    if role.role == TournamentRole.ORGANISER:
        return redirect("organise_dashboard", role.tournament.slug)
    return redirect("referee_home", role.tournament.slug)
