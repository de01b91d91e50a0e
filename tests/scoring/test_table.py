"""Scoring one table. Expected figures computed by hand from the EMA Riichi Competition Rules 2016.

Each case: raw points by wind (E, S, W, N) -> recorded (score, uma) per seat. Score = raw - 30,000 (3.6).
"""

import pytest

from scoring.errors import ScoringError
from scoring.ruleset import EMA_2008, EMA_2016, NTS, build_ruleset
from scoring.table import FROM_START, MID_SESSION, SeatInput, score_table

WINDS = ("E", "S", "W", "N")


def seats(raws, substitutes=("", "", "", "")):
    return [
        SeatInput(wind, f"p{index}", raw, sub)
        for index, (wind, raw, sub) in enumerate(zip(WINDS, raws, substitutes, strict=True))
    ]


def recorded(ruleset, raws, substitutes=("", "", "", "")):
    return [(o.score, o.uma) for o in score_table(ruleset, seats(raws, substitutes))]


CASES = [
    # section, raw E/S/W/N, substitutes, expected (score, uma) E/S/W/N
    pytest.param(
        "3.6.1 uma 15/5/-5/-15, no tie",
        (41_200, 30_900, 25_700, 22_200),
        ("", "", "", ""),
        [(11_200, 15_000), (900, 5_000), (-4_300, -5_000), (-7_800, -15_000)],
        id="3.6.1-plain",
    ),
    pytest.param(
        "3.6.1 example: two tied first get (15,000 + 5,000) / 2 = 10,000 each",
        (40_000, 40_000, 25_000, 15_000),
        ("", "", "", ""),
        [(10_000, 10_000), (10_000, 10_000), (-5_000, -5_000), (-15_000, -15_000)],
        id="3.6.1-tie-first",
    ),
    pytest.param(
        "3.6.1: three tied second split (5,000 - 5,000 - 15,000) / 3 = -5,000",
        (45_000, 25_000, 25_000, 25_000),
        ("", "", "", ""),
        [(15_000, 15_000), (-5_000, -5_000), (-5_000, -5_000), (-5_000, -5_000)],
        id="3.6.1-three-tied-second",
    ),
    pytest.param(
        "3.6.1: two tied third split (-5,000 - 15,000) / 2 = -10,000",
        (50_000, 30_000, 20_000, 20_000),
        ("", "", "", ""),
        [(20_000, 15_000), (0, 5_000), (-10_000, -10_000), (-10_000, -10_000)],
        id="3.6.1-tie-third",
    ),
    pytest.param(
        "3.6.1: four tied split all four places = 0",
        (30_000, 30_000, 30_000, 30_000),
        ("", "", "", ""),
        [(0, 0)] * 4,
        id="3.6.1-four-tied",
    ),
    pytest.param(
        "3.6: no bankruptcy, a negative raw score is legal",
        (70_000, 35_000, 20_000, -5_000),
        ("", "", "", ""),
        [(40_000, 15_000), (5_000, 5_000), (-10_000, -5_000), (-35_000, -15_000)],
        id="3.6-negative",
    ),
    pytest.param(
        "5.8 example: the from-start substitute (E) wins; the others get 5,000, -5,000, -15,000",
        (45_000, 35_000, 25_000, 15_000),
        (FROM_START, "", "", ""),
        [(-15_000, -15_000), (5_000, 5_000), (-5_000, -5_000), (-15_000, -15_000)],
        id="5.8-from-start-wins",
    ),
    pytest.param(
        "5.8: a from-start substitute placed last leaves 15,000 / 5,000 / -5,000 to the others",
        (40_000, 35_000, 30_000, 15_000),
        ("", "", "", FROM_START),
        [(10_000, 15_000), (5_000, 5_000), (0, -5_000), (-15_000, -15_000)],
        id="5.8-from-start-last",
    ),
    pytest.param(
        "5.8 example: mid-session substitute had the most points; the others get 15,000, 5,000, -5,000",
        (45_000, 35_000, 25_000, 15_000),
        (MID_SESSION, "", "", ""),
        [(-15_000, -15_000), (5_000, 15_000), (-5_000, 5_000), (-15_000, -5_000)],
        id="5.8-mid-session",
    ),
    pytest.param(
        "5.8 + 3.6.1: mid-session substitute, two of the other three tied first split (15,000 + 5,000) / 2",
        (45_000, 30_000, 30_000, 15_000),
        (MID_SESSION, "", "", ""),
        [(-15_000, -15_000), (0, 10_000), (0, 10_000), (-15_000, -5_000)],
        id="5.8-mid-session-tie",
    ),
]


