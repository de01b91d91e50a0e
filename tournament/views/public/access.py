"""Which tournaments the public may see (selectors.visibility): a hidden tournament is a 404 to everybody without a
role in it."""

from django.http import Http404
from django.shortcuts import get_object_or_404

from tournament.models import Tournament
from tournament.selectors.visibility import tournament_visible


def public_tournament(request, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament_visible(tournament, request.user):
        raise Http404
    return tournament
