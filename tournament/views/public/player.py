"""A player's page: every session with table, wind, opponents, raw points, place, uma, penalties, substitute,
session result, running total and rank after it, and a chart of the rank over the sessions (SVG drawn here); the
player's team, and their place in each side ranking the public pages show (none while the standings are hidden,
as the rank); their statistics from the score sheets (presenters.statistics)."""

from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string

from scoring.side_rankings import TEAM
from tournament.display.names import rank_label
from tournament.display.rankings import group_title
from tournament.models import Registration, Tournament
from tournament.presenters.figures import SessionFigures
from tournament.presenters.player import player_labels, player_line
from tournament.presenters.side_rankings import player_places
from tournament.presenters.statistics import statistics_panel
from tournament.selectors.overview import Overview, overview
from tournament.selectors.seating import player_schedule as schedule_lines
from tournament.selectors.side_rankings import shown_rankings
from tournament.selectors.statistics import overview_statistics
from tournament.selectors.visibility import standings_visible
from tournament.views.access import public_tournament
from tournament.views.public.chart import rank_chart
from tournament.views.public.live import live_page


def player_schedule(request, slug, key):
    tournament = public_tournament(request, slug)
    hidden = not standings_visible(tournament, request.user)
    return live_page(
        request,
        tournament,
        name="player",
        variant=f"{key}|{int(hidden)}",
        template="public/player.html",
        build=lambda fresh, stamp, staff: player_fragment(
            fresh, overview(fresh, stamp), key, staff, standings_hidden=hidden
        ),
    )


def player_fragment(
    tournament: Tournament,
    view: Overview,
    key: str,
    staff: bool,
    *,
    standings_hidden: bool = False,
) -> dict:
    """The player's page; a key the tournament does not have is a 404 (asked only when the page is built)."""
    registration = get_object_or_404(
        Registration.objects.select_related("player"), tournament=tournament, key=key
    )
    registration.tournament = tournament  # its next seat asks for it (the clock's live session): read already
    registration_id = registration.pk
    row = next((r for r in view.latest.rows if r.player == registration_id), None)
    history = {point.session: point for point in view.history(registration_id)}
    results = {line.session: line for line in row.sessions} if row else {}
    figures = SessionFigures(view)
    lines = [
        player_line(figures, view, registration_id, schedule, results.get(schedule.session.number), history)
        for schedule in schedule_lines(tournament, registration)
    ]
    rankings = () if standings_hidden else shown_rankings(tournament)
    context = {
        "tournament": tournament,
        "registration": registration,
        "team": group_title(TEAM, registration.team) if registration.team else "",
        "side_places": player_places(view, registration_id, rankings) if row else [],
        "row": row,
        "rank": rank_label(row.rank, row.tied) if row else "",
        "total": figures.points(row.total) if row else None,
        "carry": figures.points(row.carry) if row and row.carry is not None else None,  # a finalist's
        "lines": lines,
        "chart": rank_chart(list(history.values()), len(view.latest.rows)),
        "statistics": _statistics(view, registration_id),
        "statistics_downloads": not standings_hidden,  # the export is public with the standings (downloads.py)
        "can_organise": staff,
        "labels": player_labels(),
    }
    if standings_hidden:  # before the prize ceremony: the player's results, not where they stand
        context.update(row=None, rank="", total=None, carry=None, chart=None)
        for line in lines:
            line.update(running="", rank="")
    return {
        "heading": str(registration.player),
        "body": render_to_string("public/_player.html", context),
    }


def _statistics(view: Overview, registration_id: int) -> dict | None:
    """The player's statistics of the tournament (shown with hidden standings too: they are made of the places at
    the tables and the hands, which are public; no total and no rank)."""
    stats = overview_statistics(view)
    return statistics_panel(stats.tally(registration_id), tournament_sheets=bool(stats.sheets))
