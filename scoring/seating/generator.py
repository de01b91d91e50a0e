"""generate_schedule: who meets whom, then table numbers, then seat winds (research note §7.1).

Who meets whom, in this order:
1. a shipped design (scoring.seating.designs.best_design) or an algebraic construction with enough sessions
   without repeated pairs: its first S sessions, players renamed by a seeded permutation, then renamed further
   (label swaps) to keep groups and ghosts apart; label swaps never change the repeats;
2. otherwise a portfolio of seeded tabu searches (tabu.py) from a random start, from the longest known prefix
   without repeats, and with that prefix kept and only the remaining sessions searched (and, when re-seating,
   first from the schedule planned so far); the best result wins.
Frozen tables (`fixed`, the sessions already played) are kept as given, players, table numbers and winds.
Then table numbers (tables.py) and seat winds (winds.py).

Determinism: everything is drawn from one random.Random(seed) and the searches stop on effort budgets (swaps
evaluated, counted, not timed), so a seed gives the same schedule on every machine. `time_budget` is only a
safety net for a machine far slower than expected: if it fires, the best schedule found so far is returned and
the result depends on the clock.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence

from scoring.limits import MAX_SEARCH_EFFORT

from .constructions import repeat_free_rounds
from .designs import best_design
from .quality import repeats, same_group_meetings
from .relabel import relabel_for_penalties
from .schedule import (
    Schedule,
    ScheduleError,
    check_player_count,
    check_seed,
    check_size,
    meeting_matrix,
    validate_schedule,
)
from .tables import number_tables
from .tabu import Settings, TabuSearch, cost_target, penalty_matrix
from .winds import assign_winds, unevenness

Tables = list[list[int]]

RUNS = 6  # tabu runs in the portfolio
RELABEL_ITERATIONS = 2000
TENURE = (4, 50)  # the search's tabu tenure (the continuation's sessions are fewer: it uses a shorter one)
# The steps after the searches (table numbers, winds, checks) are not timed: the searches stop this much earlier
# per seat (player x session), about 2.4 s at the largest size (MAX_PLAYERS x MAX_SESSIONS), measured.
FINISH_SECONDS_PER_SEAT = 0.000_03


def generate_schedule(
    n_players: int,
    n_sessions: int,
    *,
    seed: int = 0,
    groups: Sequence[Hashable | None] | None = None,
    fixed: Mapping[int, Sequence[Sequence[int]]] | None = None,
    ghosts: Sequence[int] = (),
    time_budget: float = 60.0,
    effort: int | None = None,
    start: Sequence[Sequence[Sequence[int]]] | None = None,
) -> Schedule:
    """A seating schedule: n_sessions sessions of n_players/4 tables, each table in seat order E, S, W, N.

    groups[p]: club or country of player p (None: none); players of a group are kept apart where possible.
    fixed: session index -> tables already played (seat order E, S, W, N), kept as tables 1, 2, ... of that
    session; the other players of the session are seated at the following tables.
    ghosts: substitutes standing in for withdrawn players; two of them never share a table if avoidable.
    effort: the tabu search budget, in swaps evaluated (default: default_effort, at most some 10 s).
    start: the schedule planned so far (same players and sessions), when re-seating: the first search starts
    from it, so a plan that is still as good as possible comes back unchanged (but for table numbers and winds).
    """
    _check_counts(n_players, n_sessions)
    check_seed(seed)
    _check_time_budget(time_budget)
    _check_groups(groups, ghosts, n_players)
    frozen = _frozen_tables(fixed or {}, n_players, n_sessions)
    if start is not None:
        _check_start(start, n_players, n_sessions)
    rng = random.Random(seed)
    finish_by = time.monotonic() + time_budget
    deadline = finish_by - min(
        time_budget, FINISH_SECONDS_PER_SEAT * n_players * n_sessions
    )  # for the searches
    penalty = penalty_matrix(n_players, groups, ghosts) if groups is not None or ghosts else None

    judge = _Judge(n_players, groups, ghosts, n_sessions)
    sessions = None if any(frozen) or start is not None else _known_schedule(n_players, n_sessions, rng)
    if sessions is not None and penalty is not None:
        sessions = relabel_for_penalties(
            sessions, n_players, penalty, rng, RELABEL_ITERATIONS, judge.group_bound, deadline
        )
    if sessions is None or (time.monotonic() < deadline and not judge.groups_apart(sessions)):
        budget = effort if effort is not None else default_effort(n_players, n_sessions)
        searched = _search(n_players, frozen, start, penalty, judge, rng, budget, deadline)
        if penalty is not None and not any(frozen):
            searched = relabel_for_penalties(
                searched, n_players, penalty, rng, RELABEL_ITERATIONS, judge.group_bound, deadline
            )
        if sessions is None or judge.key(searched) < judge.key(sessions):
            sessions = searched
    numbered = number_tables(sessions, n_players, rng, [len(f) for f in frozen], finish_by)
    keep = {(s, t) for s, tables in enumerate(frozen) for t in range(len(tables))}
    schedule = assign_winds(numbered, n_players, rng, keep)
    if start is not None:
        schedule = _winds_of_the_plan_if_better(schedule, numbered, start, keep, n_players, rng)
    validate_schedule(schedule, n_players)
    return schedule


def _winds_of_the_plan_if_better(
    schedule, numbered, start, keep, n_players: int, rng: random.Random
) -> Schedule:
    """Tables that did not change keep the plan's seat order, if the winds come out at least as even that way."""
    planned = [{frozenset(table): tuple(table) for table in session} for session in start]
    tables = [
        [planned[s].get(frozenset(table), table) for table in session] for s, session in enumerate(numbered)
    ]
    unchanged = {
        (s, t)
        for s, session in enumerate(numbered)
        for t, table in enumerate(session)
        if frozenset(table) in planned[s]
    }
    alternative = assign_winds(tables, n_players, rng, keep | unchanged)
    n_sessions = len(schedule)
    if unevenness(alternative, n_players, n_sessions) <= unevenness(schedule, n_players, n_sessions):
        return alternative
    return schedule


