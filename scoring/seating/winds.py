"""Seat winds: balanced by an equitable bipartite edge colouring (research note §4).

The schedule fixes who sits at which table; the winds are a proper 4-edge-colouring of the bipartite graph with a
left vertex per (player, block of sessions 4k..4k+3) and a right vertex per table: every table gets four different
winds and, inside each block, a player never repeats a wind. So every player sits every wind floor(S/4) or
ceil(S/4) times, and exactly S/4 times when 4 divides S (König's edge-colouring theorem). Edges are coloured one
by one; when the free colours of the two ends differ, an alternating path is flipped (§4.2).

Frozen tables keep their seat order: they are coloured first, as given, and a path through a frozen table is never
flipped (the other end's path, or another pair of colours, is tried; failing all, the seat leaves its block).
Alternating-path swaps inside free tables then even out what the frozen part left uneven. With frozen tables an
exact result is not guaranteed (the played winds may leave no way out), only likely.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from .quality import wind_counts
from .schedule import Schedule

EMPTY = -1


def assign_winds(
    sessions: Sequence[Sequence[Sequence[int]]],
    n_players: int,
    rng: random.Random,
    frozen: Collection[tuple[int, int]] = (),
) -> Schedule:
    """The same tables with their players put in seat order E, S, W, N.

    `frozen` holds (session, table) index pairs whose given order is kept. Without frozen tables the blocks are
    sessions 4k..4k+3 and the result is exact. With them, the blocks are also tried shifted by one to three
    sessions (a block may then straddle the played and the new sessions) and the most even result is kept.
    """
    best_key, best = None, None
    for shift in range(4) if frozen else (0,):
        seated = _seat_once(sessions, n_players, rng, frozen, shift)
        key = unevenness(seated, n_players, len(sessions))
        if best_key is None or key < best_key:
            best_key, best = key, seated
        if key == (0, 0):
            break
    assert best is not None
    return best


def _seat_once(sessions, n_players: int, rng: random.Random, frozen: Collection[tuple[int, int]], shift: int):
    keys = [(s, t) for s, session in enumerate(sessions) for t in range(len(session))]
    free = [key for key in keys if key not in frozen]
    rng.shuffle(free)
    colouring = _Colouring(rng, shift)
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
    _even_out(free_seats, counts, n_players)
    ordered = {key: tuple(seat) for key, seat in zip(free, free_seats, strict=True)}
    return tuple(
        tuple(ordered.get((s, t), tuple(table)) for t, table in enumerate(session))
        for s, session in enumerate(sessions)
    )


def unevenness(schedule: Schedule, n_players: int, n_sessions: int) -> tuple[int, int]:
    """(largest excess of a player's wind spread over the ideal, players above the ideal)."""
    ideal = 0 if n_sessions % 4 == 0 else 1
    excess = [max(row) - min(row) - ideal for row in wind_counts(schedule, n_players)]
    return max(0, *excess), sum(e > 0 for e in excess)


class _Colouring:
    """Left vertices: (player, block) and, for seats that cannot keep the block rule, unique spare vertices."""

    def __init__(self, rng: random.Random, shift: int = 0):
        self.rng = rng
        self.shift = shift  # blocks are sessions 4k - shift .. 4k - shift + 3
        self.left: dict[tuple, list] = {}
        self.right: list[list] = []  # per table: colour -> left vertex
        self.frozen: list[bool] = []
        self.spares = 0

    def add_frozen(self, table: Sequence[int], session: int) -> None:
        v = self._new_table(frozen=True)
        for colour, p in enumerate(table):
            u = (p, (session + self.shift) // 4)
            if self._at(u)[colour] != EMPTY:  # the given winds repeat within the block
                u = self._spare(p)
            self._join(u, v, colour)

    def add_free(self, table: Sequence[int], session: int) -> int:
        v = self._new_table(frozen=False)
        for p in table:
            u = (p, (session + self.shift) // 4)
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


def _even_out(seats: list[list[int]], counts: list[list[int]], n_players: int) -> None:
    """Lower the wind spread left by frozen tables with alternating-path swaps inside free tables.

    A path p -a- T1 -b- q1 -a- T2 -b- ... -b- r, swapping a and b at every table on it, moves one a from p to r
    and leaves the players in between unchanged. It is taken when it lowers the sum of squares of the counts.
    """
    tables_of: list[list[int]] = [[] for _ in range(n_players)]
    for i, seat in enumerate(seats):
        for p in seat:
            tables_of[p].append(i)
    changed = True
    while changed:
        changed = False
        for p in range(n_players):
            for a in range(4):
                for b in range(4):
                    if counts[p][a] - counts[p][b] >= 2 and _move_wind(p, a, b, seats, counts, tables_of):
                        changed = True


def _move_wind(
    p: int, a: int, b: int, seats: list[list[int]], counts: list[list[int]], tables_of: list[list[int]]
) -> bool:
    """Move one a from p to a player reachable by an a/b path, if that lowers the sum of squares."""
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
                end = y
                while y != p:  # swap a and b back along the path
                    x, table = parent[y]
                    seats[table][a], seats[table][b] = seats[table][b], seats[table][a]
                    y = x
                counts[p][a] -= 1
                counts[p][b] += 1
                counts[end][a] += 1
                counts[end][b] -= 1
                return True
            queue.append(y)
    return False
