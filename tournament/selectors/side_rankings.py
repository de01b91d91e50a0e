"""Side rankings (team, country, club, category) and prize places, read from the main standings (a
``selectors.results.Standings``, e.g. ``overview.latest`` on the public pages): never a second scorer. The rules
are in scoring.side_rankings; this module only says where each player's group and categories are and which K the
tournament chose."""

from typing import NamedTuple

from scoring.side_rankings import (
    CLUB,
    COUNTRY,
    GROUPINGS,
    TEAM,
    CategoryRow,
    GroupRow,
    PrizePlace,
    prize_ranks,
    rank_category,
    rank_groups,
)
from tournament.models import Registration, Tournament
from tournament.models.prizes import CATEGORY
from tournament.selectors.results import Standings

BEST_FIELD = {TEAM: "team_best", COUNTRY: "country_best", CLUB: "club_best"}
TOURNAMENT_SETTING = object()  # "K as the tournament set it"


def tournament_best(tournament: Tournament, grouping: str) -> int | None:
    """The tournament's K for a grouping (None: every member counts)."""
    return getattr(tournament, BEST_FIELD[grouping])


def group_ranking(
    standings: Standings, grouping: str, *, best: int | None | object = TOURNAMENT_SETTING
) -> tuple[GroupRow, ...]:
    """Teams, countries or clubs ranked by their members' totals; ``best`` overrides the tournament's K. After a
    cut the side rankings follow the totals, never the final ranking (docs/organisers.md, "Finals and cuts")."""
    if grouping not in GROUPINGS:
        raise ValueError(f"unknown grouping {grouping!r}")
    if best is TOURNAMENT_SETTING:
        best = tournament_best(standings.tournament, grouping)
    group_of = {rid: getattr(info, grouping) for rid, info in standings.players.items()}
    return rank_groups(standings.by_totals, group_of, best=best)


def category_ranking(standings: Standings, category: str) -> tuple[CategoryRow, ...]:
    """The players of one category ranked among themselves, each with their overall row."""
    categories_of = {rid: info.categories for rid, info in standings.players.items()}
    return rank_category(standings.by_totals, categories_of, category)


def prize_places(standings: Standings) -> dict[int, PrizePlace]:
    """Registration id -> place for prizes, after the tournament's tie-breaks (shared only when all are equal)."""
    return prize_ranks(standings.rows, standings.tournament.tie_breaks or ())


def categories_in_use(tournament: Tournament) -> list[str]:
    """Every category some player of the tournament has, in alphabetical order (one spelling per name, ignoring
    case: the first met)."""
    seen: dict[str, str] = {}
    for names in Registration.objects.filter(tournament=tournament).values_list("categories", flat=True):
        for name in names or ():
            seen.setdefault(name.casefold(), name)
    return sorted(seen.values(), key=str.casefold)


GROUP_FIELDS = {TEAM: "team", COUNTRY: "player__country", CLUB: "club"}


def groupings_in_use(tournament: Tournament) -> list[str]:
    """The groupings (team, country, club) some player of the tournament is in, in GROUPINGS order."""
    registrations = Registration.objects.filter(tournament=tournament)
    return [
        grouping for grouping in GROUPINGS if registrations.exclude(**{GROUP_FIELDS[grouping]: ""}).exists()
    ]


class ShownRanking(NamedTuple):
    """A side ranking the organiser shows on the public pages: a grouping, or a category by its name."""

    kind: str  # TEAM, COUNTRY, CLUB or CATEGORY
    category: str = ""  # the category's name as the organiser wrote it (kind CATEGORY only)

    @property
    def key(self) -> str:
        """One text per ranking (a category in any case is one ranking): the pages' cache variant."""
        return f"{self.kind}|{self.category.casefold()}"


def shown_rankings(tournament: Tournament) -> tuple[ShownRanking, ...]:
    """The side rankings the organiser turned on, in the order the pages list them: team, country, club, then
    the categories in the organiser's order (one per name, ignoring case). Whether the viewer may see them is
    selectors.visibility's question (hidden standings hide them all)."""
    groups = [ShownRanking(grouping) for grouping in GROUPINGS if grouping in (tournament.shown_groups or ())]
    categories: dict[str, ShownRanking] = {}
    for name in tournament.shown_categories or ():
        categories.setdefault(name.casefold(), ShownRanking(CATEGORY, name))
    return (*groups, *categories.values())


def shown_ranking(tournament: Tournament, kind: str, category: str = "") -> ShownRanking | None:
    """The turned-on ranking a page asks for (a category in any case), or None."""
    wanted = ShownRanking(kind, category).key
    return next((ranking for ranking in shown_rankings(tournament) if ranking.key == wanted), None)
