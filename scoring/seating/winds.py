"""Seat winds: balanced by an equitable bipartite edge colouring (research note §4).

The schedule fixes who sits at which table; the winds are a proper 4-edge-colouring of the bipartite graph with a
left vertex per (player, block of sessions 4k..4k+3) and a right vertex per table: every table gets four different
winds and, inside each block, a player never repeats a wind. So every player sits every wind floor(S/4) or
ceil(S/4) times, and exactly S/4 times when 4 divides S (König's edge-colouring theorem). Edges are coloured one
by one; when the free colours of the two ends differ, an alternating path is flipped (§4.2).

Frozen tables keep their seat order: they are coloured first, as given, and a path through a frozen table is never
flipped (the other end's path, or another pair of colours, is tried; failing all, the seat leaves its block).
Alternating-path swaps inside free tables then even out what the frozen part left uneven.
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
    keys = [(s, t) for s, session in enumerate(sessions) for t in range(len(session))]
    free = [key for key in keys if key not in frozen]
    rng.shuffle(free)
    colouring = _Colouring(rng)
    for s, t in keys:
        if (s, t) in frozen:
            colouring.add_frozen(sessions[s][t], s)
    free_ids = [colouring.add_free(sessions[s][t], s) for s, t in free]
    counts = [[0, 0, 0, 0] for _ in range(n_players)]
    seats = colouring.seat_orders()
    for seat in seats:
        for wind, p in enumerate(seat):
            counts[p][wind] += 1
    free_seats = [seats[v] for v in free_ids]
    _even_out(free_seats, counts, n_players, rng)
    ordered = {key: tuple(seat) for key, seat in zip(free, free_seats, strict=True)}
    return tuple(
        tuple(ordered.get((s, t), tuple(table)) for t, table in enumerate(session))
        for s, session in enumerate(sessions)
    )


class _Colouring:
    """Left vertices: (player, block) and, for seats that cannot keep the block rule, unique spare vertices."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.left: dict[tuple, list] = {}
        self.right: list[list] = []  # per table: colour -> left vertex
        self.frozen: list[bool] = []
        self.spares = 0

    def add_frozen(self, table: Sequence[int], session: int) -> None:
        v = self._new_table(frozen=True)
        for colour, p in enumerate(table):
            u = (p, session // 4)
            if self._at(u)[colour] != EMPTY:  # the given winds repeat within the block
                u = self._spare(p)
            self._join(u, v, colour)

    def add_free(self, table: Sequence[int], session: int) -> int:
        v = self._new_table(frozen=False)
        for p in table:
            u = (p, session // 4)
            colour = self._colour_for(u, v)
            if colour is None:
                u = self._spare(p)
                colour = self._colour_for(u, v)
            self._join(u, v, colour)
        return v

    def seat_orders(self) -> list[list[int]]:
        return [[u[0] for u in colours] for colours in self.right]

    def _new_table(self, frozen: bool) -> int:
        self.right.append([EMPTY] * 4)
        self.frozen.append(frozen)
        return len(self.right) - 1

    def _spare(self, p: int) -> tuple:
        self.spares += 1
        return (p, "spare", self.spares)

    def _at(self, u: tuple) -> list:
        return self.left.setdefault(u, [EMPTY] * 4)

    def _join(self, u: tuple, v: int, colour: int) -> None:
        self._at(u)[colour] = v
        self.right[v][colour] = u

    def _colour_for(self, u: tuple, v: int) -> int | None:
        """A colour free at both ends, after flipping an alternating path that avoids frozen tables if needed."""
        at_u, at_v = self._at(u), self.right[v]
        free_u = [c for c in range(4) if at_u[c] == EMPTY]
        free_v = [c for c in range(4) if at_v[c] == EMPTY]
        common = [c for c in free_u if c in free_v]
        if common:
            return self.rng.choice(common)
        for a in self.rng.sample(free_u, len(free_u)):
            for b in self.rng.sample(free_v, len(free_v)):
                path = self._path(v, True, a, b)  # flipping it frees a at v
                if path is not None:
                    self._flip(path, a, b)
                    return a
                path = self._path(u, False, b, a)  # flipping it frees b at u
                if path is not None:
                    self._flip(path, a, b)
                    return b
        return None

    def _path(self, start, on_right: bool, first: int, second: int) -> list | None:
        """The edges (table, left vertex, colour) of the first/second alternating path from start; None if it
        passes through a frozen table."""
        path = []
        vertex, colour = start, first
        while True:
            nxt = self.right[vertex][colour] if on_right else self.left[vertex][colour]
            if nxt == EMPTY:
                return path
            table = vertex if on_right else nxt
            if self.frozen[table]:
                return None
            path.append((table, nxt if on_right else vertex, colour))
            vertex, on_right, colour = nxt, not on_right, (second if colour == first else first)

    def _flip(self, path: list, a: int, b: int) -> None:
        for table, u, colour in path:
            self.right[table][colour] = EMPTY
            self.left[u][colour] = EMPTY
        for table, u, colour in path:
            self._join(u, table, b if colour == a else a)


def _even_out(seats: list[list[int]], counts: list[list[int]], n_players: int, rng: random.Random) -> None:
    """Lower the wind spread left by frozen tables with alternating-path swaps inside free tables.

    A path p -a- T1 -b- q1 -a- T2 -b- ... -b- r, swapping a and b at every table on it, moves one a from p to r
    and leaves the players in between unchanged. It is taken when it lowers the sum of squares of the counts;
    when no path does, a path to a player r with as many a as b moves p's surplus to r (a sideways step, a
    limited number of times) so that surpluses wander until they meet a matching deficit.
    """
    tables_of: list[list[int]] = [[] for _ in range(n_players)]
    for i, seat in enumerate(seats):
        for p in seat:
            tables_of[p].append(i)
    sideways = SIDEWAYS_PER_PLAYER * n_players
    changed = True
    while changed:
        changed = False
        for p in range(n_players):
            for a, b in _surpluses(counts[p]):
                moved = _move_wind(p, a, b, seats, counts, tables_of, rng, sideways > 0)
                if moved == SIDEWAYS:
                    sideways -= 1
                changed |= bool(moved)
                if moved:
                    break


def _surpluses(row: list[int]) -> list[tuple[int, int]]:
    """(a, b) wind pairs with count a - count b >= 2, largest gap first."""
    pairs = [(row[b] - row[a], a, b) for a in range(4) for b in range(4) if row[a] - row[b] >= 2]
    return [(a, b) for _, a, b in sorted(pairs)]


IMPROVED, SIDEWAYS = 1, 2
SIDEWAYS_PER_PLAYER = 20


def _move_wind(
    p: int,
    a: int,
    b: int,
    seats: list[list[int]],
    counts: list[list[int]],
    tables_of: list[list[int]],
    rng: random.Random,
    may_step_sideways: bool,
) -> int:
    """Move one a from p to a player reachable by an a/b path: IMPROVED, SIDEWAYS or 0 (nothing done)."""
    gain_needed = 3 - (counts[p][a] - counts[p][b])  # the end player needs counts b - a >= this
    parent: dict[int, tuple[int, int]] = {p: (-1, -1)}  # player -> (previous player, table)
    level = []  # players where the move would change nothing
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
                _transfer(p, y, a, b, parent, seats, counts)
                return IMPROVED
            if counts[y][b] - counts[y][a] == gain_needed - 1:
                level.append(y)
            queue.append(y)
    if may_step_sideways and level:
        _transfer(p, rng.choice(level), a, b, parent, seats, counts)
        return SIDEWAYS
    return 0


def _transfer(
    p: int, y: int, a: int, b: int, parent, seats: list[list[int]], counts: list[list[int]]
) -> None:
    _swap_along(y, parent, a, b, seats)
    counts[p][a] -= 1
    counts[p][b] += 1
    counts[y][a] += 1
    counts[y][b] -= 1


def _swap_along(end: int, parent: dict[int, tuple[int, int]], a: int, b: int, seats: list[list[int]]) -> None:
    y = end
    while parent[y][0] != -1:
        x, table = parent[y]
        seats[table][a], seats[table][b] = seats[table][b], seats[table][a]
        y = x
