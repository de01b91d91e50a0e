"""Series rankings (issue 30, docs/rules.md "Series rankings"), hand-worked: the MERS ranking as the EMA and
mahjong-portal compute it (server/rating/calculation/ema.py: tournament_age, _determine_tournaments_number,
_calculate_player_rating; rr.py: 5 and 4 results, 2 to be ranked, 50 % + 50 %), and the sums and averages of the
best K tournament totals."""

from datetime import date
from decimal import Decimal
from fractions import Fraction

import pytest

from scoring.mers import MersResult, add_months, age_factor, counted_results, mers_score
from scoring.series import TotalResult, best_score, shared_ranks, two_decimals

ON = date(2026, 11, 29)


@pytest.mark.parametrize(
    "last_day, factor",
    [
        (date(2026, 11, 29), 1),  # the ranking's own day
        (date(2025, 11, 29), 1),  # exactly 12 months before: still in full (months <= 12)
        (date(2025, 11, 28), Fraction(1, 2)),  # 12 months and a day
        (date(2025, 6, 15), Fraction(1, 2)),  # 17.5 months
        (date(2024, 11, 29), Fraction(1, 2)),  # exactly 24 months: still half
        (date(2024, 11, 28), 0),  # 24 months and a day: not counted
    ],
)
def test_age_factor(last_day, factor):
    assert age_factor(last_day, ON) == factor


def test_add_months_keeps_the_month_end():
    assert add_months(date(2024, 2, 29), 12) == date(2025, 2, 28)
    assert add_months(date(2025, 8, 31), 6) == date(2026, 2, 28)
    assert add_months(date(2025, 12, 6), 12) == date(2026, 12, 6)
    assert add_months(date(2025, 1, 15), 12) == date(2026, 1, 15)  # January + 12: the next year's January
    assert add_months(date(2024, 1, 15), 24) == date(2026, 1, 15)


@pytest.mark.parametrize(
    "results, counted",
    [
        (1, 1),
        (5, 5),
        (6, 6),  # 5 + ceil(0.8) = 6
        (7, 7),  # 5 + ceil(1.6) = 7 (the example)
        (8, 8),  # 5 + ceil(2.4) = 8
        (9, 9),  # 5 + ceil(3.2) = 9
        (10, 9),  # 5 + ceil(4.0) = 9
        (11, 10),  # 5 + ceil(4.8) = 10
        (15, 13),  # 5 + ceil(8.0) = 13
    ],
)
def test_counted_results(results, counted):
    assert counted_results(results) == counted


def r(slug, last_day, base_rank, weight, place=1, players=40):
    return MersResult(slug, last_day, place, players, base_rank, Decimal(weight))


# Seven: seven results within two years and one older. Sorted by base rank, the later first on equal base ranks:
# old-2025 1000 (w 2, age 1/2: 15 Jun. 2025 is 17.5 months before), autumn 900 (w 1), spring 800 (w 2),
# summer 600 (w 1.5, 2 Aug. 2026), lent 600 (w 1, 1 Mar. 2026: after summer on the equal base rank),
# winter 500 (w 1), fall-2025 200 (w 1, 6 Dec. 2025: within 12 months), and ancient-2024 (1 Sep. 2024: > 24 months).
SEVEN = [
    r("spring-2026", date(2026, 5, 10), 800, "2"),
    r("summer-2026", date(2026, 8, 2), 600, "1.5"),
    r("autumn-2026", date(2026, 10, 18), 900, "1"),
    r("old-2025", date(2025, 6, 15), 1000, "2"),
    r("ancient-2024", date(2024, 9, 1), 1000, "3"),
    r("winter-2026", date(2026, 1, 20), 500, "1"),
    r("lent-2026", date(2026, 3, 1), 600, "1"),
    r("fall-2025", date(2025, 12, 6), 200, "1"),
]


def test_seven_results_all_counted_old_one_half():
    score = mers_score(SEVEN, ON)
    order = [line.result.tournament for line in score.lines]
    assert order == [
        "old-2025",
        "autumn-2026",
        "spring-2026",
        "summer-2026",
        "lent-2026",
        "winter-2026",
        "fall-2025",
        "ancient-2024",  # too old: listed, not counted
    ]
    assert [line.age_factor for line in score.lines] == [Fraction(1, 2), 1, 1, 1, 1, 1, 1, 0]
    # 7 valid results: 5 + ceil(0.8 x 2) = 7 counted, the 8th (age 0) not.
    assert score.counted == 7
    assert [line.counted for line in score.lines] == [True] * 7 + [False]
    # Part A: (1000x2x0.5 + 900x1 + 800x2 + 600x1.5 + 600x1 + 500x1 + 200x1) / (2x0.5 + 1 + 2 + 1.5 + 1 + 1 + 1)
    #       = (1000 + 900 + 1600 + 900 + 600 + 500 + 200) / 8.5 = 5700 / 8.5 = 670.588... -> 670.59
    assert score.part_a == Fraction(5700 * 2, 17)
    assert two_decimals(score.part_a) == Decimal("670.59")
    # Part B, the best 4: (1000 + 900 + 1600 + 900) / (1 + 1 + 2 + 1.5) = 4400 / 5.5 = 800 (summer before lent:
    # lent first would give (1000 + 900 + 1600 + 600) / 5 = 820).
    assert [line.in_part_b for line in score.lines] == [True] * 4 + [False] * 4
    assert score.part_b == 800
    # Score: 0.5 x 670.588... + 0.5 x 800 = 735.294... -> 735.29
    assert two_decimals(score.score) == Decimal("735.29")
    assert score.ranked


