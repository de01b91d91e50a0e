"""Physical table numbers: spread every player's visits over the tables (WRC: no player kept at one table)."""

from __future__ import annotations

from collections.abc import Sequence


def number_tables(
    sessions: Sequence[Sequence[Sequence[int]]], n_players: int, frozen_tables: Sequence[int] = ()
) -> list[list[Sequence[int]]]:
    """Reorder the tables of every session (list index = table number) to spread each player's visits.

    Session by session, each table group is given the table number its players visited least so far (greedy,
    then pairwise exchanges while they lower the cost). The first frozen_tables[s] tables of session s keep
    their numbers. Cost of a group at a number: sum over its players of the square of their previous visits there.
    """
    visits = [[0] * (len(sessions[0]) if sessions else 0) for _ in range(n_players)]
    numbered: list[list[Sequence[int]]] = []
    for s, session in enumerate(sessions):
        keep = frozen_tables[s] if s < len(frozen_tables) else 0
        order = list(session[:keep]) + _assign(session[keep:], range(keep, len(session)), visits)
        for t, table in enumerate(order):
            for p in table:
                visits[p][t] += 1
        numbered.append(order)
    return numbered


def _assign(groups: Sequence[Sequence[int]], numbers: range, visits: list[list[int]]) -> list[Sequence[int]]:
    numbers = list(numbers)
    cost = [[sum(visits[p][t] ** 2 for p in group) for t in numbers] for group in groups]
    taken = [False] * len(numbers)
    slot = [0] * len(groups)
    # greedy: groups with the most to lose pick first
    for g in sorted(range(len(groups)), key=lambda g: (-max(cost[g], default=0), g)):
        best = min((c, i) for i, c in enumerate(cost[g]) if not taken[i])[1]
        taken[best] = True
        slot[g] = best
    improved = True
    while improved:
        improved = False
        for g in range(len(groups)):
            for h in range(g + 1, len(groups)):
                i, j = slot[g], slot[h]
                if cost[g][j] + cost[h][i] < cost[g][i] + cost[h][j]:
                    slot[g], slot[h] = j, i
                    improved = True
    order: list[Sequence[int]] = [()] * len(numbers)
    for g, i in enumerate(slot):
        order[i] = groups[g]
    return order
