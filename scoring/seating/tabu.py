"""Conflict-directed tabu search on the swap neighbourhood (research note §3.5, §7.2).

State: the free tables of every searched session, the meeting counts m(p, q) (frozen tables included) and the
weights A[p][q] = K * m(p, q) + penalty(p, q). The cost is sum over pairs of K * C(m, 2) + penalty * m, so a
pair costs K for every meeting beyond the first and `penalty` for every meeting at all (same group, two ghosts).
Swapping a (table Ta) with b (table Tb) in one session changes twelve pairs and costs, in O(1):

    delta = 6K + sum_{x in Ta - a} (A[b][x] - A[a][x]) + sum_{y in Tb - b} (A[a][y] - A[b][y])

Every iteration looks at the players who share a table with a conflicting partner (a pair that costs something)
and takes the best swap of one of them with anybody at another free table of the same session; the swapped pair
is tabu in that session for a random tenure, unless the move beats the best cost found (aspiration). After a long
stagnation the search restarts from the best schedule with a few random swaps, or stops.

The one search of who meets whom: the generator (generator.py) and the continuation after withdrawals
(continuation.py) both run it, each with its own Settings (tenure, stagnation, restarts), chosen for its sizes.

Runs are bounded by an effort budget (swaps evaluated, counted, not timed), so a seed gives the same result on every machine. The deadline is only
a safety net against a machine far slower than expected; when it fires, the result depends on the clock.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from scoring.limits import MAX_SEARCH_POSITIONS

REPEAT_WEIGHT = 8  # K: one repeated meeting costs as much as 8 same-group meetings
UNREACHABLE = 1 << 60
NO_MOVE = UNREACHABLE // 2  # real deltas are far below, impossible swaps far above


@dataclass(frozen=True)
class Settings:
    """What a caller of the search chooses: the values differ between the generator and the continuation."""

    tenure: tuple[int, int]  # a swapped pair stays tabu for a random number of iterations in this range
    stall_limit: int  # iterations without a better schedule before the search restarts (or stops)
    restart: bool  # after stall_limit: restart from the best with a few random swaps (True) or stop (False)
    max_positions: int = MAX_SEARCH_POSITIONS  # conflict positions looked at per iteration (sampled beyond)


class TabuSearch:
    def __init__(
        self,
        n_players: int,
        sessions: list[list[list[int]]],
        base_meet: list[list[int]],
        penalty: list[list[int]],
        rng: random.Random,
        settings: Settings,
    ):
        """`sessions` holds the free tables of each searched session (changed in place); `base_meet` the meetings
        of everything that is not searched; `penalty` the cost of one meeting of a pair (0 for most pairs)."""
        self.n = n_players
        self.rng = rng
        self.settings = settings
        self.penalty = penalty
        self.base_meet = base_meet
        self._load(sessions)

    def _load(self, sessions: list[list[list[int]]]) -> None:
        """Set the state to these sessions (lists are kept and changed in place) and recompute everything."""
        n = self.n
        self.sessions = sessions
        self.meet = [list(row) for row in self.base_meet]
        self.where = [[-1] * n for _ in sessions]
        for s, tables in enumerate(sessions):
            for t, table in enumerate(tables):
                for p in table:
                    self.where[s][p] = t
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        self.meet[p][q] += 1
                        self.meet[q][p] += 1
        k = REPEAT_WEIGHT
        self.weight = [
            [k * m + pen for m, pen in zip(mrow, prow, strict=True)]
            for mrow, prow in zip(self.meet, self.penalty, strict=True)
        ]
        self.table_cost = [[0] * n for _ in sessions]
        for s, tables in enumerate(sessions):
            self._refresh_tables(s, *tables)
        self.cost = self._full_cost()
        self.conflicts: set[int] = {
            p * n + q for p in range(n) for q in range(p + 1, n) if self._conflict(p, q)
        }

    # --- bookkeeping -------------------------------------------------------------------------------------------

    def _full_cost(self) -> int:
        k = REPEAT_WEIGHT
        total = 0
        for p in range(self.n):
            mrow, prow = self.meet[p], self.penalty[p]
            for q in range(p + 1, self.n):
                m = mrow[q]
                total += k * m * (m - 1) // 2 + prow[q] * m
        return total

    def _conflict(self, p: int, q: int) -> bool:
        m = self.meet[p][q]
        return m >= 2 or (m == 1 and self.penalty[p][q] > 0)

    def _change_pair(self, p: int, q: int, step: int) -> None:
        """Add step (+1 or -1) meetings to the pair, keeping weights, table costs and conflicts up to date."""
        k = REPEAT_WEIGHT
        self.meet[p][q] += step
        self.meet[q][p] += step
        self.weight[p][q] += step * k
        self.weight[q][p] += step * k
        for s, where in enumerate(self.where):
            if where[p] == where[q] != -1:
                self.table_cost[s][p] += step * k
                self.table_cost[s][q] += step * k
        key = p * self.n + q if p < q else q * self.n + p
        if self._conflict(p, q):
            self.conflicts.add(key)
        else:
            self.conflicts.discard(key)

    def swap(self, s: int, a: int, b: int, delta: int) -> None:
        where = self.where[s]
        ta, tb = where[a], where[b]
        table_a, table_b = self.sessions[s][ta], self.sessions[s][tb]
        xs = [x for x in table_a if x != a]
        ys = [y for y in table_b if y != b]
        # leave the old tables first (the session's table costs are recomputed at the end)
        where[a] = where[b] = -1
        for x in xs:
            self._change_pair(a, x, -1)
        for y in ys:
            self._change_pair(b, y, -1)
        for x in xs:
            self._change_pair(b, x, +1)
        for y in ys:
            self._change_pair(a, y, +1)
        table_a[table_a.index(a)] = b
        table_b[table_b.index(b)] = a
        where[a], where[b] = tb, ta
        self._refresh_tables(s, table_a, table_b)
        self.cost += delta

    def _refresh_tables(self, s: int, *tables: list[int]) -> None:
        weight, cost = self.weight, self.table_cost[s]
        for table in tables:
            for p in table:
                row = weight[p]
                cost[p] = sum(row[q] for q in table) - row[p]

    # --- search ------------------------------------------------------------------------------------------------

    def positions(self) -> list[tuple[int, int]]:
        """(session, player) for every player sitting with a conflicting partner in a searched session."""
        n = self.n
        found = set()
        for key in sorted(self.conflicts):
            p, q = divmod(key, n)
            for s, where in enumerate(self.where):
                if where[p] == where[q] != -1:
                    found.add((s, p))
                    found.add((s, q))
        return sorted(found)

    def best_move(self, positions, tabu: dict[int, int], iteration: int, best_cost: int):
        """The best admissible swap (delta, session, a, b) among the positions; ties broken by the rng."""
        k6 = 6 * REPEAT_WEIGHT
        weight = self.weight
        n = self.n
        best = NO_MOVE  # a swap within one table or with a frozen player costs about UNREACHABLE: never taken
        ties: list[tuple[int, int, int]] = []
        aspiration = best_cost - self.cost  # a tabu move is allowed when delta < aspiration
        for s, a in positions:
            where, tables = self.where[s], self.sessions[s]
            ta = where[a]
            x0, x1, x2 = (x for x in tables[ta] if x != a)
            ra, r0, r1, r2 = weight[a], weight[x0], weight[x1], weight[x2]
            base = k6 - ra[x0] - ra[x1] - ra[x2]
            # delta of swapping a with b = (part that depends on b's table) + (part that depends on b only)
            table_part = [base + ra[y0] + ra[y1] + ra[y2] + ra[y3] for y0, y1, y2, y3 in tables]
            table_part[ta] = UNREACHABLE
            table_part.append(UNREACHABLE)  # where[b] == -1: b is not in a searched table of this session
            deltas = [
                table_part[w] + c0 + c1 + c2 - ca - own
                for w, c0, c1, c2, ca, own in zip(where, r0, r1, r2, ra, self.table_cost[s], strict=True)
            ]
            if min(deltas) > best:
                continue
            tabu_base = s * n * n
            for b, d in enumerate(deltas):
                if d > best:
                    continue
                key = tabu_base + (a * n + b if a < b else b * n + a)
                if d >= aspiration and tabu.get(key, -1) >= iteration:
                    continue
                if d < best:
                    best = d
                    ties = [(s, a, b)]
                else:
                    ties.append((s, a, b))
        if not ties:
            return None
        s, a, b = ties[self.rng.randrange(len(ties))] if len(ties) > 1 else ties[0]
        return best, s, a, b

    def run(self, effort: int, target: int, deadline: float | None = None) -> tuple[list, int]:
        """Search until the cost reaches target or about `effort` swaps were evaluated; return (best, its cost)."""
        rng, n, settings = self.rng, self.n, self.settings
        best_cost = self.cost
        best = [[list(t) for t in tables] for tables in self.sessions]
        if all(len(tables) < 2 for tables in self.sessions):  # a swap is between two tables: none to make
            return best, best_cost
        tabu: dict[int, int] = {}
        last_improvement = 0
        iteration = 0
        while effort > 0 and best_cost > target:
            iteration += 1
            if (
                deadline is not None and time.monotonic() > deadline
            ):  # an iteration costs far more than a look
                break
            positions = self.positions()
            if not positions:
                break
            if len(positions) > settings.max_positions:
                positions = rng.sample(positions, settings.max_positions)
            effort -= len(positions) * n
            move = self.best_move(positions, tabu, iteration, best_cost)
            if move is None:
                continue
            delta, s, a, b = move
            self.swap(s, a, b, delta)
            key = s * n * n + (a * n + b if a < b else b * n + a)
            tabu[key] = iteration + rng.randint(*settings.tenure)
            if self.cost < best_cost:
                best_cost = self.cost
                best = [[list(t) for t in tables] for tables in self.sessions]
                last_improvement = iteration
            elif iteration - last_improvement > settings.stall_limit:
                if not settings.restart or (deadline is not None and time.monotonic() > deadline):
                    break
                self._restart_from(best)
                last_improvement = iteration
                tabu.clear()
        return best, best_cost

    def _restart_from(self, best: list) -> None:
        """Go back to the best schedule and shake it with a few random swaps."""
        self._load([[list(t) for t in tables] for tables in best])
        rng = self.rng
        for _ in range(max(2, len(self.sessions))):
            s = rng.randrange(len(self.sessions))
            tables = self.sessions[s]
            if len(tables) < 2:
                continue
            ta, tb = rng.sample(range(len(tables)), 2)
            a, b = rng.choice(tables[ta]), rng.choice(tables[tb])
            self.swap(s, a, b, self.swap_delta(s, a, b))

    def swap_delta(self, s: int, a: int, b: int) -> int:
        where, tables, weight = self.where[s], self.sessions[s], self.weight
        ra, rb = weight[a], weight[b]
        xs = [x for x in tables[where[a]] if x != a]
        ys = [y for y in tables[where[b]] if y != b]
        return 6 * REPEAT_WEIGHT + sum(rb[x] - ra[x] for x in xs) + sum(ra[y] - rb[y] for y in ys)


def cost_target(n_players: int, n_sessions: int) -> int:
    """The smallest possible repeat cost: all 3NS/2 meetings spread as evenly as possible over the C(N, 2) pairs."""
    pairs = n_players * (n_players - 1) // 2
    meetings = 3 * n_players * n_sessions // 2
    k, r = divmod(meetings, pairs)
    return REPEAT_WEIGHT * (r * (k + 1) * k // 2 + (pairs - r) * k * (k - 1) // 2)


def penalty_matrix(n_players: int, groups: Sequence | None, ghosts: Sequence[int] = ()) -> list[list[int]]:
    """Cost of one meeting: 1 for players of the same group, a prohibitive amount for two ghosts."""
    penalty = [[0] * n_players for _ in range(n_players)]
    if groups is not None:
        for p in range(n_players):
            for q in range(n_players):
                if p != q and groups[p] is not None and groups[p] == groups[q]:
                    penalty[p][q] = 1
    for p in ghosts:
        for q in ghosts:
            if p != q:
                penalty[p][q] = 1000 * REPEAT_WEIGHT
    return penalty
