"""Physical table numbers: spread every player's visits over the tables (WRC: no player kept at one table)."""

from __future__ import annotations

import random
from collections.abc import Sequence

WEIGHT = 4  # the cost of v visits to one table number is WEIGHT ** v: one more visit costs ever more
MAX_STEPS = 60_000


def number_tables(
    sessions: Sequence[Sequence[Sequence[int]]],
    n_players: int,
    rng: random.Random,
    frozen_tables: Sequence[int] = (),
) -> list[list[Sequence[int]]]:
    """Reorder the tables of every session (list index = table number) to spread each player's visits.

    The cost is the sum over players and table numbers of WEIGHT ** visits. Session by session each table group
    takes the cheapest free number (greedy); then random exchanges of two groups' numbers inside a session are
    made whenever they do not raise the cost (the sideways moves walk across the many equal-cost numberings of
    symmetric designs). The first frozen_tables[s] tables of session s keep their numbers.
    """
    n_tables = len(sessions[0]) if sessions else 0
    visits = [[0] * n_tables for _ in range(n_players)]
    numbered: list[list[Sequence[int]]] = []
    keep = [frozen_tables[s] if s < len(frozen_tables) else 0 for s in range(len(sessions))]
    for s, session in enumerate(sessions):
        order = list(session[: keep[s]]) + _greedy(session[keep[s] :], keep[s], visits)
        for t, table in enumerate(order):
            for p in table:
                visits[p][t] += 1
        numbered.append(order)
    movable = [s for s in range(len(sessions)) if n_tables - keep[s] >= 2]
    for _ in range(min(MAX_STEPS, 50 * len(sessions) * n_tables) if movable else 0):
        s = rng.choice(movable)
        i, j = rng.sample(range(keep[s], n_tables), 2)
        _exchange_if_not_worse(numbered[s], i, j, visits)
    return numbered


def _greedy(groups: Sequence[Sequence[int]], first: int, visits: list[list[int]]) -> list[Sequence[int]]:
    numbers = range(first, first + len(groups))
    cost = [[sum(WEIGHT ** visits[p][t] for p in group) for t in numbers] for group in groups]
    order: list[Sequence[int]] = [()] * len(groups)
    taken = [False] * len(groups)
    for g in sorted(range(len(groups)), key=lambda g: (-max(cost[g], default=0), g)):
        best = min((c, i) for i, c in enumerate(cost[g]) if not taken[i])[1]
        taken[best] = True
        order[best] = groups[g]
    return order


def _move_cost(row: list[int], i: int, j: int) -> int:
    """Change of sum WEIGHT ** visits when a player's visit moves from number i to number j."""
    vi, vj = row[i], row[j]
    return WEIGHT ** (vj + 1) - WEIGHT**vj + WEIGHT ** (vi - 1) - WEIGHT**vi


def _exchange_if_not_worse(order: list[Sequence[int]], i: int, j: int, visits: list[list[int]]) -> None:
    g, h = order[i], order[j]
    if sum(_move_cost(visits[p], i, j) for p in g) + sum(_move_cost(visits[q], j, i) for q in h) > 0:
        return
    for p in g:
        visits[p][i] -= 1
        visits[p][j] += 1
    for q in h:
        visits[q][j] -= 1
        visits[q][i] += 1
    order[i], order[j] = h, g
