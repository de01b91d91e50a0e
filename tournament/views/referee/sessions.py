"""The referee's lists: every session with its progress, and every table of one session (missing first)."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render

from tournament.display.names import folded
from tournament.models import Seat, Session
from tournament.selectors.progress import session_progress, tournament_progress
from tournament.selectors.seating import session_tables as seated_tables
from tournament.views.access import referee_required
from tournament.views.params import whole_number


@referee_required
def home(request, slug):
    sessions = [session for session in tournament_progress(request.tournament) if session.tables]
    return render(request, "referee/home.html", {"tournament": request.tournament, "sessions": sessions})


@referee_required
def session_tables(request, slug, number):
    tournament = request.tournament
    session = get_object_or_404(Session, tournament=tournament, number=number)
    progress = session_progress(tournament, number)
    if progress is None or not progress.tables:
        raise Http404
    players = {table["number"]: table["seats"] for table in seated_tables(session)}
    query = request.GET.get("q", "").strip()[:100]
    rows = [
        {"progress": table, "players": players.get(table.table, [])}
        for table in progress.tables
        if _matches(query, table.table, players.get(table.table, []))
    ]
    rows.sort(key=lambda row: (row["progress"].has_result, row["progress"].table))
    context = {
        "tournament": tournament,
        "session": session,
        "progress": progress,
        "rows": rows,
        "query": query,
    }
    return render(request, "referee/session.html", context)


def _matches(query: str, number: int, seats: list[Seat]) -> bool:
    """A table number, or part of a player's name (without regard to accents and case)."""
    if not query:
        return True
    table = whole_number(query)
    if table is not None:
        return table == number
    wanted = folded(query)
    return any(wanted in folded(str(seat.registration.player)) for seat in seats)
