"""One session seated by the standings ("Swiss"): the top players together, table 1 being the top table.

An adapter until ``scoring.seating`` offers a Swiss session (research note 7.3): the players start in rank bands of
four (ranks 1-4 at table 1, 5-8 at table 2, ...), then swaps of two players at nearby tables are made while they
lower the cost: a rematch costs REMATCH, a same-group meeting GROUP, and a table pays for how far apart its
players' ranks are (4 * sum of squared ranks - (sum of ranks) squared: 20 for four neighbours in the ranking).
The seat winds are chosen to keep every player's winds even. Pure Python, deterministic.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from tournament.seating.continuation import balance_winds

REMATCH = 200
GROUP = 50
REACH = 3  # swaps only between tables at most this many apart


def seat_by_ranking(
    ranking: Sequence[int],
    met: list[list[int]],
    winds: list[list[int]],
    groups: Sequence[Hashable | None] | None = None,
) -> tuple[tuple[int, int, int, int], ...]:
    """Tables (best first) of the players in ``ranking`` (indices, best first), each in seat order E, S, W, N.

    ``met[p][q]`` counts the earlier meetings of p and q; ``winds[p]`` the times p sat E, S, W, N (updated).
    """
    rank = {p: r for r, p in enumerate(ranking)}
    pair = _pair_cost(met, groups)
    tables = [list(ranking[i : i + 4]) for i in range(0, len(ranking), 4)]
    while True:
        best = min(_swaps(tables, rank, pair), default=(0, None))
        if best[0] >= 0:
            break
        _, (t, i, u, j) = best
        tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
    tables.sort(key=lambda table: sum(rank[p] for p in table))  # the strongest table first
    return balance_winds([tables], winds)[0]


def _pair_cost(met: list[list[int]], groups: Sequence[Hashable | None] | None):
    def cost(p: int, q: int) -> int:
        same = groups is not None and groups[p] is not None and groups[p] == groups[q]
        return REMATCH * met[p][q] + (GROUP if same else 0)

    return cost


def _table_cost(table: Sequence[int], rank: dict[int, int], pair) -> int:
    ranks = [rank[p] for p in table]
    spread = 4 * sum(r * r for r in ranks) - sum(ranks) ** 2
    return spread + sum(pair(p, q) for i, p in enumerate(table) for q in table[i + 1 :])


def _swaps(tables: list[list[int]], rank: dict[int, int], pair):
    """(change of cost, (table, seat, other table, seat)) of every swap between tables at most REACH apart."""
    costs = [_table_cost(table, rank, pair) for table in tables]
    for t, table in enumerate(tables):
        for u in range(t + 1, min(t + REACH + 1, len(tables))):
            other = tables[u]
            for i, p in enumerate(table):
                for j, q in enumerate(other):
                    first = table[:i] + [q] + table[i + 1 :]
                    second = other[:j] + [p] + other[j + 1 :]
                    change = (
                        _table_cost(first, rank, pair) + _table_cost(second, rank, pair) - costs[t] - costs[u]
                    )
                    yield change, (t, i, u, j)
