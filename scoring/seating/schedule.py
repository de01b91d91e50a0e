"""The schedule type, its validation and the pair-meeting counts every other module builds on."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scoring.errors import ScoringError
from scoring.limits import MAX_SEATED_PLAYERS, MAX_SEED, MAX_SESSIONS

Table = tuple[int, int, int, int]
Session = tuple[Table, ...]
Schedule = tuple[Session, ...]
"""sessions -> tables -> players in seat order East, South, West, North; players are numbered 0..N-1."""

WINDS = ("E", "S", "W", "N")


class ScheduleError(ScoringError):
    """A schedule (or the input to the generator) is not valid; the message says where."""


def check_size(n_players: int, n_sessions: int = 0) -> None:
    """Refuse more players or sessions than any event has (MAX_SEATED_PLAYERS, MAX_SESSIONS, scoring.limits: the largest riichi events seat a few
    hundred players over at most a dozen sessions; the generator's work grows with players squared times sessions)."""
    if n_players > MAX_SEATED_PLAYERS:
        raise ScheduleError(
            "too_many_players",
            f"{n_players} players is more than any event has: the generator seats at most {MAX_SEATED_PLAYERS}",
            players=n_players,
            limit=MAX_SEATED_PLAYERS,
        )
    if n_sessions > MAX_SESSIONS:
        raise ScheduleError(
            "too_many_sessions",
            f"{n_sessions} sessions is more than any event has: the generator plans at most {MAX_SESSIONS}",
            sessions=n_sessions,
            limit=MAX_SESSIONS,
        )


def check_player_count(n_players: int) -> None:
    """The one check that the players sit four to a table: at least 4 and a multiple of 4. The refusal says how
    many to register (``missing``) to get there, never to withdraw (``extra`` is kept for callers); tournament.errors
    has it in words."""
    if n_players >= 4 and n_players % 4 == 0:
        return
    missing, extra = 4 - n_players % 4, n_players % 4
    raise ScheduleError(
        "player_count",
        f"{n_players} players cannot be seated four to a table: register {missing} more",
        players=n_players,
        missing=missing,
        extra=extra,
    )


def check_seed(seed: int) -> None:
    """The seed is a whole number from 0 to MAX_SEED (scoring.limits): the same seed gives the same seating."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ScheduleError(
            "bad_seed", f"the seed must be a whole number from 0 to {MAX_SEED:,}", limit=MAX_SEED
        )


def as_schedule(sessions: Iterable[Iterable[Iterable[int]]]) -> Schedule:
    """The same sessions as nested tuples (the public Schedule shape)."""
    return tuple(tuple(tuple(int(p) for p in table) for table in session) for session in sessions)


def validate_session(session: Sequence[Sequence[int]], n_players: int, index: int) -> None:
    """Raise ScheduleError unless the session seats every player 0..n_players-1 once, four to a table."""
    seen: dict[int, int] = {}
    for t, table in enumerate(session):
        if len(table) != 4:
            raise ScheduleError(
                "table_size",
                f"session {index + 1}, table {t + 1}: {len(table)} players instead of 4",
                session=index + 1,
                table=t + 1,
                size=len(table),
            )
        for p in table:
            if not isinstance(p, int) or not 0 <= p < n_players:
                raise ScheduleError(
                    "unknown_player",
                    f"session {index + 1}, table {t + 1}: player {p!r} is not in 0..{n_players - 1}",
                    session=index + 1,
                    table=t + 1,
                    player=p,
                    highest=n_players - 1,
                )
            if p in seen:
                raise ScheduleError(
                    "player_twice",
                    f"session {index + 1}: player {p} is seated at table {seen[p] + 1} and at table {t + 1}",
                    session=index + 1,
                    table=t + 1,
                    player=p,
                    first=seen[p] + 1,
                )
            seen[p] = t
    if len(seen) != n_players:
        missing = min(set(range(n_players)) - set(seen))
        raise ScheduleError(
            "player_missing",
            f"session {index + 1}: player {missing} has no seat",
            session=index + 1,
            player=missing,
        )


def validate_schedule(schedule: Sequence[Sequence[Sequence[int]]], n_players: int) -> None:
    """Raise ScheduleError unless every session is a partition of the players into tables of four."""
    check_player_count(n_players)
    for index, session in enumerate(schedule):
        validate_session(session, n_players, index)


def meeting_matrix(sessions: Iterable[Iterable[Sequence[int]]], n_players: int) -> list[list[int]]:
    """m[p][q] = number of tables that p and q shared (symmetric, zero diagonal)."""
    meet = [[0] * n_players for _ in range(n_players)]
    for session in sessions:
        for table in session:
            for i, p in enumerate(table):
                row = meet[p]
                for q in table[i + 1 :]:
                    row[q] += 1
                    meet[q][p] += 1
    return meet
