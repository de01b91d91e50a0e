"""Physical table numbers: spread every player's visits over the tables (WRC: no player kept at one table)."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

STEPS = 30_000
OVER_CAP = 10  # weight of the square of the visits beyond ceil(S / T) to one table
START_TEMPERATURE = 3.0
CLOCK_CHECK = 256  # annealing steps between looks at the deadline


def number_tables(
    sessions: Sequence[Sequence[Sequence[int]]],
    n_players: int,
    rng: random.Random,
    frozen_tables: Sequence[int] = (),
    deadline: float | None = None,
) -> list[list[Sequence[int]]]:
    """Reorder the tables of every session (list index = table number) to spread each player's visits.

    The cost of v visits of a player to one table number is v^2 + OVER_CAP * (v - cap)^2 beyond the ideal
    cap = ceil(S / T). Session by session each table group takes the cheapest free number (greedy); then a short
    simulated annealing exchanges the numbers of two groups of one session (seeded, a fixed number of steps).
    The first frozen_tables[s] tables of session s keep their numbers. Past the ``deadline`` (time.monotonic())
    the remaining sessions keep their order and the annealing stops: the result then depends on the clock.
    """
    n_tables = len(sessions[0]) if sessions else 0
    cap = -(-len(sessions) // max(1, n_tables))
    visits = [[0] * n_tables for _ in range(n_players)]
    numbered: list[list[Sequence[int]]] = []
    keep = [frozen_tables[s] if s < len(frozen_tables) else 0 for s in range(len(sessions))]
    seen: list[set[int]] = [set() for _ in range(n_players)]  # the numbers each player has visited so far
    for s, session in enumerate(sessions):
        if deadline is not None and time.monotonic() > deadline:
            order = list(session)  # out of time: the rest keep the order they came in
        else:
            order = list(session[: keep[s]]) + _greedy(session[keep[s] :], keep[s], visits, seen, cap)
        for t, table in enumerate(order):
            for p in table:
                visits[p][t] += 1
                seen[p].add(t)
        numbered.append(order)
    movable = [s for s in range(len(sessions)) if n_tables - keep[s] >= 2]
    steps = min(STEPS, 300 * len(sessions) * n_tables) if movable else 0
    for step in range(steps):
        if deadline is not None and step % CLOCK_CHECK == 0 and time.monotonic() > deadline:
            break
        temperature = START_TEMPERATURE * (1 - step / steps) + 0.05
        s = rng.choice(movable)
        i, j = rng.sample(range(keep[s], n_tables), 2)
        _maybe_exchange(numbered[s], i, j, visits, cap, temperature, rng)
    return numbered


def _cost(v: int, cap: int) -> int:
    return v * v + OVER_CAP * max(0, v - cap) ** 2


def _greedy(
    groups: Sequence[Sequence[int]], first: int, visits: list[list[int]], seen: list[set[int]], cap: int
) -> list[Sequence[int]]:
    """Each group, the worst-placed first, takes the cheapest free number (the lowest of equal ones).

    A number costs a group sum(_cost(visits + 1)) over its players; a number none of them visited costs the least
    (``base``), so only the numbers they visited are priced: the work grows with the visits, not tables squared.
    """
    numbers = range(first, first + len(groups))  # the session's free numbers: up to the last table
    extras = [_extra_costs(group, numbers, visits, seen, cap) for group in groups]
    bases = [sum(_cost(1, cap) for _ in group) for group in groups]
    worst = [base + max(extra.values(), default=0) for base, extra in zip(bases, extras, strict=True)]
    order: list[Sequence[int]] = [()] * len(groups)
    free = list(numbers)  # ascending
    for g in sorted(range(len(groups)), key=lambda g: (-worst[g], g)):
        best = next((t for t in free if t not in extras[g]), None)
        if best is None:
            best = min((extra, t) for t, extra in extras[g].items() if t in free)[1]
        free.remove(best)
        order[best - first] = groups[g]
    return order


def _extra_costs(group, numbers: range, visits, seen, cap: int) -> dict[int, int]:
    """Per number some player of the group visited: its cost above the cost of an unvisited number."""
    extra: dict[int, int] = {}
    first, unvisited = numbers.start, _cost(1, cap)
    for p in group:
        row = visits[p]
        for t in seen[p]:
            if t >= first:
                extra[t] = extra.get(t, 0) + _cost(row[t] + 1, cap) - unvisited
    return extra


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
