"""Penalty amounts (EMA 2016 3.4.6, 5.5, 5.6, 5.7; rules-interpretation.md section 3).

Penalties are deducted from the penalised player's session result after uma. They never change the table
placement or anybody's uma, and the points are not given to the other players.
"""

from datetime import datetime
from typing import NamedTuple

from scoring.errors import ScoringError
from scoring.limits import MAX_PENALTY_POINTS
from scoring.ruleset import Ruleset

CHOMBO = "chombo"
LATENESS = "lateness"
OBSTRUCTION = "obstruction"
TELEPHONE = "telephone"
OTHER = "other"
WARNING = "warning"
PENALTY_KINDS = (CHOMBO, LATENESS, OBSTRUCTION, TELEPHONE, OTHER, WARNING)

# 5.5: 8,000 or 12,000 (chombo level), or 12,000 to 48,000 in serious or repeated cases.
OBSTRUCTION_LOW = 8_000
OBSTRUCTION_RANGE = (12_000, 48_000)
_NEEDS_POINTS = (OBSTRUCTION, TELEPHONE, OTHER)
_NEEDS_REASON = (OBSTRUCTION, TELEPHONE, OTHER, WARNING)


# 5.7: a player late by more than ``lateness_max_minutes`` is replaced by a substitute (5.8), not penalised.
SUBSTITUTE = "substitute"


def late_arrival(seconds_late: float, ruleset: Ruleset) -> int | str:
    """The lateness of a player who arrives ``seconds_late`` after the session's start (5.7): 0 when on time, else
    the minutes late, a begun minute counting as a whole one (1 s to 60 s is 1 minute, 61 s is 2, 600 s is 10), or
    ``SUBSTITUTE`` when that is more than ``ruleset.lateness_max_minutes`` (601 s under ema-2016). Parts of a second
    do not count (the clock and the check-in are to the second)."""
    seconds = max(0, int(seconds_late))
    minutes = -(-seconds // 60)
    return SUBSTITUTE if minutes > ruleset.lateness_max_minutes else minutes


def late_between(started: datetime, arrived: datetime, ruleset: Ruleset) -> int | str:
    """``late_arrival`` of a player who arrives at ``arrived`` when the clock started at ``started`` (0 for an
    arrival at or before the start)."""
    return late_arrival((arrived - started).total_seconds(), ruleset)


def lateness_points(minutes: int, ruleset: Ruleset) -> int:
    """The points a lateness of ``minutes`` deducts (5.7): ``ruleset.lateness_points_per_minute`` for each minute.
    The one place of this arithmetic: the penalty (``penalty_points``), the attendance page's proposal and its audit
    entry (tournament.services.attendance) all ask here."""
    return minutes * ruleset.lateness_points_per_minute


class PenaltyInput(NamedTuple):
    kind: str
    minutes: int | None = None  # lateness only
    points: int | None = None  # obstruction, telephone, other only
    reason: str = ""


def penalty_points(ruleset: Ruleset, penalty: PenaltyInput, *, where: str = "penalty") -> int:
    """The points the penalty deducts (0 for a warning). Raises ScoringError when the penalty is not allowed."""
    check_penalty(ruleset, penalty, where=where)
    if penalty.kind == CHOMBO:
        return ruleset.chombo_points
    if penalty.kind == LATENESS:
        return lateness_points(penalty.minutes, ruleset)
    if penalty.kind == WARNING:
        return 0
    return penalty.points


def check_penalty(ruleset: Ruleset, penalty: PenaltyInput, *, where: str = "penalty") -> None:
    if penalty.kind not in PENALTY_KINDS:
        raise ScoringError(
            "penalty_kind",
            f"{where}: unknown kind {penalty.kind!r}; use one of {', '.join(PENALTY_KINDS)}",
            where=where,
            kind=penalty.kind,
            kinds=", ".join(PENALTY_KINDS),
        )
    if penalty.kind == LATENESS:
        _check_lateness(ruleset, penalty, where)
    elif penalty.minutes is not None:
        raise ScoringError(
            "penalty_minutes", f"{where}: minutes belong to a lateness penalty only", where=where
        )
    if penalty.kind in _NEEDS_POINTS:
        _check_points(ruleset, penalty, where)
    elif penalty.points is not None:
        raise ScoringError(
            "penalty_fixed_amount",
            f"{where}: a {penalty.kind} penalty has a fixed amount, do not give points",
            where=where,
            penalty=penalty.kind,
        )
    if penalty.kind in _NEEDS_REASON and not penalty.reason.strip():
        raise ScoringError(
            "penalty_reason", f"{where}: a {penalty.kind} needs a reason", where=where, penalty=penalty.kind
        )


def _check_lateness(ruleset: Ruleset, penalty: PenaltyInput, where: str) -> None:
    minutes = penalty.minutes
    if not isinstance(minutes, int) or isinstance(minutes, bool) or minutes < 1:
        raise ScoringError(
            "lateness_minutes", f"{where}: lateness needs the minutes late, 1 or more", where=where
        )
    if minutes > ruleset.lateness_max_minutes:
        raise ScoringError(
            "lateness_over_limit",
            f"{where}: {minutes} minutes late is more than {ruleset.lateness_max_minutes}; this is not a penalty: "
            "the player is replaced by a substitute from the start of the session (5.7). "
            "Enter the seat as substituted from the start instead.",
            where=where,
            minutes=minutes,
            limit=ruleset.lateness_max_minutes,
        )


def _check_points(ruleset: Ruleset, penalty: PenaltyInput, where: str) -> None:
    points = penalty.points
    if (
        not isinstance(points, int)
        or isinstance(points, bool)
        or not 0 < points <= MAX_PENALTY_POINTS
        or points % ruleset.score_unit
    ):
        raise ScoringError(
            "penalty_points",
            f"{where}: a {penalty.kind} penalty needs points, a positive multiple of {ruleset.score_unit} up to "
            f"{MAX_PENALTY_POINTS:,}",
            where=where,
            penalty=penalty.kind,
            unit=ruleset.score_unit,
            limit=MAX_PENALTY_POINTS,
        )
    if penalty.kind == OBSTRUCTION and not _obstruction_allowed(points):
        low, high = OBSTRUCTION_RANGE
        raise ScoringError(
            "obstruction_points",
            f"{where}: obstruction is {OBSTRUCTION_LOW:,} or {low:,} points, or {low:,} to {high:,} in serious or "
            f"repeated cases (5.5); got {points:,}",
            where=where,
            points=points,
        )


def _obstruction_allowed(points: int) -> bool:
    low, high = OBSTRUCTION_RANGE
    return points == OBSTRUCTION_LOW or low <= points <= high
