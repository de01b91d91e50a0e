"""Placement and uma with ties split (EMA 2016, 3.6.1; rules-interpretation.md 1.3-1.4)."""

from collections.abc import Sequence


def places(raw_scores: Sequence[int]) -> list[int]:
    """The table place of each score, highest first; equal scores share the better place (no seat tie-break)."""
    highest_first = sorted(raw_scores, reverse=True)
    return [highest_first.index(raw) + 1 for raw in raw_scores]


def split_uma(raw_scores: Sequence[int], uma: Sequence[int]) -> list[int]:
    """The uma of each player placed by raw score; tied players split the uma of the places they occupy.

    ``uma`` holds one value per place (``len(uma) == len(raw_scores)``). A split that is not a whole number of
    points (only possible with custom uma) is rounded to the nearest point, halves away from zero.
    """
    if len(uma) != len(raw_scores):
        raise ValueError("one uma value is needed per placed player")
    placed = places(raw_scores)
    if len(set(raw_scores)) == len(raw_scores):  # no tie: each place keeps its own uma
        return [uma[place - 1] for place in placed]
    shares = []
    for raw, place in zip(raw_scores, placed, strict=True):
        tied = raw_scores.count(raw)
        shares.append(divide_half_away(sum(uma[place - 1 : place - 1 + tied]), tied))
    return shares


def divide_half_away(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded to the nearest whole number, exact halves away from zero (5/2 -> 3)."""
    quotient, remainder = divmod(abs(numerator), denominator)
    if 2 * remainder >= denominator:
        quotient += 1
    return quotient if numerator >= 0 else -quotient