@pytest.mark.parametrize(("section", "raws", "substitutes", "expected"), CASES)
def test_ema_2016_table(section, raws, substitutes, expected):
    assert recorded(EMA_2016, raws, substitutes) == expected, section


def test_session_result_is_score_plus_uma():
    # 3.6: 41,200 - 30,000 = 11,200, plus 15,000 uma = 26,200
    outcome = score_table(EMA_2016, seats((41_200, 30_900, 25_700, 22_200)))[0]
    assert outcome.result == 26_200
    assert outcome.place == 1


def test_places_are_shared_on_equal_raw_points():
    outcomes = score_table(EMA_2016, seats((40_000, 40_000, 25_000, 15_000)))
    assert [o.place for o in outcomes] == [1, 1, 3, 4]


def test_mid_session_substitute_has_no_place():
    outcomes = score_table(EMA_2016, seats((45_000, 35_000, 25_000, 15_000), (MID_SESSION, "", "", "")))
    assert [o.place for o in outcomes] == [None, 1, 2, 3]


def test_ema_2008_uma_9_3():
    # 2008 book, 3.6.1: 9,000 / 3,000 / -3,000 / -9,000
    assert recorded(EMA_2008, (41_200, 30_900, 25_700, 22_200)) == [
        (11_200, 9_000),
        (900, 3_000),
        (-4_300, -3_000),
        (-7_800, -9_000),
    ]


def test_ema_2008_tie_first_splits_9_and_3():
    # (9,000 + 3,000) / 2 = 6,000 each
    assert [uma for _, uma in recorded(EMA_2008, (40_000, 40_000, 25_000, 15_000))] == [
        6_000,
        6_000,
        -3_000,
        -9_000,
    ]


def test_nts_table_sums_to_zero_without_uma():
    # NTS 2.1: every hand is settled between all players, so the four scores add up to 0; no uma
    assert recorded(NTS, (1_240, -300, -440, -500)) == [(1_240, 0), (-300, 0), (-440, 0), (-500, 0)]


def test_nts_refuses_a_table_that_does_not_sum_to_zero():
    with pytest.raises(ScoringError) as error:
        score_table(NTS, seats((1_240, -300, -440, -400)))
    assert error.value.code == "table_sum"


def test_custom_uma_split_rounds_halves_away_from_zero():
    # uma 15,001 / 5,000 / ...: two tied first get 20,001 / 2 = 10,000.5 -> 10,001 (documented rounding)
    ruleset = build_ruleset("ema-2016", {"uma": [15_001, 5_000, -5_000, -15_001]})
    assert [uma for _, uma in recorded(ruleset, (40_000, 40_000, 25_000, 15_000))][:2] == [10_001, 10_001]


def test_lost_leftover_sticks_count_in_the_sum():
    ruleset = build_ruleset("ema-2016", {"leftover_riichi": "lost"})
    # 2 sticks lost: the scores add up to 120,000 - 2,000 = 118,000
    outcomes = score_table(ruleset, seats((40_000, 30_000, 28_000, 20_000)), leftover_sticks=2)
    assert [o.uma for o in outcomes] == [15_000, 5_000, -5_000, -15_000]


@pytest.mark.parametrize(
    ("raws", "code", "fragment"),
    [
        (
            (41_200, 30_900, 25_700, 22_300),
            "table_sum",
            "add up to 120,100; they must add up to 120,000 (100 too many)",
        ),
        ((41_250, 30_850, 25_700, 22_200), "score_unit", "seat E: 41250 is not a multiple of 100"),
        # scoring.limits.MAX_RAW_POINTS: 10^30 and -10^30 keep the table sum (3.6) and were stored
        (
            (10**30 + 40_000, 30_000, 30_000, 20_000 - 10**30),
            "score_range",
            "seat E: raw points are within 1,000,000",
        ),
    ],
)
def test_bad_scores_are_refused_with_the_place_named(raws, code, fragment):
    with pytest.raises(ScoringError) as error:
        score_table(EMA_2016, seats(raws), where="session 2, table 7")
    assert error.value.code == code
    assert error.value.message.startswith("session 2, table 7")
    assert fragment in error.value.message


def test_winds_must_be_the_four_winds():
    bad = [
        SeatInput("E", "a", 30_000),
        SeatInput("E", "b", 30_000),
        SeatInput("W", "c", 30_000),
        SeatInput("N", "d", 30_000),
    ]
    with pytest.raises(ScoringError) as error:
        score_table(EMA_2016, bad)
    assert error.value.code == "winds"


def test_a_player_sits_once_per_table():
    bad = [SeatInput(w, "same" if w in "ES" else w, 30_000) for w in WINDS]
    with pytest.raises(ScoringError) as error:
        score_table(EMA_2016, bad)
    assert error.value.code == "same_player"


