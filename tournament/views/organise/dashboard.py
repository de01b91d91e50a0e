"""The organiser's dashboard (/t/<slug>/organise/): every session with its tables entered, confirmed and
missing, the penalties of each session, the problems to fix (each linking to the page that fixes it) and the
latest changes."""

from django.shortcuts import render

from tournament.selectors.audit import latest_entries
from tournament.selectors.problems import dashboard_problems
from tournament.selectors.progress import tournament_progress
from tournament.selectors.session_penalties import penalties_by_session
from tournament.views.access import organiser_required

LATEST = 10


@organiser_required
def dashboard(request, slug):
    tournament = request.tournament
    progress = tournament_progress(tournament)
    penalties = penalties_by_session(tournament)
    sessions = [(session, penalties.get(session.number)) for session in progress]
    context = {
        "tournament": tournament,
        "sessions": sessions,
        "problems": dashboard_problems(tournament, progress),
        "latest": latest_entries(tournament, LATEST),
        "players": tournament.registrations.count(),
    }
    return render(request, "organise/dashboard.html", context)
