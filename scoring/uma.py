"""Placement and uma with ties split (EMA 2016, 3.6.1; rules-interpretation.md 1.3-1.4)."""

from collections.abc import Sequence
from fractions import Fraction


def places(raw_scores: Sequence[int]) -> list[int]:
    """The table place of each score, highest first; equal scores share the better place (no seat tie-break)."""
    return [1 + sum(other > raw for other in raw_scores) for raw in raw_scores]


def split_uma(raw_scores: Sequence[int], uma: Sequence[int]) -> list[int]:
    """The uma of each player placed by raw score; tied players split the uma of the places they occupy.

    ``uma`` holds one value per place (``len(uma) == len(raw_scores)``). A split that is not a whole number of
    points (only possible with custom uma) is rounded to the nearest point, halves away from zero.
    """
    if len(uma) != len(raw_scores):
        raise ValueError("one uma value is needed per placed player")
    shares = []
    for raw, place in zip(raw_scores, places(raw_scores), strict=True):
        tied = raw_scores.count(raw)
        occupied = uma[place - 1 : place - 1 + tied]
        shares.append(round_half_away(Fraction(sum(occupied), tied)))
    return shares


def round_half_away(value: Fraction) -> int:
    """The nearest whole number; exact halves go away from zero (-2.5 -> -3, 2.5 -> 3)."""
    magnitude = abs(value)
    whole = int(magnitude + Fraction(1, 2))
    return whole if value >= 0 else -whole
