"""The referee's start page: every session with its tables entered and missing."""

from django.shortcuts import render

from tournament.permissions import referee_required
from tournament.selectors.progress import tournament_progress


@referee_required
def home(request, slug):
    sessions = [session for session in tournament_progress(request.tournament) if session.tables]
    return render(request, "referee/home.html", {"tournament": request.tournament, "sessions": sessions})
