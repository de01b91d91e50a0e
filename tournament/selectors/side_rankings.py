"""Side rankings (team, country, club, category) and prize places, read from the main standings (a
``selectors.results.Standings``, e.g. ``overview.latest`` on the public pages): never a second scorer. The rules
are in scoring.side_rankings; this module only says where each player's group and categories are and which K the
tournament chose."""

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
from tournament.selectors.results import Standings

BEST_FIELD = {TEAM: "team_best", COUNTRY: "country_best", CLUB: "club_best"}
TOURNAMENT_SETTING = object()  # "K as the tournament set it"


def tournament_best(tournament: Tournament, grouping: str) -> int | None:
    """The tournament's K for a grouping (None: every member counts)."""
    return getattr(tournament, BEST_FIELD[grouping])


def group_ranking(
    standings: Standings, grouping: str, *, best: int | None | object = TOURNAMENT_SETTING
) -> tuple[GroupRow, ...]:
    """Teams, countries or clubs ranked by their members' totals; ``best`` overrides the tournament's K."""
    if grouping not in GROUPINGS:
        raise ValueError(f"unknown grouping {grouping!r}")
    if best is TOURNAMENT_SETTING:
        best = tournament_best(standings.tournament, grouping)
    group_of = {rid: getattr(info, grouping) for rid, info in standings.players.items()}
    return rank_groups(standings.rows, group_of, best=best)


def category_ranking(standings: Standings, category: str) -> tuple[CategoryRow, ...]:
    """The players of one category ranked among themselves, each with their overall row."""
    categories_of = {rid: info.categories for rid, info in standings.players.items()}
    return rank_category(standings.rows, categories_of, category)


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
