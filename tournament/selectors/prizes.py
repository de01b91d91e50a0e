"""Who wins each prize (docs/organisers.md, "Side rankings and prizes"): read from the main standings (an Overview's
``latest``), never stored, so a corrected result moves a prize at once.

- A prize of the standings goes to the player whose place for prizes is its place (selectors.side_rankings.
  prize_places: the standings' rule, then the tournament's tie-breaks); a category prize the same among the
  category's players; a team, country or club prize to the group with that place (equal totals share it: the
  tie-breaks are for players).
- A tie the tie-breaks cannot break holds every place it covers (scoring.side_rankings.place_holders): two level at
  1 hold the prizes of places 1 and 2, and each names both. Nobody is picked.
- A place settled by a tie-break says which (``decided_by``).
- A prize of the statistics of the score sheets (the most wins, the highest hand: scoring.statistics) goes to the
  ranked player (not disqualified) with the most wins or the most valuable win; equal figures share the place, no
  tie-break (the same number of wins, a hand of the same value, is the same achievement).
- A player (or team) who wins two prizes keeps both: the overall prizes and the category prizes are awarded
  independently, as most European events do; each prize names the others its winner holds (``also``, the prizes:
  their titles are made where they are shown, display.prizes.prize_title) so the organiser can decide otherwise at
  the ceremony.
"""

from collections import defaultdict
from collections.abc import Hashable
from typing import NamedTuple

from scoring.side_rankings import (
    GROUPINGS,
    PrizePlace,
    category_prize_ranks,
    category_rows,
    deciding_tie_breaks,
    place_holders,
)
from scoring.standings import DISQUALIFIED
from scoring.statistics import highest_hand_places, most_wins_places
from tournament.models import Prize, Tournament
from tournament.models.prizes import CATEGORY, MOST_WINS, OVERALL, STATISTICS_RANKINGS
from tournament.selectors.overview import Overview
from tournament.selectors.progress import SessionProgress
from tournament.selectors.side_rankings import prize_places
from tournament.selectors.statistics import overview_statistics


class PrizeWinner(NamedTuple):
    key: Hashable  # ("player", registration id) or (grouping, the group's name)
    name: str  # the player's full name, or the team's, country's or club's name
    country: str  # the player's country ("" for a group)
    total: int
    rank: int  # the place in the standings (a player) or among the groups; shared when ``tied``
    tied: bool
    members: tuple[str, ...] = ()  # a group: the names of the members whose totals count
    short: bool = False  # a group with fewer members than its K: listed after the full ones
    figure: int | None = None  # a prize of the statistics: the wins, or the highest hand's value


class AwardedPrize(NamedTuple):
    prize: Prize
    winners: tuple[PrizeWinner, ...]  # empty: nobody holds the place (yet); more than one: a tie
    decided_by: str | None  # the tie-break that settled the place (scoring.side_rankings.TIE_BREAKS)
    also: tuple[Prize, ...]  # the other prizes its winner(s) hold

    @property
    def tied(self) -> bool:
        """The tie-breaks cannot separate the winners."""
        return len(self.winners) > 1


class PrizeList(NamedTuple):
    tournament: Tournament
    prizes: tuple[AwardedPrize, ...]
    final: bool  # every table of every session has its result: the winners will not change
    tie_breaks: tuple[str, ...]


def prize_list(view: Overview) -> PrizeList:
    """Every prize of the tournament in its order, with who holds its place in ``view.latest``."""
    standings = view.latest
    tournament = standings.tournament
    tie_breaks = tuple(tournament.tie_breaks or ())
    rankings = _Rankings(view, tie_breaks)
    found = [rankings.holders(prize) for prize in Prize.objects.filter(tournament=tournament)]
    held = defaultdict(list)
    for prize, winners, _decided in found:
        for winner in winners:
            held[winner.key].append(prize)
    awarded = tuple(
        AwardedPrize(prize, winners, decided, _others(held, winners, prize))
        for prize, winners, decided in found
    )
    return PrizeList(tournament, awarded, results_final(view.progress), tie_breaks)


