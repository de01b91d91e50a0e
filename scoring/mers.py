"""The EMA ranking (MERS) figures of a tournament (ema-results-file.md: "MERS weight", "Base rank", column Q), and
the MERS ranking of a person over several tournaments (issue 30, docs/rules.md "Series rankings").

Plain Python: the weight with its parts, each player's base rank, the dates as the EMA writes them, the check that
places run 1..N with ties explicit; a result's age factor, how many results count, part A, part B and the score.
"""

import calendar
from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from scoring.limits import (
    MAX_COUNTED_DAYS,
    MAX_COUNTED_SUBSTITUTES,
    MERS_FULL_MONTHS,
    MERS_HALF_MONTHS,
    MERS_MINIMUM,
    MERS_PART_A,
    MERS_PART_B,
)

# Column Q. The spec's month list writes "May" but its example and the issue write "9-10 May. 2026": every
# month gets the dot here, as in the example. Changing it is this one line.
MONTHS = ("Jan.", "Feb.", "Mar.", "Apr.", "May.", "Jun.", "Jul.", "Aug.", "Sep.", "Oct.", "Nov.", "Dec.")

HALF = Decimal("0.5")
ONE = Decimal("1")


class MersWeight(NamedTuple):
    """The weight and the part each rule adds (EMA ranking rules since 2018)."""

    days: Decimal
    players: Decimal
    countries: Decimal
    qualification: Decimal

    @property
    def total(self) -> Decimal:
        return self.days + self.players + self.countries + self.qualification


def mers_weight(
    *, days: int, players: int, substitutes: int, countries: int, qualification: bool
) -> MersWeight:
    """days: 1..3 (capped); players: <= 40 +0, 41..80 +0.5, > 80 +1 (substitutes count, at most 3);
    countries: <= 5 +0, 6..9 +0.5, >= 10 +1; qualification required: +1."""
    counted_players = players + min(substitutes, MAX_COUNTED_SUBSTITUTES)
    return MersWeight(
        days=Decimal(max(1, min(days, MAX_COUNTED_DAYS))),
        players=_step(counted_players, half_from=41, one_from=81),
        countries=_step(countries, half_from=6, one_from=10),
        qualification=ONE if qualification else Decimal(0),
    )


def _step(count: int, *, half_from: int, one_from: int) -> Decimal:
    if count >= one_from:
        return ONE
    return HALF if count >= half_from else Decimal(0)


def base_rank(place: int, players: int) -> int:
    """round(1000 x (N - place) / (N - 1)), halves rounded up: the winner 1000, the last player 0.

    A tournament of one player gives that player 1000.
    """
    if players == 1:
        return 1000
    numerator, denominator = 1000 * (players - place), players - 1
    return (2 * numerator + denominator) // (2 * denominator)


def places_are_consistent(places: Sequence[int]) -> bool:
    """Places in file order run 1..N with ties explicit: 1, 2, 2, 4 (a shared place skips the next ones)."""
    for index, place in enumerate(places):
        first_of_group = index == 0 or place != places[index - 1]
        if first_of_group and place != index + 1:
            return False
    return True


def number_of_days(start: date, end: date | None) -> int:
    """Days of the tournament, both ends included (one day when the last day is not known)."""
    return ((end or start) - start).days + 1


def period_text(start: date, end: date | None) -> str:
    """'1 Feb. 2025', '9-10 May. 2026', '30 Jan.-2 Feb. 2025', '30 Dec. 2025-2 Jan. 2026'."""
    end = end or start
    if start == end:
        return _day(start, with_year=True)
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}-{_day(end, with_year=True)}"
    return f"{_day(start, with_year=start.year != end.year)}-{_day(end, with_year=True)}"


def _day(day: date, *, with_year: bool) -> str:
    text = f"{day.day} {MONTHS[day.month - 1]}"
    return f"{text} {day.year}" if with_year else text


# --- The MERS ranking over several tournaments -------------------------------------------------------------------
# As the EMA's "Basics of the ranking" and mahjong-portal compute it (server/rating/calculation/ema.py:
# RatingEMACalculation.tournament_age, _determine_tournaments_number, _calculate_player_rating; rr.py: the counts
# FIRST_PART_MIN_TOURNAMENTS 5, SECOND_PART_MIN_TOURNAMENTS 4, MIN_TOURNAMENTS_NUMBER 2, the weights 50/50).


class MersResult(NamedTuple):
    """One person's result in one tournament: its base rank and the tournament's weight (weight x age factor is
    what the result weighs on the ranking's date)."""

    tournament: str  # the tournament's slug
    last_day: date
    place: int
    players: int
    base_rank: int
    weight: Decimal


