"""The standings: computed from the entered results and penalties when asked, never stored.

The standings read a fixed number of queries (registrations, seat results, penalties), whatever the number of
players and sessions, and hand plain tuples to ``scoring.standings``.
"""

import threading
from collections import OrderedDict
from typing import NamedTuple

from django.db import connection

from scoring.penalties import PenaltyInput, penalty_points
from scoring.ruleset import Ruleset
from scoring.standings import (
    Entrant,
    PenaltyLine,
    ScoredTable,
    StandingRow,
    TablePlay,
    rank_standings,
    score_plays,
)
from scoring.table import SeatInput, SeatOutcome
from tournament.models import SeatResult, TableResult, Tournament
from tournament.selectors.penalties import active_penalties
from tournament.selectors.players import PlayerInfo, player_infos
from tournament.selectors.progress import CONFIRMED, with_verdict


class Standings(NamedTuple):
    tournament: Tournament
    after_session: int | None
    rows: tuple[StandingRow, ...]  # row.player is the registration id
    players: dict[int, PlayerInfo]
    sessions: tuple[int, ...]  # the session numbers that have at least one result counted

    def player(self, row: StandingRow) -> PlayerInfo:
        return self.players[row.player]


# Scored tables by rules and TableResult id. A result row never changes once written (a correction is a new row),
# the rules are frozen once results exist, and the ids of committed rows are never handed out again. Only results
# read outside a transaction are remembered (a transaction's own rows may still be rolled back), so an entry never
# goes stale; it spares the live standings from reading and rescoring every seat on every request. The memo is a
# bounded LRU: when it is full the least recently used tables are forgotten (and scored again when asked).
_SCORED: OrderedDict[tuple[Ruleset, int], tuple[SeatOutcome, ...]] = OrderedDict()
_SCORED_LIMIT = 200_000
_SCORED_LOCK = threading.Lock()


def scored_tables(tournament: Tournament, *, after_session: int | None = None) -> list[ScoredTable]:
    """Every table's current result, scored by the rules engine; in session and table order."""
    rules = tournament.rules
    results = _current_results(tournament, after_session)
    known = _recall(rules, [result.id for result in results])
    missing = [result for result in results if result.id not in known]
    if missing:
        plays = {
            result.id: TablePlay(result.session, result.table, seats, result.sticks)
            for result, seats in _seat_inputs(tournament, missing).items()
        }
        scored = score_plays(rules, plays.values())
        fresh = {result_id: table.outcomes for result_id, table in zip(plays, scored, strict=True)}
        known.update(fresh)
        if not connection.in_atomic_block:
            _remember(rules, fresh)
    return [ScoredTable(r.session, r.table, known[r.id]) for r in results]


def _recall(rules: Ruleset, ids: list[int]) -> dict[int, tuple[SeatOutcome, ...]]:
    """The remembered outcomes of these results, as a dict of the caller's own (later evictions cannot touch it)."""
    found = {}
    with _SCORED_LOCK:
        for result_id in ids:
            outcomes = _SCORED.get((rules, result_id))
            if outcomes is not None:
                _SCORED.move_to_end((rules, result_id))
                found[result_id] = outcomes
    return found


def _remember(rules: Ruleset, fresh: dict[int, tuple[SeatOutcome, ...]]) -> None:
    with _SCORED_LOCK:
        for result_id, outcomes in fresh.items():
            _SCORED[(rules, result_id)] = outcomes
        while len(_SCORED) > _SCORED_LIMIT:
            _SCORED.popitem(last=False)


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
    rows = rank_standings(
        entrants, tables, penalty_lines(tournament, after_session=after_session), after_session=after_session
    )
    sessions = tuple(sorted({table.session for table in tables}))
    return Standings(tournament, after_session, rows, players, sessions)


def last_session(standings: Standings) -> int:
    if standings.after_session is not None:
        return standings.after_session
    return max(standings.sessions, default=0)
