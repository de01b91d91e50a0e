"""What the referee sees before saving: the running sum and what is missing to the table total, then, once the
table is complete and right, each player's place, uma (ties split), penalties of this session and session result.

Every figure comes from the rules engine (scoring.table); nothing is computed twice.
"""

from typing import NamedTuple

from scoring.errors import ScoringError
from scoring.penalties import penalty_points
from scoring.ruleset import Ruleset
from scoring.standings import session_result
from scoring.table import SeatInput, expected_sum, score_table
from tournament.models import Seat, Session
from tournament.selectors.penalties import active_penalties


class SeatPreview(NamedTuple):
    seat: Seat
    raw: int | None
    substitute: str
    place: int | None
    score: int | None
    uma: int | None
    penalties: int  # the deductions of this session (3.4.6, 5.5-5.7), after uma
    result: int | None  # session_result: score + uma - penalties

    @property
    def deduction(self) -> int:
        """The penalties as they change the result: negative."""
        return -self.penalties


class Preview(NamedTuple):
    typed_sum: int
    expected: int
    complete: bool  # four scores that the rules accept: places and results below are filled in
    seats: list[SeatPreview]

    @property
    def missing(self) -> int:
        """What the typed scores still lack to reach the table total (negative when they are over)."""
        return self.expected - self.typed_sum

    @property
    def over(self) -> int:
        """How far the typed scores are over the table total (0 when they are not): said without a sign."""
        return max(0, -self.missing)


def session_deductions(rules: Ruleset, session: Session, seats: list[Seat]) -> dict[int, int]:
    """Registration id -> points deducted this session by penalties that are not cancelled."""
    deductions = {seat.registration_id: 0 for seat in seats}
    penalties = active_penalties(session=session, registrations=deductions)
    for penalty in penalties:
        deductions[penalty.registration_id] += penalty_points(rules, penalty.as_input())
    return deductions


def build_preview(
    rules: Ruleset,
    session: Session,
    seats: list[Seat],
    typed: dict[str, int],
    substitutes: dict[str, str],
    leftover_sticks: int = 0,
) -> Preview:
    deductions = session_deductions(rules, session, seats)
    expected = expected_sum(rules, leftover_sticks)
    outcomes = _outcomes(rules, seats, typed, substitutes, leftover_sticks)
    rows = []
    for seat in seats:
        outcome = outcomes.get(seat.wind)
        penalty = deductions[seat.registration_id]
        rows.append(
            SeatPreview(
                seat,
                typed.get(seat.wind),
                substitutes.get(seat.wind, ""),
                outcome.place if outcome else None,
                outcome.score if outcome else None,
                outcome.uma if outcome else None,
                penalty,
                session_result(outcome, penalty) if outcome else None,
            )
        )
    return Preview(sum(typed.values()), expected, bool(outcomes), rows)


def _outcomes(rules, seats, typed, substitutes, leftover_sticks) -> dict:
    if len(typed) != 4:
        return {}
    inputs = [SeatInput(s.wind, s.registration_id, typed[s.wind], substitutes.get(s.wind, "")) for s in seats]
    try:
        return {o.wind: o for o in score_table(rules, inputs, leftover_sticks=leftover_sticks)}
    except ScoringError:
        return {}
