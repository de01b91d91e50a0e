"""A player finds themself on their phone: by name or EMA number; one match goes straight to their page. Seats
played by a substitute (5.8) are found by the substitute's name and shown to the player they substitute for."""

from django.shortcuts import redirect, render

from scoring.limits import MAX_FOUND_PLAYERS, MAX_QUERY_CHARACTERS
from tournament.selectors.phones import find_players, listed, substitute_seats
from tournament.views.access import public_tournament


def find_player(request, slug):
    tournament = public_tournament(request, slug)
    query = " ".join(request.GET.get("q", "").split())[:MAX_QUERY_CHARACTERS]
    found = find_players(tournament, query) if query else []
    substituted = (
        substitute_seats(tournament, query, [info.registration_id for info in found]) if query else []
    )
    if len(found) == 1 and not substituted:
        return redirect("player_schedule", slug=slug, key=found[0].key)
    context = {
        "tournament": tournament,
        "query": query,
        "found": [(info, listed(info)) for info in found],
        "substituted": substituted,
        "more": len(found) == MAX_FOUND_PLAYERS,
    }
    return render(request, "public/find.html", context)