def test_three_seats_are_refused():
    with pytest.raises(ScoringError) as error:
        score_table(EMA_2016, seats((40_000, 40_000, 40_000, 0))[:3])
    assert error.value.code == "seat_count"


def test_leftover_sticks_refused_when_they_go_to_the_winner():
    with pytest.raises(ScoringError) as error:
        score_table(EMA_2016, seats((40_000, 30_000, 28_000, 20_000)), leftover_sticks=2)
    assert error.value.code == "leftover_sticks"


def test_unknown_substitute_kind_is_refused():
    with pytest.raises(ScoringError) as error:
        score_table(EMA_2016, seats((30_000,) * 4, ("sometimes", "", "", "")))
    assert error.value.code == "substitute_kind"


# -- issue 32: each rule case pinned (a mutation audit found these unnoticed) -------------------------------------


def test_custom_uma_negative_split_rounds_halves_away_from_zero():
    """3.6.1 with a custom uma (rules-interpretation.md 1.4: a split that is not whole is rounded to the nearest
    point, halves away from zero). Uma 15,000 / 5,000 / -5,000 / -15,001, two tied third:
    (-5,000 - 15,001) / 2 = -10,000.5 -> -10,001 each (away from zero, not -10,000)."""
    ruleset = build_ruleset("ema-2016", {"uma": [15_000, 5_000, -5_000, -15_001]})
    assert recorded(ruleset, (50_000, 30_000, 20_000, 20_000)) == [
        (20_000, 15_000),
        (0, 5_000),
        (-10_000, -10_001),
        (-10_000, -10_001),
    ]


def test_custom_uma_negative_split_rounds_to_the_nearest_point():
    """3.6.1, custom uma 15,000 / 5,000 / -5,000 / -15,002: three tied second split
    (5,000 - 5,000 - 15,002) / 3 = -5,000.67 -> -5,001 (the nearest point); two tied third split
    (-5,000 - 15,002) / 2 = -10,001 exactly."""
    ruleset = build_ruleset("ema-2016", {"uma": [15_000, 5_000, -5_000, -15_002]})
    assert [uma for _, uma in recorded(ruleset, (45_000, 25_000, 25_000, 25_000))] == [
        15_000,
        -5_001,
        -5_001,
        -5_001,
    ]
    assert [uma for _, uma in recorded(ruleset, (50_000, 30_000, 20_000, 20_000))][2:] == [-10_001, -10_001]


def test_custom_uma_negative_split_below_a_half_rounds_towards_zero():
    """3.6.1, custom uma 15,000 / 5,000 / -5,000 / -15,001: three tied second split
    (5,000 - 5,000 - 15,001) / 3 = -5,000.33 -> -5,000."""
    ruleset = build_ruleset("ema-2016", {"uma": [15_000, 5_000, -5_000, -15_001]})
    assert [uma for _, uma in recorded(ruleset, (45_000, 25_000, 25_000, 25_000))] == [
        15_000,
        -5_000,
        -5_000,
        -5_000,
    ]


@pytest.mark.parametrize(
    ("raws", "allowed"),
    [
        # scoring.limits.MAX_RAW_POINTS: raw points within 1,000,000 either way, both bounds included
        ((-1_000_000, 1_000_000, 60_000, 60_000), True),
        ((1_000_000, -1_000_000, 60_000, 60_000), True),
        # one below: -1,000,100 (the table sum 120,000 kept: 1,000,000 + 120,100 + 0 - 1,000,100)
        ((-1_000_100, 1_000_000, 120_100, 0), False),
        ((120_100, 0, 1_000_000, -1_000_100), False),
    ],
)
def test_raw_points_are_bounded_on_both_sides(raws, allowed):
    if allowed:
        assert [score for score, _ in recorded(EMA_2016, raws)] == [raw - 30_000 for raw in raws]
        return
    with pytest.raises(ScoringError) as error:
        score_table(EMA_2016, seats(raws), where="session 1, table 1")
    assert error.value.code == "score_range"
    wind = "ESWN"[raws.index(-1_000_100)]
    assert f"seat {wind}: raw points are within 1,000,000 either way" in error.value.message


def test_negative_leftover_sticks_are_refused():
    """3.6 with leftover bets lost: sum + 1,000 x sticks = 120,000. -1 stick would ask for 121,000; a count of
    sticks is never negative, so the table is refused (code negative_sticks), even though 121,000 'adds up'."""
    ruleset = build_ruleset("ema-2016", {"leftover_riichi": "lost"})
    with pytest.raises(ScoringError) as error:
        score_table(ruleset, seats((41_000, 30_000, 30_000, 20_000)), leftover_sticks=-1, where="table 4")
    assert error.value.code == "negative_sticks"
    assert error.value.message == "table 4: leftover sticks cannot be negative"