def default_effort(n_players: int, n_sessions: int) -> int:
    """The search budget: grows with the size of the schedule, capped at MAX_SEARCH_EFFORT (scoring.limits)."""
    return min(MAX_SEARCH_EFFORT, 2000 * n_players * n_players * n_sessions)


# --- input ---------------------------------------------------------------------------------------------------


def _check_counts(n_players: int, n_sessions: int) -> None:
    check_size(n_players, n_sessions)
    check_player_count(n_players)
    if n_sessions < 0:
        raise ScheduleError("session_count", f"{n_sessions} is not a number of sessions", sessions=n_sessions)


def _check_time_budget(time_budget: float) -> None:
    if not (isinstance(time_budget, int | float) and math.isfinite(time_budget) and time_budget > 0):
        raise ScheduleError(
            "time_budget",
            f"the time budget must be a number of seconds above 0, not {time_budget!r}",
            budget=time_budget,
        )


def _check_groups(groups: Sequence | None, ghosts: Sequence[int], n_players: int) -> None:
    if groups is not None and len(groups) != n_players:
        raise ScheduleError(
            "groups_length",
            f"groups has {len(groups)} entries for {n_players} players",
            groups=len(groups),
            players=n_players,
        )
    for p in ghosts:
        if not isinstance(p, int) or not 0 <= p < n_players:
            raise ScheduleError(
                "unknown_ghost",
                f"ghost {p!r} is not a player 0..{n_players - 1}",
                player=p,
                highest=n_players - 1,
            )


def _check_start(start: Sequence[Sequence[Sequence[int]]], n_players: int, n_sessions: int) -> None:
    if len(start) != n_sessions:
        raise ScheduleError(
            "start_sessions",
            f"the schedule to start from has {len(start)} sessions instead of {n_sessions}",
            sessions=len(start),
            expected=n_sessions,
        )
    validate_schedule(start, n_players)


