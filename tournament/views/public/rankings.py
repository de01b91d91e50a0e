"""The side rankings' public pages: /t/<slug>/rankings/team/ (country, club) and /t/<slug>/rankings/category/<name>/,
one for each ranking the organiser turns on (selectors.side_rankings.shown_rankings; any other is a 404). Hidden
standings hide them all (selectors.visibility). Live pages like the standings (views/public/live.py): rendered
once per change, 304 while unchanged, the standings' provisional line while a session is incomplete."""

from django.http import Http404
from django.shortcuts import render
from django.template.loader import render_to_string

from tournament.display.rankings import group_heading, ranking_label, ranking_title
from tournament.models import Tournament
from tournament.models.prizes import CATEGORY
from tournament.presenters.side_rankings import ranking_note, ranking_rows
from tournament.selectors.overview import Overview, overview
from tournament.selectors.results import last_session
from tournament.selectors.side_rankings import ShownRanking, shown_ranking, tournament_best
from tournament.selectors.visibility import standings_visible
from tournament.views.access import public_tournament
from tournament.views.public.live import live_page


def group_ranking(request, slug, grouping):
    return _ranking_page(request, slug, grouping, "")


def category_ranking(request, slug, name):
    return _ranking_page(request, slug, CATEGORY, name)


def _ranking_page(request, slug: str, kind: str, category: str):
    tournament = public_tournament(request, slug)
    ranking = shown_ranking(tournament, kind, category)
    if ranking is None:
        raise Http404("This ranking is not shown.")
    if not standings_visible(tournament, request.user):
        heading = ranking_label(ranking.kind, ranking.category)
        return render(request, "public/standings_hidden.html", {"tournament": tournament, "heading": heading})
    return live_page(
        request,
        tournament,
        name="ranking",
        variant=ranking.key,
        template="public/standings.html",
        build=lambda fresh, stamp, staff: ranking_fragment(fresh, overview(fresh, stamp), ranking),
    )


def ranking_fragment(tournament: Tournament, view: Overview, ranking: ShownRanking) -> dict:
    shown = last_session(view.latest)
    heading = ranking_title(ranking.kind, ranking.category, shown)
    context = {
        "tournament": tournament,
        "heading": heading,
        "provisional": ranking_note(tournament, view, shown),
    }
    context["rows"] = ranking_rows(view, ranking)
    if ranking.kind == CATEGORY:
        body = render_to_string("public/_category_ranking.html", context)
    else:
        context.update(
            best=tournament_best(tournament, ranking.kind), name_heading=group_heading(ranking.kind)
        )
        body = render_to_string("public/_group_ranking.html", context)
    return {"heading": heading, "body": body}
