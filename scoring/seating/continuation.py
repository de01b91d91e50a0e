"""Continuing a schedule after some sessions were played: an adapter over ``generate_schedule`` (generator.py).

When the played sessions seat exactly the players seated now, the generator does it all (``fixed``). After a
withdrawal the organiser may re-seat the remaining sessions with fewer players; the played sessions then name
people who no longer play (``None`` here), which the generator's ``fixed`` cannot express. For that case this
module generates the free sessions on their own, then:

1. improves them by the generator's tabu search (tabu.py, with this module's Settings), counting the meetings of
   the played sessions, so that pairs who met already (and pairs of the same club or country) meet as little as
   possible;
2. seats every new table (which of its four players sits East, South, West, North) by the generator's wind
   colouring (winds.py) over the whole event, the played tables kept, so each player's winds stay balanced.

Pure Python, no Django. The search stops on evaluation and stall budgets, so a seed gives the same result
everywhere; the time budget is only a safety net for a very slow machine.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Hashable, Iterable, Mapping, Sequence

from .generator import generate_schedule
from .schedule import check_size, meeting_matrix
from .tabu import Settings, TabuSearch, penalty_matrix
from .winds import assign_winds

Tables = Sequence[Sequence[int | None]]
SeatedTable = tuple[int, int, int, int]
EVALUATION_BUDGET = 1_500_000  # swaps evaluated by the search
# The continuation's values for the one search (the generator's: generator.search_settings): a short tenure for
# the few sessions it searches, and no restart: it stops after STALL_LIMIT iterations without a better schedule.
STALL_LIMIT = 1_000
SETTINGS = Settings(tenure=(4, 20), stall_limit=STALL_LIMIT, restart=False)


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
    penalty = penalty_matrix(n_players, groups)
    sessions = [[list(table) for table in tables] for tables in fresh]
    search = TabuSearch(n_players, sessions, base, penalty, random.Random(seed), SETTINGS)
    # no target: the search stops when no pair costs anything, after STALL_LIMIT or on the budget
    sessions, _ = search.run(EVALUATION_BUDGET, 0, deadline)
    return seat_winds(played, dict(zip(free, sessions, strict=True)), n_players, search.rng)


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


def seat_winds(
    played: Mapping[int, Tables],
    new: Mapping[int, Sequence[Sequence[int]]],
    n_players: int,
    rng: random.Random,
) -> dict[int, tuple[SeatedTable, ...]]:
    """The new sessions' tables in seat order, by the generator's wind colouring (winds.py) over the whole event:
    the played tables are kept as they are, and every seat of a player who left is a player of its own."""
    sessions: dict[int, list[list[int]]] = {s: [list(table) for table in tables] for s, tables in new.items()}
    gone = itertools.count(n_players)
    for s, tables in played.items():
        sessions[s] = [[next(gone) if p is None else p for p in table] for table in tables]
    order = sorted(sessions)
    kept = {(i, t) for i, s in enumerate(order) if s in played for t in range(len(sessions[s]))}
    seated = assign_winds([sessions[s] for s in order], next(gone), rng, kept)
    return {s: seated[i] for i, s in enumerate(order) if s in new}
