"""The rows of the side rankings' public pages and hall slides, as plain data for templates
(templates/public/_group_ranking.html, _category_ranking.html, display/_pages.html): read from the overview's
standings (selectors.overview: each ranking computed once per change), figures through the one formatter
(display.numbers), places as the standings write them ('2=')."""

from collections.abc import Iterable

from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.standings import DISQUALIFIED
from tournament.display.names import rank_label
from tournament.display.numbers import points
from tournament.display.rankings import group_title, place_of, ranking_label, ranking_url, short_note
from tournament.models import Tournament
from tournament.models.prizes import CATEGORY
from tournament.presenters.standings import provisional_note
from tournament.selectors.overview import Overview
from tournament.selectors.side_rankings import ShownRanking, tournament_best


def ranking_rows(view: Overview, ranking: ShownRanking) -> list[dict]:
    """The rows of a shown ranking: a group ranking's (group_rows) or a category's (category_rows)."""
    if ranking.kind == CATEGORY:
        return category_rows(view, ranking.category)
    return group_rows(view, ranking.kind)


def group_rows(view: Overview, grouping: str) -> list[dict]:
    """Each team, country or club: place ('2='), name, the members in standings order (the counted ones first:
    the best K, or all), total, and the note when it has fewer members than K."""
    language, best = get_language(), tournament_best(view.latest.tournament, grouping)
    member = _members(view, language)
    rows = []
    for group in view.group_ranking(grouping):
        counted = set(group.counted)
        rows.append(
            {
                "rank": rank_label(group.rank, group.tied),
                "name": group.name,
                "counted": [member(player) for player in group.members if player in counted],
                "others": [member(player) for player in group.members if player not in counted],
                "total": points(group.total, language=language),
                "short": short_note(best) if group.short else "",
            }
        )
    return rows


def category_rows(view: Overview, category: str) -> list[dict]:
    """Each player of the category: place in the category ('2='), name, place in the standings, total."""
    language, url = get_language(), _player_url(view)
    rows = []
    for row in view.category_ranking(category):
        info = view.latest.players[row.player]
        rows.append(
            {
                "rank": rank_label(row.rank, row.tied),
                "name": info.name,
                "url": url(info.key),
                "overall": rank_label(row.overall.rank, row.overall.tied),
                "total": points(row.overall.total, language=language),
                "disqualified": row.overall.status == DISQUALIFIED,
            }
        )
    return rows


def player_places(view: Overview, registration_id: int, rankings: Iterable[ShownRanking]) -> list[dict]:
    """Where the player stands in each of ``rankings``: their team's (country's, club's) place among the groups,
    their place in each category they belong to; a ranking they are not in is left out."""
    info, slug = view.latest.players[registration_id], view.latest.tournament.slug
    places = []
    for ranking in rankings:
        if ranking.kind == CATEGORY:
            rows, title = view.category_ranking(ranking.category), ranking_label(CATEGORY, ranking.category)
            row = next((row for row in rows if row.player == registration_id), None)
        else:
            rows, name = view.group_ranking(ranking.kind), getattr(info, ranking.kind)
            row = next((row for row in rows if name and row.name == name), None)
            title = group_title(ranking.kind, name)
        if row is not None:
            places.append(
                {
                    "title": title,
                    "url": ranking_url(slug, ranking.kind, ranking.category),
                    "place": place_of(rank_label(row.rank, row.tied), len(rows)),
                }
            )
    return places


def ranking_note(tournament: Tournament, view: Overview, shown: int) -> str:
    """The standings' provisional line while the session shown is incomplete (presenters.standings.provisional_note);
    with every table in, still provisional while it counts results not confirmed yet (the standings mark each
    such figure; a ranking has no session figures to mark)."""
    note = provisional_note(tournament, view, shown)
    if note or not any(session <= shown for session, _table in view.unconfirmed):
        return note
    return _("Provisional: includes results not confirmed yet")


def _members(view: Overview, language: str):
    by_player = {row.player: row for row in view.latest.by_totals}
    url = _player_url(view)

    def member(player: int) -> dict:
        info, row = view.latest.players[player], by_player[player]
        return {
            "name": info.name,
            "url": url(info.key),
            "total": points(row.total, language=language),
            "disqualified": row.status == DISQUALIFIED,
        }

    return member


def _player_url(view: Overview):
    prefix = reverse("player_schedule", args=[view.latest.tournament.slug, "x"])[: -len("x/")]
    return lambda key: f"{prefix}{key}/"
