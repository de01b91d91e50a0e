"""The EMA ranking (MERS) figures of a tournament (ema-results-file.md: "MERS weight", "Base rank", column Q).

Plain Python: the weight with its parts, each player's base rank, the dates as the EMA writes them, and the
check that places run 1..N with ties explicit.
"""

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from typing import NamedTuple

from scoring.limits import MAX_COUNTED_DAYS, MAX_COUNTED_SUBSTITUTES

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