def _frozen_tables(
    fixed: Mapping[int, Sequence[Sequence[int]]], n_players: int, n_sessions: int
) -> list[list[tuple[int, ...]]]:
    """Per session, the fixed tables (checked: four different known players each, nobody twice)."""
    frozen: list[list[tuple[int, ...]]] = [[] for _ in range(n_sessions)]
    for s in sorted(fixed):
        if not isinstance(s, int) or not 0 <= s < n_sessions:
            raise ScheduleError(
                "fixed_session",
                f"fixed session {s!r} is not a session 0..{n_sessions - 1}",
                session=s,
                highest=n_sessions - 1,
            )
        tables = [tuple(table) for table in fixed[s]]
        seen: set[int] = set()
        for t, table in enumerate(tables):
            if len(table) != 4:
                raise ScheduleError(
                    "fixed_table_size",
                    f"fixed session {s + 1}, table {t + 1}: {len(table)} players instead of 4",
                    session=s + 1,
                    table=t + 1,
                    size=len(table),
                )
            for p in table:
                if not isinstance(p, int) or not 0 <= p < n_players or p in seen:
                    raise ScheduleError(
                        "fixed_player",
                        f"fixed session {s + 1}, table {t + 1}: player {p!r} is unknown or seated twice",
                        session=s + 1,
                        table=t + 1,
                        player=p,
                    )
                seen.add(p)
        frozen[s] = tables
    return frozen


# --- designs and constructions -------------------------------------------------------------------------------


def known_rounds(n_players: int, n_sessions: int) -> list[Tables]:
    """The longest known start of a schedule, up to n_sessions sessions: a shipped design or a construction."""
    rounds = repeat_free_rounds(n_players, n_sessions)
    for length in range(n_sessions, len(rounds), -1):
        design = best_design(n_players, length)
        if design is not None and _is_valid(design, n_players) and len(design) >= length:
            return [[list(table) for table in session] for session in design[:n_sessions]]
    return rounds


def _is_valid(design, n_players: int) -> bool:
    try:
        validate_schedule(design, n_players)
    except ScheduleError:
        return False
    return True


def _known_schedule(n_players: int, n_sessions: int, rng: random.Random) -> list[Tables] | None:
    rounds = known_rounds(n_players, n_sessions)
    if len(rounds) < n_sessions:
        return None
    return _renamed(rounds, n_players, rng)


def _renamed(rounds: list[Tables], n_players: int, rng: random.Random) -> list[Tables]:
    """The rounds in a seeded order with the players renamed by a seeded permutation."""
    name = list(range(n_players))
    rng.shuffle(name)
    rounds = [[[name[p] for p in table] for table in session] for session in rounds]
    rng.shuffle(rounds)
    return rounds


# --- search --------------------------------------------------------------------------------------------------


