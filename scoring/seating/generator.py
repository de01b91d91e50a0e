"""generate_schedule: who meets whom, then table numbers, then seat winds (research note §7.1)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence

from .constructions import repeat_free_rounds
from .schedule import Schedule, ScheduleError, validate_schedule
from .tables import number_tables
from .winds import assign_winds


def generate_schedule(
    n_players: int,
    n_sessions: int,
    *,
    seed: int = 0,
    groups: Sequence[Hashable | None] | None = None,
    fixed: Mapping[int, Sequence[Sequence[int]]] | None = None,
    time_budget: float = 60.0,
) -> Schedule:
    """A seating schedule: n_sessions sessions of n_players/4 tables, each table in seat order E, S, W, N."""
    _check_counts(n_players, n_sessions)
    rng = random.Random(seed)
    rounds = repeat_free_rounds(n_players, n_sessions)
    if len(rounds) < n_sessions:
        rounds += [_random_session(n_players, rng) for _ in range(n_sessions - len(rounds))]
    relabel = list(range(n_players))
    rng.shuffle(relabel)
    sessions = [[[relabel[p] for p in table] for table in session] for session in rounds]
    schedule = assign_winds(number_tables(sessions, n_players), n_players, rng)
    validate_schedule(schedule, n_players)
    return schedule


def _check_counts(n_players: int, n_sessions: int) -> None:
    if n_players < 4 or n_players % 4:
        raise ScheduleError(
            "player_count", f"{n_players} players cannot be seated four to a table", players=n_players
        )
    if n_sessions < 0:
        raise ScheduleError("session_count", f"{n_sessions} is not a number of sessions", sessions=n_sessions)


def _random_session(n_players: int, rng: random.Random) -> list[list[int]]:
    players = list(range(n_players))
    rng.shuffle(players)
    return [players[i : i + 4] for i in range(0, n_players, 4)]