class MersLine(NamedTuple):
    result: MersResult
    age_factor: Fraction  # 1, 1/2 or 0
    in_part_a: bool
    in_part_b: bool

    @property
    def counted(self) -> bool:
        return self.in_part_a


class MersScore(NamedTuple):
    lines: tuple[
        MersLine, ...
    ]  # best first (the order the parts take them), then the results too old to count
    part_a: Fraction
    part_b: Fraction
    score: Fraction
    ranked: bool  # at least MERS_MINIMUM results within MERS_HALF_MONTHS

    @property
    def counted(self) -> int:
        return sum(line.in_part_a for line in self.lines)

    @property
    def part_a_padding(self) -> int:
        """Results of base rank 0 and weight 1 that make part A up to MERS_PART_A."""
        return max(0, MERS_PART_A - self.counted)

    @property
    def part_b_padding(self) -> int:
        return max(0, MERS_PART_B - sum(line.in_part_b for line in self.lines))


def add_months(day: date, months: int) -> date:
    """The same day ``months`` later; the month's last day where it has fewer days (29 Feb. 2024 + 12 = 28 Feb.)."""
    month_index = day.month - 1 + months
    year, month = day.year + month_index // 12, month_index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def age_factor(last_day: date, on: date) -> Fraction:
    """1 up to MERS_FULL_MONTHS after the tournament's last day (that day included), 1/2 up to MERS_HALF_MONTHS,
    then 0 (mahjong-portal ema.py tournament_age: months <= 12 -> 100 %, <= 24 -> 50 %, else 0)."""
    if on <= add_months(last_day, MERS_FULL_MONTHS):
        return Fraction(1)
    if on <= add_months(last_day, MERS_HALF_MONTHS):
        return Fraction(1, 2)
    return Fraction(0)


_remembered_age = lru_cache(maxsize=4096)(
    age_factor
)  # a series asks for the same few tournaments, once per person


def counted_results(results: int) -> int:
    """How many of a person's results part A takes: all of them up to MERS_PART_A, then MERS_PART_A + ceil(0.8 x
    the rest) (ema.py _determine_tournaments_number): 6 -> 6, 7 -> 7, 8 -> 8, 10 -> 9."""
    beyond = max(0, results - MERS_PART_A)
    return min(results, MERS_PART_A) + -(-4 * beyond // 5)  # ceil(0.8 x beyond) in whole numbers


def mers_score(results: Sequence[MersResult], on: date) -> MersScore:
    """A person's MERS ranking on ``on`` from their results of tournaments that ended by then: part A the average
    of the best counted_results(n) base ranks weighted by weight x age factor, padded to MERS_PART_A results of
    base rank 0 and weight 1; part B the same over the best MERS_PART_B; the score is half of each. Best means the
    highest base rank, the later tournament first on equal base ranks (ema.py sorts by (base_rank, end_date))."""
    aged = [(result, _remembered_age(result.last_day, on)) for result in results if result.last_day <= on]
    valid = sorted(
        ((r, a) for r, a in aged if a),
        key=lambda pair: (-pair[0].base_rank, -pair[0].last_day.toordinal(), pair[0].tournament),
    )
    too_old = sorted((r for r, a in aged if not a), key=lambda r: (-r.last_day.toordinal(), r.tournament))
    in_a = counted_results(len(valid))
    lines = tuple(MersLine(r, a, i < in_a, i < MERS_PART_B) for i, (r, a) in enumerate(valid)) + tuple(
        MersLine(r, Fraction(0), False, False) for r in too_old
    )
    part_a = _weighted_average(valid[:in_a], MERS_PART_A)
    part_b = _weighted_average(valid[:MERS_PART_B], MERS_PART_B)
    score = (part_a + part_b) / 2
    return MersScore(lines, part_a, part_b, score, len(valid) >= MERS_MINIMUM)


def _weighted_average(taken: Sequence[tuple[MersResult, Fraction]], at_least: int) -> Fraction:
    """sum(base rank x weight x age) / (sum(weight x age) + one per missing result), exactly. Weights have at most
    one decimal and ages are 1 or 1/2, so weight x 10 x age x 2 is a whole number: whole-number sums (in twentieths),
    one fraction."""
    units = [(_tenths(r.weight) * int(age * 2), r.base_rank) for r, age in taken]
    numerator = sum(unit * rank for unit, rank in units)
    denominator = sum(unit for unit, _rank in units) + 20 * max(0, at_least - len(taken))
    return Fraction(numerator, denominator)


def _tenths(weight: Decimal) -> int:
    tenths = weight * 10
    if tenths != int(tenths):
        raise ValueError(f"a MERS weight has at most one decimal, not {weight}")
    return int(tenths)
