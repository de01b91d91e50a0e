"""A player's page: every session with table, wind, opponents, raw points, place, uma, penalties, substitute,
session result, running total and rank after it, and a chart of the rank over the sessions (SVG drawn here); the
player's team, and their place in each side ranking the public pages show (none while the standings are hidden,
as the rank)."""

from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.side_rankings import TEAM
from tournament.display.names import rank_label
from tournament.display.numbers import points_full
from tournament.display.rankings import group_title
from tournament.display.winds import WIND_NAMES
from tournament.models import Registration, Tournament
from tournament.presenters.figures import SessionFigures, penalty_text, substitute_text
from tournament.presenters.side_rankings import player_places
from tournament.selectors.overview import Overview, overview
from tournament.selectors.seating import player_schedule as schedule_lines
from tournament.selectors.side_rankings import shown_rankings
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
    registration_id = registration.pk
    row = next((r for r in view.latest.rows if r.player == registration_id), None)
    history = {point.session: point for point in view.history(registration_id)}
    results = {line.session: line for line in row.sessions} if row else {}
    figures = SessionFigures(view)
    lines = [
        _line(figures, view, registration_id, schedule, results.get(schedule.session.number), history)
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
        "lines": lines,
        "chart": rank_chart(list(history.values()), len(view.latest.rows)),
        "can_organise": staff,
        "labels": _labels(),
    }
    if standings_hidden:  # before the prize ceremony: the player's results, not where they stand
        context.update(row=None, rank="", total=None, chart=None)
        for line in lines:
            line.update(running="", rank="")
    return {
        "heading": str(registration.player),
        "body": render_to_string("public/_player.html", context),
    }


def _labels() -> dict[str, str]:
    """Each cell's label (shown before the value when a row becomes a block on a phone), translated once."""
    return {
        "session": _("Session"),
        "starts": _("Starts"),
        "table": _("Table"),
        "wind": _("Wind"),
        "opponents": _("Playing with"),
        "raw": _("Raw points"),
        "place": _("Place"),
        "uma": _("Uma"),
        "penalties": _("Penalties"),
        "substitute": pgettext("public results", "Substitute"),
        "result": _("Result"),
        "running": _("Running total"),
        "rank": _("Rank after"),
    }


def _line(figures: SessionFigures, view: Overview, registration_id: int, schedule, result, history) -> dict:
    number = schedule.session.number
    players_url = reverse("player_schedule", args=[view.latest.tournament.slug, "x"])[: -len("x/")]
    seat = schedule.seat
    line = {
        "session": number,
        "starts_at": schedule.session.starts_at,
        "published": schedule.session.seating_published or result is not None,
        "table": seat.table.number if seat else None,
        "wind": seat.wind if seat else None,
        "opponents": [(f"{players_url}{key}/", name) for key, name in schedule.opponents],
        "substituted_by": schedule.substitute,
        "substitutes_for": schedule.substitutes_for,
        "played": result is not None and result.table is not None,
    }
    if result is None:
        line["wind_name"] = WIND_NAMES.get(line["wind"], "")
        return line
    if result.table is not None:
        outcome = view.outcome(number, result.table, registration_id)
        line.update(
            table=result.table,
            wind=result.wind,
            raw=points_full(result.raw, sign=False, language=figures.language),
            place=outcome.place if outcome else None,
            uma=figures.points(result.uma),
        )
    after = history.get(number)
    line.update(
        penalty_notes=[
            penalty_text(note, language=figures.language)
            for note in view.penalties.get((registration_id, number), ())
        ],
        substitute=substitute_text(
            result.substitute or "", view.substitute_names.get((registration_id, number), "")
        ),
        unconfirmed=(number, result.table) in view.unconfirmed,
        wind_name=WIND_NAMES.get(line["wind"], ""),
        result=figures.points(result.total),
        running=figures.points(after.total) if after else "",
        rank=rank_label(after.rank, after.tied) if after else "",
    )
    return line
