"""Which tournaments the public may see: a hidden tournament is a 404 to everybody without a role in it."""

from django.http import Http404
from django.shortcuts import get_object_or_404

from tournament.models import Tournament
from tournament.permissions import may_see


def public_tournament(request, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    if not may_see(request.user, tournament):
        raise Http404
    return tournament
