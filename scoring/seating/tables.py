"""Physical table numbers: spread every player's visits over the tables (WRC: no player kept at one table)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

STEPS = 30_000
OVER_CAP = 10  # weight of the square of the visits beyond ceil(S / T) to one table
START_TEMPERATURE = 3.0


def number_tables(
    sessions: Sequence[Sequence[Sequence[int]]],
    n_players: int,
    rng: random.Random,
    frozen_tables: Sequence[int] = (),
) -> list[list[Sequence[int]]]:
    """Reorder the tables of every session (list index = table number) to spread each player's visits.

    The cost of v visits of a player to one table number is v^2 + OVER_CAP * (v - cap)^2 beyond the ideal
    cap = ceil(S / T). Session by session each table group takes the cheapest free number (greedy); then a short
    simulated annealing exchanges the numbers of two groups of one session (seeded, a fixed number of steps).
    The first frozen_tables[s] tables of session s keep their numbers.
    """
    n_tables = len(sessions[0]) if sessions else 0
    cap = -(-len(sessions) // max(1, n_tables))
    visits = [[0] * n_tables for _ in range(n_players)]
    numbered: list[list[Sequence[int]]] = []
    keep = [frozen_tables[s] if s < len(frozen_tables) else 0 for s in range(len(sessions))]
    for s, session in enumerate(sessions):
        order = list(session[: keep[s]]) + _greedy(session[keep[s] :], keep[s], visits, cap)
        for t, table in enumerate(order):
            for p in table:
                visits[p][t] += 1
        numbered.append(order)
    movable = [s for s in range(len(sessions)) if n_tables - keep[s] >= 2]
    steps = min(STEPS, 300 * len(sessions) * n_tables) if movable else 0
    for step in range(steps):
        temperature = START_TEMPERATURE * (1 - step / steps) + 0.05
        s = rng.choice(movable)
        i, j = rng.sample(range(keep[s], n_tables), 2)
        _maybe_exchange(numbered[s], i, j, visits, cap, temperature, rng)
    return numbered


def _cost(v: int, cap: int) -> int:
    return v * v + OVER_CAP * max(0, v - cap) ** 2


def _greedy(
    groups: Sequence[Sequence[int]], first: int, visits: list[list[int]], cap: int
) -> list[Sequence[int]]:
    numbers = range(first, first + len(groups))
    cost = [[sum(_cost(visits[p][t] + 1, cap) for p in group) for t in numbers] for group in groups]
    order: list[Sequence[int]] = [()] * len(groups)
    taken = [False] * len(groups)
    for g in sorted(range(len(groups)), key=lambda g: (-max(cost[g], default=0), g)):
        best = min((c, i) for i, c in enumerate(cost[g]) if not taken[i])[1]
        taken[best] = True
        order[best] = groups[g]
    return order


def _move_cost(row: list[int], i: int, j: int, cap: int) -> int:
    """Change of cost when a player's visit moves from number i to number j."""
    vi, vj = row[i], row[j]
    return _cost(vj + 1, cap) - _cost(vj, cap) + _cost(vi - 1, cap) - _cost(vi, cap)


def _maybe_exchange(
    order: list[Sequence[int]],
    i: int,
    j: int,
    visits: list[list[int]],
    cap: int,
    temperature: float,
    rng: random.Random,
) -> None:
    g, h = order[i], order[j]
    delta = sum(_move_cost(visits[p], i, j, cap) for p in g) + sum(
        _move_cost(visits[q], j, i, cap) for q in h
    )
    if delta > 0 and rng.random() >= math.exp(-delta / temperature):
        return
    for p in g:
        visits[p][i] -= 1
        visits[p][j] += 1
    for q in h:
        visits[q][j] -= 1
        visits[q][i] += 1
    order[i], order[j] = h, g
