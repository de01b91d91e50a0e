"""Relabel the players of a finished schedule to keep groups apart (research note §5).

Swapping the labels of two players maps the schedule onto an isomorphic one: repeats, table visits and wind
counts stay exactly the same, only who is who changes. A tabu search over label swaps lowers the penalised
meetings (same club or country, two ghosts at one table).

cost[u][x] is what player x would pay at position u: sum over the positions w that u meets, m(u, w) times, of
penalty[x][label[w]]. Swapping the players at u and v then changes the total by
cost[u][lv] + cost[v][lu] - cost[u][lu] - cost[v][lv] + 2 * penalty[lu][lv] * m(u, v).
"""

from __future__ import annotations

import random
import time

from scoring.limits import MAX_RELABEL_POSITIONS

from .schedule import meeting_matrix

TENURE = (3, 12)
STALL = 300  # iterations without a better labelling before the search stops
UNREACHABLE = 1 << 60


def relabel_for_penalties(
    sessions: list[list[list[int]]],
    n_players: int,
    penalty: list[list[int]],
    rng: random.Random,
    iterations: int,
    target: int = 0,
    deadline: float | None = None,
) -> list[list[list[int]]]:
    """The schedule with its players renamed so that sum of penalty * meetings is as low as found.

    The search stops at `target` (a lower bound), after `iterations`, after STALL iterations without a better
    labelling, or (safety net only) at the monotonic-clock `deadline`; when the deadline passes before the search
    could start (the largest events), the schedule comes back as it was.
    """
    search = _Relabelling(meeting_matrix(sessions, n_players), penalty)
    if not search.prepare(deadline):
        return sessions  # out of time before the search could start: the names stay as they are
    best_label = search.run(iterations, rng, target, deadline)
    return [[[best_label[p] for p in table] for table in session] for session in sessions]


class _Relabelling:
    def __init__(self, meet: list[list[int]], penalty: list[list[int]]):
        n = len(meet)
        self.meet = meet
        self.penalty = penalty
        self.neighbours = [[(w, m) for w, m in enumerate(row) if m] for row in meet]
        self.label = list(range(n))  # label[position] = player
        self.cost = [[0] * n for _ in range(n)]
        self.total = 0

    def prepare(self, deadline: float | None) -> bool:
        """Fill cost[u][x] from the penalised pairs only (most pairs cost nothing); False past the deadline."""
        nonzero = [[(x, pen) for x, pen in enumerate(row) if pen] for row in self.penalty]
        for u, row in enumerate(self.cost):
            if deadline is not None and time.monotonic() > deadline:
                return False
            for w, m in self.neighbours[u]:
                for x, pen in nonzero[self.label[w]]:
                    row[x] += m * pen
        self.total = sum(self.cost[u][self.label[u]] for u in range(len(self.label))) // 2
        return True

    def run(self, iterations: int, rng: random.Random, target: int, deadline: float | None) -> list[int]:
        best_total, best_label = self.total, list(self.label)
        tabu = [-1] * len(self.label)  # position -> last iteration in which it may not change
        last_improvement = 0
        for iteration in range(iterations):
            if best_total <= target or iteration - last_improvement > STALL:
                break
            if deadline is not None and time.monotonic() > deadline:
                break
            move = self._best_swap(tabu, iteration, best_total - self.total, rng)
            if move is None:
                continue  # every move tabu: wait for tenures to run out
            delta, u, v = move
            self._swap(u, v)
            self.total += delta
            tabu[u] = iteration + rng.randint(*TENURE)
            tabu[v] = iteration + rng.randint(*TENURE)
            if self.total < best_total:
                best_total, best_label = self.total, list(self.label)
                last_improvement = iteration
        return best_label

    def _best_swap(self, tabu, iteration: int, aspiration: int, rng: random.Random):
        """The best admissible swap (delta, u, v) with u in conflict, u < v; ties broken by the rng."""
        label, cost, penalty, meet = self.label, self.cost, self.penalty, self.meet
        here = [cost[u][label[u]] for u in range(len(label))]
        best, ties = UNREACHABLE, []
        in_conflict = [u for u in range(len(label)) if here[u]]
        if len(in_conflict) > MAX_RELABEL_POSITIONS:
            in_conflict = rng.sample(in_conflict, MAX_RELABEL_POSITIONS)
        for u in in_conflict:
            lu, cu, pu, mu = label[u], cost[u], penalty[label[u]], meet[u]
            deltas = [
                cu[lv] + cv[lu] - here[u] - hv + 2 * pu[lv] * m
                for lv, cv, hv, m in zip(label, cost, here, mu, strict=True)
            ]
            deltas[u] = UNREACHABLE
            if min(deltas) > best:
                continue
            for v in [v for v, delta in enumerate(deltas) if delta <= best]:
                delta = deltas[v]
                if delta > best or (tabu[u] >= iteration or tabu[v] >= iteration) and delta >= aspiration:
                    continue
                key = (min(u, v), max(u, v))
                if delta < best:
                    best, ties = delta, [key]
                else:
                    ties.append(key)
        if not ties:
            return None
        u, v = ties[rng.randrange(len(ties))]
        return best, u, v

    def _swap(self, u: int, v: int) -> None:
        label, cost, penalty = self.label, self.cost, self.penalty
        lu, lv = label[u], label[v]
        changes = [
            (x, b - a) for x, (a, b) in enumerate(zip(penalty[lu], penalty[lv], strict=True)) if a != b
        ]
        for position, sign in ((u, 1), (v, -1)):  # u: lu -> lv, v: lv -> lu
            for w, m in self.neighbours[position]:
                row = cost[w]
                for x, change in changes:
                    row[x] += sign * m * change
        label[u], label[v] = lv, lu
