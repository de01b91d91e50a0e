"""A series' ranking over several tournaments (issue 30, docs/rules.md "Series rankings"): the rules, the forms
national leagues use (the sum of a person's best K tournament totals, their average over the best K with at least
M tournaments), the places shared on equal scores, and the figures to two decimals. The EMA's rule (MERS) is
scoring/mers.py's ``mers_score``.

Plain Python: totals are integer points (scoring/points.py), an average a Fraction of them.
"""

from collections.abc import Hashable, Sequence
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import NamedTuple

MERS = "mers"
SUM_BEST = "sum-best"
AVERAGE_BEST = "average-best"
RULES = (MERS, SUM_BEST, AVERAGE_BEST)
HUNDREDTH = Decimal("0.01")


class TotalResult(NamedTuple):
    """One person's total in one tournament."""

    tournament: str  # the tournament's slug
    last_day: date
    place: int
    players: int
    total: int  # points (scoring/points.py)


class BestLine(NamedTuple):
    result: TotalResult
    counted: bool


class BestScore(NamedTuple):
    lines: tuple[BestLine, ...]  # best first: the highest total, the later tournament first on equal totals
    score: Fraction  # points: the sum of the counted totals, or their average
    ranked: bool  # at least ``minimum`` results

    @property
    def counted(self) -> int:
        return sum(line.counted for line in self.lines)


def best_score(
    results: Sequence[TotalResult], *, best: int, minimum: int, average: bool, on: date
) -> BestScore:
    """The sum (or with ``average`` the average) of the best ``best`` totals of the tournaments that ended by
    ``on``; ranked from ``minimum`` results. Fewer than ``best`` results: all of them count (an average over those)."""
    taken = sorted(
        (r for r in results if r.last_day <= on),
        key=lambda r: (-r.total, -r.last_day.toordinal(), r.tournament),
    )
    lines = tuple(BestLine(result, index < best) for index, result in enumerate(taken))
    counted = [line.result.total for line in lines if line.counted]
    score = Fraction(sum(counted))
    if average and counted:
        score /= len(counted)
    return BestScore(lines, score, len(taken) >= max(minimum, 1))


def two_decimals(value: Fraction) -> Decimal:
    """A figure as shown and compared: two decimals, halves away from zero (612.345 -> 612.35)."""
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)


def shared_ranks(scores: Sequence[tuple[Hashable, Decimal]]) -> list[tuple[int, Hashable]]:
    """(rank, key) from (key, score) in the given order, best first: equal scores share the rank, the next rank
    skips the tie (1, 2, 2, 4) as the standings' ranks do."""
    ranked: list[tuple[int, Hashable]] = []
    for index, (key, score) in enumerate(scores):
        rank = ranked[-1][0] if index and score == scores[index - 1][1] else index + 1
        ranked.append((rank, key))
    return ranked
