"""MERS weight, base rank, places and the period text (ema-results-file.md), figures worked out by hand."""

from datetime import date
from decimal import Decimal

import pytest

from scoring.ema_countries import country_of_number, counts_as_country
from scoring.mers import base_rank, mers_weight, number_of_days, period_text, places_are_consistent


@pytest.mark.parametrize(
    "days, players, substitutes, countries, qualification, parts, total",
    [
        # 1 day, 32 players, 4 countries: days only.
        (1, 32, 0, 4, False, ("1", "0", "0", "0"), "1"),
        # 2 days, 40 players + 1 substitute = 41 -> +0.5; 6 countries -> +0.5.
        (2, 40, 1, 6, False, ("2", "0.5", "0.5", "0"), "3"),
        # 40 players, no substitute: stays at 0 (X <= 40).
        (2, 40, 0, 5, False, ("2", "0", "0", "0"), "2"),
        # 78 players + 5 substitutes: only 3 count -> 81 > 80 -> +1; 9 countries -> +0.5.
        (2, 78, 5, 9, False, ("2", "1", "0.5", "0"), "3.5"),
        # 37 players + 4 substitutes: only 3 count -> 40, not 41: no players part (X <= 40).
        (1, 37, 4, 5, False, ("1", "0", "0", "0"), "1"),
        # 37 players + 3 substitutes -> 40: still nothing; 38 + 3 -> 41: +0.5.
        (1, 37, 3, 5, False, ("1", "0", "0", "0"), "1"),
        (1, 38, 3, 5, False, ("1", "0.5", "0", "0"), "1.5"),
        # 77 players + 4 substitutes -> 80, not 81: +0.5; 5 countries -> +0 (X <= 5).
        (2, 77, 4, 5, False, ("2", "0.5", "0", "0"), "2.5"),
        # 0 days (one day not known yet) counts as 1.
        (0, 32, 0, 4, False, ("1", "0", "0", "0"), "1"),
        # 80 players exactly: +0.5; 10 countries -> +1; qualification +1.
        (3, 80, 0, 10, True, ("3", "0.5", "1", "1"), "5.5"),
        # 4 days are capped at 3; 120 players -> +1.
        (4, 120, 0, 3, False, ("3", "1", "0", "0"), "4"),
    ],
)
def test_mers_weight_parts(days, players, substitutes, countries, qualification, parts, total):
    weight = mers_weight(
        days=days, players=players, substitutes=substitutes, countries=countries, qualification=qualification
    )
    assert (weight.days, weight.players, weight.countries, weight.qualification) == tuple(map(Decimal, parts))
    assert weight.total == Decimal(total)


@pytest.mark.parametrize(
    "place, players, expected",
    [
        (1, 32, 1000),  # the winner
        (32, 32, 0),  # the last player
        (2, 5, 750),  # 1000 x 3/4
        (3, 4, 333),  # 1000 x 1/3 = 333.33
        (2, 4, 667),  # 1000 x 2/3 = 666.67
        (16, 17, 63),  # 1000 x 1/16 = 62.5: halves go up
        (1, 1, 1000),  # a tournament of one
    ],
)
def test_base_rank(place, players, expected):
    assert base_rank(place, players) == expected


def test_shared_place_shares_the_base_rank():
    # Places 1, 2, 2, 4 of four players: both second places get 1000 x 2/3 = 667.
    assert [base_rank(p, 4) for p in (1, 2, 2, 4)] == [1000, 667, 667, 0]


@pytest.mark.parametrize(
    "places, consistent",
    [
        ([1, 2, 3, 4], True),
        ([1, 2, 2, 4], True),
        ([1, 1, 1, 4, 5], True),
        ([1, 2, 2, 3], False),  # a tie must skip the next place
        ([1, 2, 4], False),  # a gap without a tie
        ([2, 3], False),  # not starting at 1
        ([1, 3, 3], False),
        ([], True),
    ],
)
def test_places_are_consistent(places, consistent):
    assert places_are_consistent(places) is consistent


@pytest.mark.parametrize(
    "start, end, text, days",
    [
        (date(2026, 5, 9), date(2026, 5, 10), "9-10 May. 2026", 2),
        (date(2025, 1, 30), date(2025, 2, 2), "30 Jan.-2 Feb. 2025", 4),
        (date(2025, 2, 1), date(2025, 2, 1), "1 Feb. 2025", 1),
        (date(2025, 2, 1), None, "1 Feb. 2025", 1),
        (date(2025, 12, 30), date(2026, 1, 2), "30 Dec. 2025-2 Jan. 2026", 4),
        (date(2024, 2, 28), date(2024, 3, 1), "28 Feb.-1 Mar. 2024", 3),  # leap year
    ],
)
def test_period_and_days(start, end, text, days):
    assert period_text(start, end) == text
    assert number_of_days(start, end) == days


def test_number_prefix_names_the_member_country():
    assert country_of_number("08010039") == "NED"
    assert country_of_number("19000001") == "POL"
    assert country_of_number("13000001") is None  # 13 is not in the list


def test_eur_and_empty_do_not_count_as_countries():
    assert counts_as_country("NED")
    assert not counts_as_country("EUR")
    assert not counts_as_country("")
