"""Continuing a schedule after some sessions were played: an adapter over ``generate_schedule`` (generator.py).

When the played sessions seat exactly the players seated now, the generator does it all (``fixed``). After a
withdrawal the organiser may re-seat the remaining sessions with fewer players; the played sessions then name
people who no longer play (``None`` here), which the generator's ``fixed`` cannot express. For that case this
module generates the free sessions on their own, then:

1. improves them by the generator's tabu search (tabu.py, with this module's Settings), counting the meetings of
   the played sessions, so that pairs who met already (and pairs of the same club or country) meet as little as
   possible;
2. turns every new table (which of its four players sits East, South, West, North) so that each player's seat
   winds stay balanced over the whole event.

Pure Python, no Django. The search stops on evaluation and stall budgets, so a seed gives the same result
everywhere; the time budget is only a safety net for a very slow machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Iterable, Mapping, Sequence
from itertools import permutations

from .generator import generate_schedule
from .schedule import check_size, meeting_matrix
from .tabu import Settings, TabuSearch, penalty_matrix

Tables = Sequence[Sequence[int | None]]
SeatedTable = tuple[int, int, int, int]
EVALUATION_BUDGET = 1_500_000  # swaps evaluated by the search
# The continuation's values for the one search (the generator's: generator.search_settings): a short tenure for
# the few sessions it searches, and no restart: it stops after STALL_LIMIT iterations without a better schedule.
STALL_LIMIT = 1_000
SETTINGS = Settings(tenure=(4, 20), stall_limit=STALL_LIMIT, restart=False)
CHAIN_DEPTH = 8  # players an alternating wind chain may pass through
SEAT_ORDERS = tuple(permutations(range(4)))  # the identity first, so ties keep the generator's order


def continue_schedule(
    n_players: int,
    n_sessions: int,
    played: Mapping[int, Tables],
    *,
    seed: int = 0,
    groups: Sequence[Hashable | None] | None = None,
    time_budget: float = 60.0,
    start: Sequence[Tables] | None = None,
) -> dict[int, tuple[SeatedTable, ...]]:
    """The sessions not in ``played`` (session index -> tables in seat order), for players 0..n_players-1.

    ``played`` maps a session index to its tables; a player who is not seated any more is ``None``. ``start``,
    the whole schedule planned so far for the same players, is where the generator's search begins.
    """
    check_size(n_players, n_sessions)
    free = [s for s in range(n_sessions) if s not in played]
    if not free:
        return {}
    if seats_everybody(played, n_players):
        fixed = {s: [list(table) for table in tables] for s, tables in played.items()}
        whole = generate_schedule(
            n_players, n_sessions, seed=seed, groups=groups, fixed=fixed, time_budget=time_budget, start=start
        )
        return {s: whole[s] for s in free}
    deadline = time.monotonic() + time_budget
    fresh = generate_schedule(n_players, len(free), seed=seed, groups=groups, time_budget=time_budget)
    base = meeting_counts(played.values(), n_players)
    sessions = [[list(table) for table in tables] for tables in fresh]
    search = TabuSearch(
        n_players, sessions, base, penalty_matrix(n_players, groups), random.Random(seed), SETTINGS
    )
    sessions, _ = search.run(
        EVALUATION_BUDGET, 0, deadline
    )  # no target: it stops when no pair costs anything
    seated = balance_winds(sessions, wind_counts(played.values(), n_players))
    return dict(zip(free, seated, strict=True))


def seats_everybody(played: Mapping[int, Tables], n_players: int) -> bool:
    """Every played session seats exactly the players 0..n_players-1 (nobody gone, nobody new)."""
    everybody = list(range(n_players))
    for tables in played.values():
        seated = [p for table in tables for p in table]
        if None in seated or sorted(seated) != everybody:
            return False
    return True


def meeting_counts(sessions: Iterable[Tables], n_players: int) -> list[list[int]]:
    """met[p][q]: how many tables p and q shared in the given sessions (players who left are None)."""
    seated = (([p for p in table if p is not None] for table in tables) for tables in sessions)
    return meeting_matrix(seated, n_players)


def wind_counts(sessions: Iterable[Tables], n_players: int) -> list[list[int]]:
    """counts[p][w]: how often player p sat at wind w (0..3 = E, S, W, N) in the given sessions."""
    counts = [[0, 0, 0, 0] for _ in range(n_players)]
    for tables in sessions:
        for table in tables:
            for wind, p in enumerate(table):
                if p is not None:
                    counts[p][wind] += 1
    return counts


def balance_winds(sessions: Sequence[Sequence[Sequence[int]]], counts: list[list[int]]) -> list[tuple]:
    """The sessions with every table in the seat order that keeps each player's winds most even.

    ``counts`` holds the winds sat so far and is updated. Session by session, each table first takes the order
    that gives its players the winds they sat least; then, while the sum over players of the squared wind counts
    goes down, tables are turned again and alternating chains move a player's surplus wind to a missing one.
    """
    seated = []
    for session in sessions:
        seated.append([list(_turn(table, counts)) for table in session])
        for table in seated[-1]:
            _count(table, counts, 1)
    improved = True
    while improved:
        improved = _turn_again(seated, counts) | _even_out(seated, counts)
    return [tuple(tuple(table) for table in session) for session in seated]


def _turn_again(seated: list[list[list[int]]], counts: list[list[int]]) -> bool:
    improved = False
    for session in seated:
        for t, table in enumerate(session):
            _count(table, counts, -1)
            turned = list(_turn(table, counts))
            _count(turned, counts, 1)
            improved |= turned != table  # the identity comes first in SEAT_ORDERS: a change is a strict gain
            session[t] = turned
    return improved


def _even_out(seated: list[list[list[int]]], counts: list[list[int]]) -> bool:
    """Alternating chains (as in the generator's wind colouring): a player with a wind twice more than another
    swaps seats at one table with the player holding the missing wind, who passes the surplus on, until the
    chain ends at a player for whom it is no loss."""
    tables_of: dict[int, list[list[int]]] = {}
    for session in seated:
        for table in session:
            for p in table:
                tables_of.setdefault(p, []).append(table)
    improved = False
    for p, row in enumerate(counts):
        surplus, missing = row.index(max(row)), row.index(min(row))
        gain = 2 * (row[surplus] - row[missing]) - 2
        if gain > 0 and _chain(p, surplus, missing, gain, tables_of, counts, set(), CHAIN_DEPTH):
            counts[p][surplus] -= 1
            counts[p][missing] += 1
            improved = True
    return improved


def _chain(x, surplus, missing, gain, tables_of, counts, used: set[int], depth: int) -> bool:
    """Give x's seat at wind ``surplus`` the player at ``missing`` of one of x's tables, and so on; True if done."""
    for table in tables_of[x]:
        if table[surplus] != x or id(table) in used:
            continue
        y = table[missing]
        used.add(id(table))
        ends_here = 2 * (counts[y][surplus] - counts[y][missing]) + 2 < gain
        if ends_here or (depth > 1 and _chain(y, surplus, missing, gain, tables_of, counts, used, depth - 1)):
            table[surplus], table[missing] = y, x
            if ends_here:
                counts[y][surplus] += 1
                counts[y][missing] -= 1
            return True
        used.discard(id(table))
    return False


def _turn(table: Sequence[int], counts: list[list[int]]) -> SeatedTable:
    """The table's players in the seat order that gives each the winds they sat least (ties: the given order)."""
    best = min(SEAT_ORDERS, key=lambda order: sum(counts[table[i]][wind] for wind, i in enumerate(order)))
    return (table[best[0]], table[best[1]], table[best[2]], table[best[3]])


def _count(table: Sequence[int], counts: list[list[int]], step: int) -> None:
    for wind, p in enumerate(table):
        counts[p][wind] += step