def test_few_results_are_padded_with_zero_base_rank_weight_one():
    # Two results (a: 1000 weight 1, b: 500 weight 2, both this year): part A pads 3 results of base rank 0 and
    # weight 1, part B 2: A = (1000 + 1000) / (1 + 2 + 3) = 333.33, B = 2000 / (3 + 2) = 400; score 366.67.
    score = mers_score([r("a", date(2026, 9, 1), 1000, "1"), r("b", date(2026, 10, 1), 500, "2")], ON)
    assert (score.part_a_padding, score.part_b_padding) == (3, 2)
    assert two_decimals(score.part_a) == Decimal("333.33")
    assert score.part_b == 400
    assert two_decimals(score.score) == Decimal("366.67")
    assert score.ranked


def test_results_too_old_are_listed_latest_first():
    old = [
        r("a", date(2023, 5, 1), 900, "1"),
        r("d", date(2024, 1, 1), 1000, "1"),
        r("c", date(2024, 1, 1), 0, "1"),
    ]
    score = mers_score([*old, r("new", date(2026, 9, 1), 500, "1")], ON)
    assert [(line.result.tournament, line.counted) for line in score.lines] == [
        ("new", True),
        ("c", False),  # 1 Jan. 2024, then by short address
        ("d", False),
        ("a", False),  # 1 May 2023
    ]


def test_a_weight_has_at_most_one_decimal():
    with pytest.raises(ValueError, match="at most one decimal, not 1.25"):
        mers_score([r("a", date(2026, 9, 1), 1000, "1.25")], ON)


def test_one_result_is_not_ranked_nor_is_an_old_second():
    assert not mers_score([r("a", date(2026, 9, 1), 1000, "1")], ON).ranked
    # The second is over 24 months old: one counted result, not ranked.
    two = mers_score([r("a", date(2026, 9, 1), 1000, "1"), r("b", date(2024, 1, 1), 1000, "1")], ON)
    assert not two.ranked
    assert two.counted == 1


def test_a_tournament_after_the_ranking_date_is_left_out():
    score = mers_score([r("a", date(2026, 9, 1), 1000, "1"), r("later", date(2026, 12, 1), 1000, "1")], ON)
    assert [line.result.tournament for line in score.lines] == ["a"]
    assert not score.ranked


def test_ten_results_count_nine_best():
    # Ten results this year, weight 1, base ranks 1000, 900, ..., 100: part A takes the best 9 (5 + ceil(4.0)),
    # (1000 + ... + 200) / 9 = 5400 / 9 = 600; part B (1000 + 900 + 800 + 700) / 4 = 850; score 725.
    results = [r(f"t{i}", date(2026, 1, 1 + i), 1000 - 100 * i, "1") for i in range(10)]
    score = mers_score(results, ON)
    assert score.counted == 9
    assert score.part_a == 600
    assert score.part_b == 850
    assert score.score == 725


def t(slug, day, total):
    return TotalResult(slug, date(2026, day, 1), 1, 20, total)


def test_sum_of_the_best_two():
    # Totals 30.0, -5.0, 12.5 (points x 1000): the best two 30,000 + 12,500 = 42,500.
    score = best_score(
        [t("a", 1, 30_000), t("b", 2, -5_000), t("c", 3, 12_500)], best=2, minimum=1, average=False, on=ON
    )
    assert score.score == 42_500
    assert [line.counted for line in score.lines] == [True, True, False]
    assert score.counted == 2


def test_average_of_the_best_three_with_a_minimum():
    # Best 3 of 4: (30,000 + 12,500 + 10,000) / 3 = 17,500; equal totals: the later first (d before c).
    results = [t("a", 1, 30_000), t("b", 2, -5_000), t("c", 3, 10_000), t("d", 4, 10_000)]
    score = best_score(results, best=2, minimum=3, average=True, on=ON)
    assert [line.result.tournament for line in score.lines] == ["a", "d", "c", "b"]
    assert score.score == 20_000  # (30,000 + 10,000) / 2
    assert score.ranked
    few = best_score(results[:2], best=2, minimum=3, average=True, on=ON)
    assert not few.ranked  # 2 results, at least 3 needed
    assert few.score == 12_500  # (30,000 - 5,000) / 2


def test_shared_ranks_skip_the_tie():
    scores = [("a", Decimal("10.00")), ("b", Decimal("9.50")), ("c", Decimal("9.50")), ("d", Decimal("1.00"))]
    assert shared_ranks(scores) == [(1, "a"), (2, "b"), (2, "c"), (4, "d")]
    # A tie further down shares the place of the first of the tie, not of another row.
    later = [("a", Decimal(10)), ("b", Decimal(9)), ("c", Decimal(8)), ("d", Decimal(8))]
    assert shared_ranks(later) == [(1, "a"), (2, "b"), (3, "c"), (3, "d")]


def test_two_decimals_round_halves_up():
    assert two_decimals(Fraction(612345, 1000)) == Decimal("612.35")
    assert two_decimals(Fraction(49990, 99)) == Decimal("504.95")


def test_a_tournament_ending_on_the_ranking_day_counts():
    score = mers_score([r("a", ON, 1000, "1"), r("b", ON, 0, "1")], ON)
    assert score.counted == 2 and score.ranked
    totals = best_score([TotalResult("a", ON, 1, 4, 5_000)], best=1, minimum=1, average=False, on=ON)
    assert totals.ranked and totals.score == 5_000  # one result is enough with a minimum of 1
    later = best_score(
        [TotalResult("a", date(2026, 11, 30), 1, 4, 5_000)], best=1, minimum=1, average=False, on=ON
    )
    assert not later.lines and not later.ranked
