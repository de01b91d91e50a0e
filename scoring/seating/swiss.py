"""One session seated by the current standings ("Swiss"): top players together, no rematches (research §7.3).

The players start in rank bands (ranks 1-4 at table 1, 5-8 at table 2, ...). A tabu search over swaps of two
players of different tables then removes rematches and same-group meetings at the least cost in rank spread:

    cost = REMATCH * sum over pairs at a table of (K * earlier meetings + same group)
         + sum over tables of 4 * sum(rank^2) - sum(rank)^2        (4 * 4 * the variance of the ranks at the table)

REMATCH is larger than any rank spread, so a rematch is only kept when no seating avoids it. The winds are then
chosen table by table: a wind the player already had in the current block of four sessions is avoided, then the
player's least frequent wind is preferred.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from itertools import permutations

from .schedule import Schedule, ScheduleError, check_seed, check_size, meeting_matrix
from .tabu import REPEAT_WEIGHT, penalty_matrix

ITERATIONS = 2000
TENURE = (3, 10)
TIGHTEN_PASSES = 5
SEAT_ORDERS = tuple(permutations(range(4)))


def swiss_session(
    ranking: Sequence[int],
    history: Schedule,
    *,
    seed: int = 0,
    groups: Sequence[Hashable | None] | None = None,
) -> tuple[tuple[int, int, int, int], ...]:
    """The next session for the players in `ranking` (best first), tables in rank order, seats E, S, W, N."""
    players = list(ranking)
    check_size(len(players), len(history) + 1)
    check_seed(seed)
    if len(players) % 4 or len(set(players)) != len(players) or any(p < 0 for p in players):
        raise ScheduleError(
            "ranking",
            f"the ranking must list different players, a multiple of 4 ({len(players)} given)",
            count=len(players),
        )
    n = max([*players, *(p for session in history for table in session for p in table)]) + 1
    rng = random.Random(seed)
    weight = _pair_weights(n, history, groups)
    rank = {p: i for i, p in enumerate(players)}
    tables = [players[i : i + 4] for i in range(0, len(players), 4)]
    tables = _search(tables, weight, rank, len(players), rng)
    return tuple(_seat(table, history, rng) for table in tables)


def _pair_weights(n: int, history: Schedule, groups: Sequence[Hashable | None] | None) -> list[list[int]]:
    """K * earlier meetings + same group, per pair (the weights of the generator's search)."""
    if groups is not None and len(groups) < n:
        raise ScheduleError(
            "groups_length",
            f"groups has {len(groups)} entries for {n} players",
            groups=len(groups),
            players=n,
        )
    penalty = penalty_matrix(n, groups)
    return [
        [REPEAT_WEIGHT * m + pen for m, pen in zip(mrow, prow, strict=True)]
        for mrow, prow in zip(meeting_matrix(history, n), penalty, strict=True)
    ]


def _search(tables: list[list[int]], weight, rank: dict[int, int], n_ranked: int, rng: random.Random):
    """Tabu search over swaps of two players at different tables; returns the best tables found."""
    rematch = 16 * n_ranked * n_ranked  # above any change of the rank term

    def table_cost(table: list[int]) -> int:
        pairs = sum(weight[p][q] for i, p in enumerate(table) for q in table[i + 1 :])
        ranks = [rank[p] for p in table]
        return rematch * pairs + 4 * sum(r * r for r in ranks) - sum(ranks) ** 2

    costs = [table_cost(t) for t in tables]
    where = {p: i for i, t in enumerate(tables) for p in t}
    best, best_total, total = [list(t) for t in tables], sum(costs), sum(costs)
    tabu: dict[int, int] = {}
    for iteration in range(ITERATIONS):
        conflicted = [p for t in tables for p in t if any(weight[p][q] for q in t if q != p)]
        if not conflicted:
            break
        move = _best_swap(
            conflicted, tables, where, costs, table_cost, tabu, iteration, best_total - total, rng
        )
        if move is None:
            continue
        delta, a, b, cost_a, cost_b = move
        ta, tb = where[a], where[b]
        tables[ta][tables[ta].index(a)] = b
        tables[tb][tables[tb].index(b)] = a
        where[a], where[b] = tb, ta
        costs[ta], costs[tb] = cost_a, cost_b
        total += delta
        tabu[a] = tabu[b] = iteration + rng.randint(*TENURE)
        if total < best_total:
            best, best_total = [list(t) for t in tables], total
    _tighten(best, [table_cost(t) for t in best], table_cost)
    return [sorted(t, key=rank.__getitem__) for t in sorted(best, key=lambda t: min(rank[p] for p in t))]


def _tighten(tables: list[list[int]], costs: list[int], table_cost) -> None:
    """Steepest descent over all swaps: brings players closer to their rank band once rematches are gone."""
    for _ in range(TIGHTEN_PASSES):
        improved = False
        for ta, table_a in enumerate(tables):
            for i, a in enumerate(table_a):
                for tb in range(ta + 1, len(tables)):
                    table_b = tables[tb]
                    for j, b in enumerate(table_b):
                        new_a = table_cost([b if p == a else p for p in table_a])
                        new_b = table_cost([a if p == b else p for p in table_b])
                        if new_a + new_b < costs[ta] + costs[tb]:
                            table_a[i], table_b[j] = b, a
                            costs[ta], costs[tb] = new_a, new_b
                            a = b
                            improved = True
        if not improved:
            return


def _best_swap(conflicted, tables, where, costs, table_cost, tabu, iteration, aspiration, rng):
    best, ties = None, []
    for a in conflicted:
        ta = where[a]
        for tb, other in enumerate(tables):
            if tb == ta:
                continue
            for b in other:
                new_a = table_cost([b if p == a else p for p in tables[ta]])
                new_b = table_cost([a if p == b else p for p in other])
                delta = new_a + new_b - costs[ta] - costs[tb]
                if (tabu.get(a, -1) >= iteration or tabu.get(b, -1) >= iteration) and delta >= aspiration:
                    continue
                if best is None or delta < best:
                    best, ties = delta, [(a, b, new_a, new_b)]
                elif delta == best:
                    ties.append((a, b, new_a, new_b))
    if best is None:
        return None
    return (best, *ties[rng.randrange(len(ties))])


def _seat(table: list[int], history: Schedule, rng: random.Random) -> tuple[int, int, int, int]:
    """The table in seat order: no wind twice in the current block of four sessions, then the rarest winds."""
    block = history[len(history) - len(history) % 4 :]
    cost = {}
    for p in table:
        counts = [0, 0, 0, 0]
        used = [False] * 4
        for s, session in enumerate(history):
            for seats in session:
                if p in seats:
                    wind = seats.index(p)
                    counts[wind] += 1
                    used[wind] |= s >= len(history) - len(block)
        cost[p] = [100 * used[w] + counts[w] for w in range(4)]
    scored = [(sum(cost[table[i]][w] for w, i in enumerate(order)), order) for order in SEAT_ORDERS]
    low = min(score for score, _ in scored)
    order = rng.choice([order for score, order in scored if score == low])
    return (table[order[0]], table[order[1]], table[order[2]], table[order[3]])
