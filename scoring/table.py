"""Scoring one table of one session (EMA 2016 3.6, 3.6.1, 5.8; rules-interpretation.md sections 1 and 2).

``score_table`` checks the four seats, places them, gives uma (ties split) and applies substitutes. Penalties
come after uma and belong to the standings (``scoring.standings``), never to the table.
"""

from collections.abc import Hashable, Sequence
from typing import NamedTuple

from scoring.errors import ScoringError
from scoring.limits import MAX_RAW_POINTS
from scoring.ruleset import LEFTOVER_LOST, Ruleset
from scoring.uma import places, split_uma

WINDS = ("E", "S", "W", "N")
WIND_SET = frozenset(WINDS)
NOT_SUBSTITUTED = ""
FROM_START = "from_start"  # 5.8: the substitute's raw points place the other three
MID_SESSION = "mid_session"  # 5.8: the other three are placed among themselves
SUBSTITUTIONS = (NOT_SUBSTITUTED, FROM_START, MID_SESSION)


class SeatInput(NamedTuple):
    wind: str
    player: Hashable  # the registered player who owns the seat (the substituted one, if substituted)
    raw: int  # raw points at the end of the game, as played (the substitute's, if substituted)
    substitute: str = NOT_SUBSTITUTED


class SeatOutcome(NamedTuple):
    wind: str
    player: Hashable
    raw: int
    substitute: str
    place: int | None  # table place by raw points (shared on ties); None for a mid-session substitute
    score: int  # recorded score: raw - starting points, or the substitute score
    uma: int  # recorded uma, or the substitute uma

    @property
    def result(self) -> int:
        """Score plus uma: the session result before penalties."""
        return self.score + self.uma


def score_table(
    ruleset: Ruleset, seats: Sequence[SeatInput], *, leftover_sticks: int = 0, where: str = "table"
) -> tuple[SeatOutcome, ...]:
    """The recorded outcome of each seat, in the order given. Raises ScoringError naming ``where`` and the seat."""
    check_table(ruleset, seats, leftover_sticks=leftover_sticks, where=where)
    placed_raw = [seat.raw for seat in seats if seat.substitute != MID_SESSION]
    placed = zip(places(placed_raw), split_uma(placed_raw, ruleset.uma[: len(placed_raw)]), strict=True)
    outcomes = []
    for seat in seats:
        if seat.substitute == MID_SESSION:  # placed after the other three, recorded as a substitute
            outcomes.append(SeatOutcome(*seat, None, ruleset.substitute_score, ruleset.substitute_uma))
            continue
        place, uma = next(placed)
        if seat.substitute:  # from the start: their raw points placed the others; recorded as a substitute
            outcomes.append(SeatOutcome(*seat, place, ruleset.substitute_score, ruleset.substitute_uma))
        else:
            outcomes.append(SeatOutcome(*seat, place, seat.raw - ruleset.starting_points, uma))
    return tuple(outcomes)


def expected_sum(ruleset: Ruleset, leftover_sticks: int = 0) -> int:
    """What the four raw scores must add up to (3.6): the table total, less the riichi sticks that were lost."""
    return ruleset.table_sum - ruleset.riichi_stick * leftover_sticks


def check_table(
    ruleset: Ruleset, seats: Sequence[SeatInput], *, leftover_sticks: int = 0, where: str = "table"
) -> None:
    """Refuse a table whose seats, winds, players, scores or sum break the ruleset."""
    if len(seats) != 4:
        raise ScoringError(
            "seat_count",
            f"{where}: a table has exactly 4 seats, got {len(seats)}",
            where=where,
            count=len(seats),
        )
    if {seat.wind for seat in seats} != WIND_SET:
        winds = " ".join(str(seat.wind) for seat in seats)
        raise ScoringError(
            "winds",
            f"{where}: the seats must have the four winds E, S, W, N once each, got {winds}",
            where=where,
            winds=winds,
        )
    if len({seat.player for seat in seats}) != 4:
        raise ScoringError(
            "same_player", f"{where}: a player has more than one seat at the table", where=where
        )
    for seat in seats:
        _check_seat(ruleset, seat, where)
    _check_sum(ruleset, seats, leftover_sticks, where)


def _check_seat(ruleset: Ruleset, seat: SeatInput, where: str) -> None:
    if not isinstance(seat.raw, int) or isinstance(seat.raw, bool):
        raise ScoringError(
            "score_type",
            f"{where}, seat {seat.wind}: the score must be a whole number",
            where=where,
            wind=seat.wind,
        )
    if abs(seat.raw) > MAX_RAW_POINTS:
        raise ScoringError(
            "score_range",
            f"{where}, seat {seat.wind}: raw points are within {MAX_RAW_POINTS:,} either way",
            where=where,
            wind=seat.wind,
            limit=MAX_RAW_POINTS,
        )
    if seat.raw % ruleset.score_unit:
        raise ScoringError(
            "score_unit",
            f"{where}, seat {seat.wind}: {seat.raw} is not a multiple of {ruleset.score_unit}",
            where=where,
            wind=seat.wind,
            raw=seat.raw,
            unit=ruleset.score_unit,
        )
    if seat.substitute not in SUBSTITUTIONS:
        raise ScoringError(
            "substitute_kind",
            f"{where}, seat {seat.wind}: substitute must be from_start or mid_session, got {seat.substitute!r}",
            where=where,
            wind=seat.wind,
            substitute=seat.substitute,
        )


def _check_sum(ruleset: Ruleset, seats: Sequence[SeatInput], leftover_sticks: int, where: str) -> None:
    if leftover_sticks and ruleset.leftover_riichi != LEFTOVER_LOST:
        raise ScoringError(
            "leftover_sticks",
            f"{where}: under {ruleset.key} leftover riichi sticks go to the winner and are part of the raw scores",
            where=where,
            ruleset=ruleset.key,
        )
    if leftover_sticks < 0:
        raise ScoringError(
            "negative_sticks",
            f"{where}: leftover sticks cannot be negative",
            where=where,
            sticks=leftover_sticks,
        )
    total = sum(seat.raw for seat in seats)
    expected = expected_sum(ruleset, leftover_sticks)
    if total != expected:
        raise ScoringError(
            "table_sum",
            f"{where}: the scores add up to {total:,}; they must add up to {expected:,} "
            f"({abs(total - expected):,} {'too many' if total > expected else 'short'})",
            where=where,
            total=total,
            expected=expected,
        )