class _Judge:
    """Compares whole schedules: ghosts together, then excess meetings, most meetings of a pair, same group."""

    def __init__(
        self, n_players: int, groups: Sequence[Hashable | None] | None, ghosts: Sequence[int], n_sessions: int
    ):
        self.n = n_players
        self.groups = groups
        self.ghosts = sorted(set(ghosts))
        self.group_bound = 0
        if groups is not None:
            sizes = Counter(group for group in groups if group is not None)
            self.group_bound = n_sessions * sum(_spread_pairs(c, n_players // 4) for c in sizes.values())

    def groups_apart(self, sessions: list[Tables]) -> bool:
        """No two ghosts at one table and no more same-group meetings than the counting bound."""
        ghosts, _, _, group = self.key(sessions)
        return ghosts == 0 and group <= self.group_bound

    def _ghost_meetings(self, meet: list[list[int]]) -> int:
        return sum(meet[p][q] for i, p in enumerate(self.ghosts) for q in self.ghosts[i + 1 :])

    def key(self, sessions: list[Tables]) -> tuple[int, int, int, int]:
        meet = meeting_matrix(sessions, self.n)
        excess = sum(m - 1 for _, _, m in repeats(meet))
        most = max(max(row) for row in meet)
        group = same_group_meetings(meet, self.groups) if self.groups is not None else 0
        return self._ghost_meetings(meet), excess, most, group


def _spread_pairs(size: int, n_tables: int) -> int:
    """Pairs at one table when `size` players are spread as evenly as possible over the tables."""
    q, r = divmod(size, n_tables)
    return r * (q + 1) * q // 2 + (n_tables - r) * q * (q - 1) // 2


def _search(
    n_players: int,
    frozen: list[list[tuple[int, ...]]],
    given: Sequence[Sequence[Sequence[int]]] | None,
    penalty: list[list[int]] | None,
    judge: _Judge,
    rng: random.Random,
    effort: int,
    deadline: float,
) -> list[Tables]:
    """Whole sessions (frozen tables first) from the best run of a portfolio of tabu searches."""
    n_sessions = len(frozen)
    penalty = penalty or [[0] * n_players for _ in range(n_players)]
    target = cost_target(n_players, n_sessions) + judge.group_bound
    prefix = [] if any(frozen) or given is not None else known_rounds(n_players, n_sessions)
    settings = search_settings(n_players)
    best_key, best = None, None
    for run in range(RUNS):
        if best is not None and time.monotonic() > deadline:
            break
        run_rng = random.Random(rng.getrandbits(64))
        kind = "given" if run == 0 and given is not None else _start_kind(run, len(prefix), n_sessions)
        kept = prefix if kind == "extend" else []
        base = meeting_matrix([*frozen, *kept], n_players)
        start = _start(kind, n_players, frozen, given or prefix, run_rng)
        search = TabuSearch(n_players, start, base, penalty, run_rng, settings)
        result, cost = search.run(effort // RUNS, target, deadline)
        free = [*map(_copy, kept), *result]
        sessions = [[*map(list, f), *s] for f, s in zip(frozen, free, strict=True)]
        key = (*judge.key(sessions), cost)
        if best_key is None or key < best_key:
            best_key, best = key, sessions
        if cost <= target or time.monotonic() > deadline:
            break
    assert best is not None
    return best


def search_settings(n_players: int) -> Settings:
    """The generator's values for the one search: a long tenure, and a restart after a stagnation that grows with
    the players."""
    return Settings(tenure=TENURE, stall_limit=max(500, 40 * n_players), restart=True)


def _start_kind(run: int, prefix_length: int, n_sessions: int) -> str:
    """Portfolio: keep the known prefix and search the rest, random starts, starts from the prefix."""
    if 0 < prefix_length < n_sessions:
        return ("extend", "random", "prefix")[run % 3]
    return "random"


def _start(
    kind: str,
    n_players: int,
    frozen: list[list[tuple[int, ...]]],
    prefix: Sequence[Sequence[Sequence[int]]],
    rng: random.Random,
) -> list[Tables]:
    """Initial free tables of the searched sessions ("given": from the schedule passed as start)."""
    if kind == "extend":
        return [_random_tables(range(n_players), rng) for _ in range(len(frozen) - len(prefix))]
    start = []
    for s, tables in enumerate(frozen):
        seated = {p for table in tables for p in table}
        if kind == "given":
            free = [p for table in prefix[s] for p in table if p not in seated]
            start.append([free[i : i + 4] for i in range(0, len(free), 4)])
        elif kind == "prefix" and s < len(prefix):
            start.append(_copy(prefix[s]))
        else:
            start.append(_random_tables([p for p in range(n_players) if p not in seated], rng))
    if kind == "prefix":
        start = _renamed(start, n_players, rng)
    return start


def _random_tables(players, rng: random.Random) -> Tables:
    players = list(players)
    rng.shuffle(players)
    return [players[i : i + 4] for i in range(0, len(players), 4)]


def _copy(tables) -> Tables:
    return [list(table) for table in tables]
