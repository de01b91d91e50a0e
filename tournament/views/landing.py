"""Where a person lands after logging in: the pages of their role, not the public home page."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect

from tournament.models import TournamentRole


@login_required
def landing(request):
    """The referee's or organiser's page of their most recent tournament; the public home page otherwise."""
    role = (
        TournamentRole.objects.filter(user=request.user)
        .select_related("tournament")
        .order_by("-tournament__start_date", "-tournament__created_at", "role")
        .first()
    )
    if role is None:
        return redirect("home")
    if role.role == TournamentRole.ORGANISER:
        return redirect("seating_overview", role.tournament.slug)
    return redirect("referee_home", role.tournament.slug)
