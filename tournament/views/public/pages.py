"""The public pages: the list of tournaments, a tournament's page and its standings. Read-only."""

from django.shortcuts import render

from tournament import selectors
from tournament.exporters.standings import last_session, standings_rows
from tournament.models import Tournament
from tournament.numbers import points
from tournament.selectors.progress import sessions_with_results
from tournament.tables import StandingsTable
from tournament.views.params import session_param
from tournament.views.public.access import public_tournament


def home(request):
    tournaments = Tournament.objects.filter(is_public=True)
    return render(request, "tournament/home.html", {"tournaments": tournaments})


def tournament_home(request, slug):
    tournament = public_tournament(request, slug)
    return render(
        request,
        "tournament/tournament.html",
        {"tournament": tournament, "sessions": tournament.sessions.all()},
    )


def standings(request, slug):
    tournament = public_tournament(request, slug)
    after = session_param(request, tournament, "after")
    data = selectors.standings(tournament, after_session=after)
    shown = last_session(data)
    records = []
    for row in standings_rows(data):
        row["name"] = f"{row['first_name']} {row['last_name']}"
        row["by_session"] = {str(line["session"]): points(line["total"]) for line in row["sessions"]}
        records.append(row)
    table = StandingsTable(records, sessions=range(1, shown + 1), slug=tournament.slug)
    context = {
        "tournament": tournament,
        "table": table,
        "after_session": shown,
        "session_choices": sorted(sessions_with_results(tournament)),
        "is_filtered": after is not None,
    }
    return render(request, "tournament/standings.html", context)