def results_final(progress: tuple[SessionProgress, ...]) -> bool:
    """Every session is seated and every table has its result."""
    return bool(progress) and all(session.complete for session in progress)


def _others(held: dict, winners: tuple[PrizeWinner, ...], prize: Prize) -> tuple[Prize, ...]:
    """The other prizes held by any of ``winners``, each once, in the list's order."""
    others = {other.pk: other for winner in winners for other in held[winner.key] if other.pk != prize.pk}
    return tuple(others.values())


class _Rankings:
    """Each ranking a prize asks for, computed once for the whole list (the groups' once per overview)."""

    def __init__(self, view: Overview, tie_breaks: tuple[str, ...]):
        self.view, self.standings, self.tie_breaks = view, view.latest, tie_breaks
        self.rows = {row.player: row for row in self.standings.rows}
        # a category's prize shows the totals its ranking follows after a cut (docs/organisers.md, "Finals and cuts")
        self.totals = {row.player: row for row in self.standings.by_totals}
        self._places: dict[tuple[str, str], dict] = {}

    def holders(self, prize: Prize) -> tuple[Prize, tuple[PrizeWinner, ...], str | None]:
        if prize.ranking in GROUPINGS:
            return prize, self._group_holders(prize), None
        if prize.ranking in STATISTICS_RANKINGS:
            return prize, self._statistic_holders(prize), None
        places, decided = self._player_places(prize)
        keys = place_holders(places, prize.place)
        winners = tuple(self._player(key, category=prize.ranking == CATEGORY) for key in keys)
        return prize, winners, decided.get(keys[0]) if len(keys) == 1 else None

    def _player_places(self, prize: Prize) -> tuple[dict[Hashable, PrizePlace], dict[Hashable, str]]:
        which = (prize.ranking, prize.category.casefold() if prize.ranking == CATEGORY else "")
        if which not in self._places:
            self._places[which] = self._compute(prize)
        return self._places[which]

    def _compute(self, prize: Prize):
        rows = self.standings.rows
        if prize.ranking == OVERALL:
            return prize_places(self.standings), deciding_tie_breaks(rows, self.tie_breaks)
        rows = (
            self.standings.by_totals
        )  # the side rankings follow the totals (docs/organisers.md, "Finals and cuts")
        categories_of = {rid: info.categories for rid, info in self.standings.players.items()}
        places = category_prize_ranks(rows, categories_of, prize.category, self.tie_breaks)
        return places, deciding_tie_breaks(
            category_rows(rows, categories_of, prize.category), self.tie_breaks
        )

    def _player(self, registration_id: int, *, category: bool = False) -> PrizeWinner:
        info = self.standings.players[registration_id]
        row = (self.totals if category else self.rows)[registration_id]
        return PrizeWinner(
            ("player", registration_id), info.name, info.country, row.total, row.rank, row.tied
        )

    def _statistic_holders(self, prize: Prize) -> tuple[PrizeWinner, ...]:
        """The most wins or the highest hand among the ranked players (the disqualified and the withdrawn are not
        placed); equal figures share the place (scoring.statistics)."""
        tallies = overview_statistics(self.view).tallies
        eligible = {
            player: tallies[player]
            for player, row in self.rows.items()
            if player in tallies and row.status != DISQUALIFIED
        }
        if prize.ranking == MOST_WINS:
            places, measure = most_wins_places(eligible), "wins"
        else:
            places, measure = highest_hand_places(eligible), "highest_win"
        return tuple(
            self._player(key)._replace(figure=getattr(eligible[key], measure))
            for key in place_holders(places, prize.place)
        )

    def _group_holders(self, prize: Prize) -> tuple[PrizeWinner, ...]:
        groups = {group.name: group for group in self.view.group_ranking(prize.ranking)}
        places = {name: PrizePlace(group.rank, group.tied) for name, group in groups.items()}
        players = self.standings.players
        return tuple(
            PrizeWinner(
                (prize.ranking, name),
                name,
                "",
                groups[name].total,
                groups[name].rank,
                groups[name].tied,
                tuple(players[member].name for member in groups[name].counted),
                groups[name].short,
            )
            for name in place_holders(places, prize.place)
        )
