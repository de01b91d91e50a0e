"""The standings: computed from the entered results and penalties when asked, never stored.

The standings read a fixed number of queries (registrations, seat results, penalties), whatever the number of
players and sessions, and hand plain tuples to ``scoring.standings``.
"""

from typing import NamedTuple

from scoring.penalties import PenaltyInput, penalty_points
from scoring.standings import (
    Entrant,
    PenaltyLine,
    ScoredTable,
    StandingRow,
    TablePlay,
    rank_standings,
    score_plays,
)
from scoring.table import SeatInput
from tournament.models import SeatResult, TableResult, Tournament
from tournament.selectors.cut import ranked, stored_cut
from tournament.selectors.penalties import active_penalties
from tournament.selectors.players import PlayerInfo, player_infos
from tournament.selectors.progress import CONFIRMED, with_verdict


class Standings(NamedTuple):
    tournament: Tournament
    after_session: int | None
    rows: tuple[StandingRow, ...]  # row.player is the registration id
    players: dict[int, PlayerInfo]
    sessions: tuple[int, ...]  # the session numbers that have at least one result counted
    # The rows by their totals (every session at full value), as the side rankings read them; after a cut
    # ``rows`` are the final ranking (scoring.finals, docs/organisers.md, "Finals and cuts"), else the same rows.
    totals: tuple[StandingRow, ...] = ()

    @property
    def by_totals(self) -> tuple[StandingRow, ...]:
        return self.totals or self.rows

    def player(self, row: StandingRow) -> PlayerInfo:
        return self.players[row.player]


def scored_tables(tournament: Tournament, *, after_session: int | None = None) -> list[ScoredTable]:
    """Every table's current result, scored by the rules engine; in session and table order. Nothing is
    remembered here: the public pages build their overview once per change (selectors.overview)."""
    results = _current_results(tournament, after_session)
    plays = [
        TablePlay(result.session, result.table, seats, result.sticks)
        for result, seats in _seat_inputs(tournament, results).items()
    ]
    return score_plays(tournament.rules, plays)


class _Result(NamedTuple):
    id: int
    session: int
    table: int
    sticks: int


def _current_results(tournament: Tournament, after_session: int | None) -> list[_Result]:
    """Every current table result, in session and table order."""
    results = TableResult.objects.filter(is_current=True, table__session__tournament=tournament)
    if tournament.confirmation_required and not tournament.count_unconfirmed:
        results = with_verdict(results).filter(verdict=CONFIRMED)
    if after_session is not None:
        results = results.filter(table__session__number__lte=after_session)
    rows = results.order_by("table__session__number", "table__number").values_list(
        "id", "table__session__number", "table__number", "leftover_sticks"
    )
    return [_Result(*row) for row in rows]


def _seat_inputs(tournament: Tournament, results: list[_Result]) -> dict[_Result, list[SeatInput]]:
    """The four seats of each given result, in seat order E, S, W, N."""
    by_id = {result.id: result for result in results}
    if len(by_id) <= 500:
        seat_rows = SeatResult.objects.filter(result_id__in=by_id)
    else:  # many: one pass over the tournament's current seats costs less than a long IN list
        seat_rows = SeatResult.objects.filter(
            result__is_current=True, result__table__session__tournament=tournament
        )
    seats: dict[_Result, list[SeatInput]] = {result: [] for result in results}
    for result_id, wind, registration_id, raw, substitute in seat_rows.order_by("seat__order").values_list(
        "result_id", "seat__wind", "seat__registration_id", "raw_score", "substitute"
    ):
        if result_id in by_id:
            seats[by_id[result_id]].append(SeatInput(wind, registration_id, raw, substitute))
    return seats


def penalty_lines(tournament: Tournament, *, after_session: int | None = None) -> list[PenaltyLine]:
    rules = tournament.rules
    penalties = active_penalties(tournament=tournament, after_session=after_session)
    rows = penalties.values_list("registration_id", "session__number", "kind", "minutes", "points", "reason")
    return [
        PenaltyLine(
            registration_id, session, penalty_points(rules, PenaltyInput(kind, minutes, points, reason))
        )
        for registration_id, session, kind, minutes, points, reason in rows
    ]


def standings(tournament: Tournament, *, after_session: int | None = None) -> Standings:
    players = player_infos(tournament)
    tables = scored_tables(tournament, after_session=after_session)
    entrants = [Entrant(info.registration_id, info.status) for info in players.values()]
    plain = rank_standings(
        entrants, tables, penalty_lines(tournament, after_session=after_session), after_session=after_session
    )
    rows, totals = ranked(plain, stored_cut(tournament), after_session)
    sessions = tuple(sorted({table.session for table in tables}))
    return Standings(tournament, after_session, rows, players, sessions, totals)


def last_session(standings: Standings) -> int:
    if standings.after_session is not None:
        return standings.after_session
    return max(standings.sessions, default=0)
