"""Pages. Public pages are read-only; every change goes through tournament.services."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render

from tournament import selectors
from tournament.exporters.standings import last_session, standings_rows
from tournament.models import Tournament
from tournament.numbers import points
from tournament.tables import StandingsTable


def public_tournament(slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_public:
        raise Http404
    return tournament


def home(request):
    tournaments = Tournament.objects.filter(is_public=True)
    return render(request, "tournament/home.html", {"tournaments": tournaments})


def tournament_home(request, slug):
    tournament = public_tournament(slug)
    return render(
        request,
        "tournament/tournament.html",
        {"tournament": tournament, "sessions": tournament.sessions.all()},
    )


def standings(request, slug):
    tournament = public_tournament(slug)
    after = _after_session(request)
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
        "session_choices": range(1, max(data.sessions, default=0) + 1)
        if after is None
        else range(1, tournament.sessions.count() + 1),
        "is_filtered": after is not None,
    }
    return render(request, "tournament/standings.html", context)


def _after_session(request) -> int | None:
    value = request.GET.get("after", "")
    return int(value) if value.isdigit() and int(value) > 0 else None
