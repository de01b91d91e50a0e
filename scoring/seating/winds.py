"""Seat winds: balanced by an equitable bipartite edge colouring (research note §4).

The schedule fixes who sits at which table; the winds are a proper 4-edge-colouring of the bipartite multigraph
with a left vertex per (player, block of 4 of the player's sessions) and a right vertex per table: every table gets
four different winds and, inside each block, a player never repeats a wind. So every player sits every wind
floor(S/4) or ceil(S/4) times, and exactly S/4 times when 4 divides S (König's edge-colouring theorem).

Frozen tables keep their seat order. Their colours are counted, the free tables are coloured in blocks of the
player's free sessions, and alternating-path swaps inside free tables then even out what the frozen part left.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from .schedule import Schedule

EMPTY = -1


def assign_winds(
    sessions: Sequence[Sequence[Sequence[int]]],
    n_players: int,
    rng: random.Random,
    frozen: Collection[tuple[int, int]] = (),
) -> Schedule:
    """The same tables with their players put in seat order E, S, W, N.

    `frozen` holds (session, table) index pairs whose given order is kept.
    """
    free = [(s, t) for s, session in enumerate(sessions) for t in range(len(session)) if (s, t) not in frozen]
    rng.shuffle(free)
    seats = _colour_blocks([sessions[s][t] for s, t in free], [s for s, _ in free], n_players, rng)
    counts = [[0, 0, 0, 0] for _ in range(n_players)]
    for s, session in enumerate(sessions):
        for t, table in enumerate(session):
            if (s, t) in frozen:
                for wind, p in enumerate(table):
                    counts[p][wind] += 1
    for seat in seats:
        for wind, p in enumerate(seat):
            counts[p][wind] += 1
    _even_out(seats, counts, n_players)
    ordered = {key: tuple(seat) for key, seat in zip(free, seats, strict=True)}
    return tuple(
        tuple(ordered.get((s, t), tuple(table)) for t, table in enumerate(session))
        for s, session in enumerate(sessions)
    )


def _colour_blocks(
    tables: list[Sequence[int]], table_sessions: list[int], n_players: int, rng: random.Random
) -> list[list[int]]:
    """König colouring: per table, the players in seat order, no player repeating a wind within a block."""
    block_of: dict[tuple[int, int], tuple[int, int]] = {}  # (player, session) -> left vertex (player, block)
    for p, sessions in enumerate(_sessions_by_player(tables, table_sessions, n_players)):
        for i, s in enumerate(sessions):
            block_of[p, s] = (p, i // 4)
    left: dict[tuple[int, int], list[int]] = {}
    right: list[list] = [[EMPTY] * 4 for _ in tables]
    for v, table in enumerate(tables):
        for p in table:
            u = block_of[p, table_sessions[v]]
            at_u = left.setdefault(u, [EMPTY] * 4)
            a = _free_colour(at_u, rng)
            b = _free_colour(right[v], rng)
            if right[v][a] != EMPTY:
                if at_u[b] == EMPTY:
                    a = b
                else:
                    _flip_path(left, right, v, a, b)
            right[v][a] = u
            at_u[a] = v
    return [[u[0] for u in colours] for colours in right]


def _sessions_by_player(
    tables: list[Sequence[int]], table_sessions: list[int], n_players: int
) -> list[list[int]]:
    sessions: list[list[int]] = [[] for _ in range(n_players)]
    for table, s in zip(tables, table_sessions, strict=True):
        for p in table:
            sessions[p].append(s)
    for player_sessions in sessions:
        player_sessions.sort()
    return sessions


def _free_colour(colours: list[int], rng: random.Random) -> int:
    return rng.choice([c for c in range(4) if colours[c] == EMPTY])


def _flip_path(left: dict, right: list[list], v: int, a: int, b: int) -> None:
    """Swap colours a and b along the a/b path that starts at table v with its a-coloured edge."""
    path = []  # (table, left vertex, colour)
    vertex, on_right, colour = v, True, a
    while True:
        nxt = right[vertex][colour] if on_right else left[vertex][colour]
        if nxt == EMPTY:
            break
        path.append((vertex, nxt, colour) if on_right else (nxt, vertex, colour))
        vertex, on_right, colour = nxt, not on_right, (b if colour == a else a)
    for table, u, colour in path:
        right[table][colour] = EMPTY
        left[u][colour] = EMPTY
    for table, u, colour in path:
        other = b if colour == a else a
        right[table][other] = u
        left[u][other] = table


def _even_out(seats: list[list[int]], counts: list[list[int]], n_players: int) -> None:
    """Lower the wind spread left by frozen tables with alternating-path swaps inside free tables.

    A path p -a- T1 -b- q1 -a- T2 -b- ... -b- r, swapping a and b at every table on it, moves one a from p to r
    and leaves the players in between unchanged; it is taken when it lowers sum of squares of the counts.
    """
    tables_of: list[list[int]] = [[] for _ in range(n_players)]
    for i, seat in enumerate(seats):
        for p in seat:
            tables_of[p].append(i)
    improved = True
    while improved:
        improved = False
        for p in range(n_players):
            for a in range(4):
                for b in range(4):
                    if counts[p][a] - counts[p][b] >= 2 and _move_wind(p, a, b, seats, counts, tables_of):
                        improved = True


def _move_wind(
    p: int, a: int, b: int, seats: list[list[int]], counts: list[list[int]], tables_of: list[list[int]]
) -> bool:
    gain_needed = 3 - (counts[p][a] - counts[p][b])  # the end player needs counts b - a >= this
    parent: dict[int, tuple[int, int]] = {p: (-1, -1)}  # player -> (previous player, table)
    queue = [p]
    for x in queue:
        for table in tables_of[x]:
            if seats[table][a] != x:
                continue
            y = seats[table][b]
            if y in parent:
                continue
            parent[y] = (x, table)
            if counts[y][b] - counts[y][a] >= gain_needed:
                _swap_along(y, parent, a, b, seats)
                counts[p][a] -= 1
                counts[p][b] += 1
                counts[y][a] += 1
                counts[y][b] -= 1
                return True
            queue.append(y)
    return False


def _swap_along(end: int, parent: dict[int, tuple[int, int]], a: int, b: int, seats: list[list[int]]) -> None:
    y = end
    while parent[y][0] != -1:
        x, table = parent[y]
        seats[table][a], seats[table][b] = seats[table][b], seats[table][a]
        y = x