def test_no_leftover_sticks_under_the_lost_rule_is_the_full_sum():
    """3.6, leftover bets lost, no stick left: the four scores add up to the full 120,000; one stick: 119,000."""
    ruleset = build_ruleset("ema-2016", {"leftover_riichi": "lost"})
    assert [uma for _, uma in recorded(ruleset, (40_000, 30_000, 30_000, 20_000))] == [
        15_000,
        0,
        0,
        -15_000,
    ]
    with pytest.raises(ScoringError) as error:
        score_table(ruleset, seats((40_000, 30_000, 30_000, 20_000)), leftover_sticks=1)
    assert error.value.code == "table_sum"
    assert "they must add up to 119,000 (1,000 too many)" in error.value.message


SUBSTITUTE_RULES = {"substitute_score": -10_000, "substitute_uma": -20_000}


def test_mid_session_substitute_under_a_ruleset_whose_substitute_uma_differs_from_its_score():
    """5.8 with the substitute's figures overridden (rules-interpretation.md section 6): score -10,000 and uma
    -20,000 (total -30,000, as the book's -15,000 + -15,000). The seat substituted mid-session (E, who had the most
    points) is recorded with exactly these two figures, each in its own column; the other three are placed among
    themselves: S 35,000 -> 5,000 + 15,000 | W 25,000 -> -5,000 + 5,000 | N 15,000 -> -15,000 - 5,000."""
    ruleset = build_ruleset("ema-2016", SUBSTITUTE_RULES)
    outcomes = score_table(ruleset, seats((45_000, 35_000, 25_000, 15_000), (MID_SESSION, "", "", "")))
    assert [(o.score, o.uma) for o in outcomes] == [
        (-10_000, -20_000),
        (5_000, 15_000),
        (-5_000, 5_000),
        (-15_000, -5_000),
    ]
    assert outcomes[0].result == -30_000
    assert outcomes[0].place is None


def test_from_start_substitute_under_a_ruleset_whose_substitute_uma_differs_from_its_score():
    """5.8, the same overridden figures, the seat (N, who won) played from the start: recorded -10,000 and
    -20,000; the substitute's 45,000 places the others: E 35,000 -> 5,000 + 5,000 | S 25,000 -> -5,000 - 5,000 |
    W 15,000 -> -15,000 - 15,000."""
    ruleset = build_ruleset("ema-2016", SUBSTITUTE_RULES)
    outcomes = score_table(ruleset, seats((35_000, 25_000, 15_000, 45_000), ("", "", "", FROM_START)))
    assert [(o.score, o.uma) for o in outcomes] == [
        (5_000, 5_000),
        (-5_000, -5_000),
        (-15_000, -15_000),
        (-10_000, -20_000),
    ]
    assert [o.place for o in outcomes] == [2, 3, 4, 1]


def test_split_uma_needs_one_value_per_placed_player():
    """3.6.1: one uma per place; four scores with three uma values (or the reverse) is a programming error."""
    from scoring.uma import split_uma

    for scores, uma in (
        ([40_000, 30_000, 30_000, 20_000], [15_000, 5_000, -5_000]),
        ([40_000, 30_000, 30_000], [15_000, 5_000, -5_000, -15_000]),
    ):
        with pytest.raises(ValueError) as refused:
            split_uma(scores, uma)
        assert str(refused.value) == "one uma value is needed per placed player"
    # the three placed players of a mid-session substitution (5.8): 15,000 / 5,000 / -5,000, two tied second
    assert split_uma([40_000, 30_000, 30_000], [15_000, 5_000, -5_000]) == [15_000, 0, 0]


def test_without_leftover_sticks_given_none_are_lost():
    """3.6: the table sum is 120,000 less 1,000 a stick lost; no count given is no stick."""
    from scoring.table import check_table, expected_sum

    assert expected_sum(EMA_2016) == 120_000
    lost = build_ruleset("ema-2016", {"leftover_riichi": "lost"})
    assert expected_sum(lost) == 120_000 and expected_sum(lost, 2) == 118_000
    check_table(lost, seats((40_000, 30_000, 30_000, 20_000)))  # no stick: the full sum
    with pytest.raises(ScoringError) as refused:
        check_table(EMA_2016, seats((40_000, 30_000, 30_000, 20_100)))
    assert refused.value.message.startswith("table: the scores add up to 120,100")
    with pytest.raises(ScoringError) as refused:
        score_table(EMA_2016, seats((40_000, 30_000, 30_000, 20_100)))
    assert refused.value.params["where"] == "table"
