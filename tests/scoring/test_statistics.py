"""Statistics from the digital score sheets (scoring.statistics), worked by hand on two sheets and a session
without one (EMA 2016: 30,000 to start, 4.1 payments, 300 per counter on a ron, 3,000 noten payments 3.4.2).

Session 1, table 1: E a, S b, W c, N d; the time signal sounds in hand 4 (5.9: that hand and one more).
  1  E deals. S declares riichi (-1,000), S ron 3 fan 40 fu from W: 40 x 2^5 = 1,280 x 4 = 5,120 -> 5,200;
     S takes the stick back.                   E 30,000  S 35,200  W 24,800  N 30,000
  2  S deals. S tsumo 2 fan 30 fu (dealer): 30 x 2^4 = 480 x 2 = 960 -> 1,000 from each, 3,000 in all;
     the dealer won: 1 counter.                E 29,000  S 38,200  W 23,800  N 29,000
  3  N chombo: a re-deal (3.4.6), nothing paid at the table under 2016; not a hand played.
  4  E declares riichi (-1,000); draw, E and N tenpai: S and W pay 1,500 each (3.4.2); 2 counters, stick stays;
     the dealer S was noten: W deals.           E 29,500  S 36,700  W 22,300  N 30,500
  5  N declares riichi (-1,000). Double ron from S: E mangan 8,000 + 2 x 300; N yakuman 32,000 + 2 x 300;
     the two sticks go to N, the first winner after S (3.3.14).
                                               E 38,100  S -4,500 W 22,300  N 64,100
  Places: d 1, a 2, c 3, b 4. Hands played 4 (1, 2, 4, 5).
  a: 1 win (ron 8,000), riichi 1.  b: ron 5,200 and tsumo 3,000 (a dealer's 3 x 1,000), deal-in 1 (hand 5),
  riichi 1.  c: deal-in 1 (hand 1).  d: ron 32,000, riichi 1, chombo 1.

Session 2, table 1: E b, S a, W d's seat played by a substitute from the start, N c; the signal in hand 1.
  1  E deals. W (the substitute) tsumo 1 fan 30 fu: 240 -> dealer 500, others 300.
                                               E 29,500  S 29,700  W 31,100  N 29,700
  2  S deals. Draw, nobody tenpai: nothing paid.  Over (5.9).
  Places: the substitute 1, a and c level at 29,700 share 2nd (3.6.1), b 4. Hands played 2; the substitute's
  win is nobody's, and the seat is not d's.

Session 3: no sheet. a 40,000, b 30,000, c 30,000, d 20,000: a 1, b and c 2, d 4.
"""

import copy
from decimal import Decimal
from fractions import Fraction

import pytest

from scoring import statistics
from scoring.hands import replay
from scoring.ruleset import EMA_2008, EMA_2016
from scoring.side_rankings import PrizePlace
from scoring.statistics import (
    FIGURES,
    TableSheet,
    Tally,
    forget_sheets,
    highest_hand_places,
    machine_figures,
    most_wins_places,
    table_tallies,
    tally_tables,
)
from scoring.table import FROM_START, MID_SESSION, SeatOutcome


@pytest.fixture(autouse=True)
def nothing_remembered():
    """Each test plays its sheets (a count kept from another test, or from the code before a change, would hide a
    change of the counting)."""
    forget_sheets()


SHEET_1 = {
    "hands": [
        {"ron": [{"seat": "S", "fan": 3, "fu": 40}], "from": "W", "riichi": ["S"]},
        {"tsumo": {"seat": "S", "fan": 2, "fu": 30}},
        {"chombo": "N"},
        {"draw": {"tenpai": ["E", "N"]}, "riichi": ["E"]},
        {"ron": [{"seat": "E", "fan": 5}, {"seat": "N", "yakuman": 1}], "from": "S", "riichi": ["N"]},
    ],
    "time_signal": 4,
}
SHEET_2 = {
    "hands": [{"tsumo": {"seat": "W", "fan": 1, "fu": 30}}, {"draw": {"tenpai": []}}],
    "time_signal": 1,
}


def seat(wind, player, raw, place, substitute=""):
    return SeatOutcome(wind, player, raw, substitute, place, 0, 0)


TABLES = [
    TableSheet(
        1,
        1,
        (
            seat("E", "a", 38_100, 2),
            seat("S", "b", -4_500, 4),
            seat("W", "c", 22_300, 3),
            seat("N", "d", 64_100, 1),
        ),
        SHEET_1,
    ),
    TableSheet(
        2,
        1,
        (
            seat("E", "b", 29_500, 4),
            seat("S", "a", 29_700, 2),
            seat("W", "d", 31_100, 1, FROM_START),
            seat("N", "c", 29_700, 2),
        ),
        SHEET_2,
    ),
    TableSheet(
        3,
        1,
        (
            seat("E", "a", 40_000, 1),
            seat("S", "b", 30_000, 2),
            seat("W", "c", 30_000, 2),
            seat("N", "d", 20_000, 4),
        ),
    ),
]


def test_the_sheets_give_the_raw_points_worked_out_above():
    assert replay(EMA_2016, SHEET_1) == {"E": 38_100, "S": -4_500, "W": 22_300, "N": 64_100}
    assert replay(EMA_2016, SHEET_2) == {"E": 29_500, "S": 29_700, "W": 31_100, "N": 29_700}


def test_one_sheet_counts_each_seat():
    tallies = table_tallies(EMA_2016, TABLES[0])
    assert tallies["a"] == Tally(
        sessions=1,
        sheets=1,
        hands=4,
        wins=1,
        ron=1,
        riichi=1,
        win_points=8_000,
        highest_win=8_000,
        places=(0, 1, 0, 0),
    )
    # b: a ron 5,200 and a dealer's tsumo 3,000; the double ron of hand 5 is one deal-in
    assert tallies["b"] == Tally(
        sessions=1,
        sheets=1,
        hands=4,
        wins=2,
        ron=1,
        tsumo=1,
        deal_ins=1,
        riichi=1,
        win_points=8_200,
        highest_win=5_200,
        places=(0, 0, 0, 1),
    )
    assert tallies["c"] == Tally(sessions=1, sheets=1, hands=4, deal_ins=1, places=(0, 0, 1, 0))
    # d: the chombo is a chombo, not a hand played (4, not 5)
    assert tallies["d"] == Tally(
        sessions=1,
        sheets=1,
        hands=4,
        wins=1,
        ron=1,
        riichi=1,
        chombos=1,
        win_points=32_000,
        highest_win=32_000,
        places=(1, 0, 0, 0),
    )


def test_a_substituted_seat_is_nobodys_and_a_tie_shares_the_place():
    tallies = table_tallies(EMA_2016, TABLES[1])
    assert set(tallies) == {"a", "b", "c"}  # d's seat was the substitute's: not d's hands, not d's place
    assert tallies["a"] == Tally(sessions=1, sheets=1, hands=2, places=(0, 1, 0, 0))
    assert tallies["c"] == Tally(sessions=1, sheets=1, hands=2, places=(0, 1, 0, 0))
    assert tallies["b"] == Tally(sessions=1, sheets=1, hands=2, places=(0, 0, 0, 1))


def test_a_mid_session_substitute_is_not_placed_and_not_counted():
    outcomes = (seat("E", "a", 40_000, 1), seat("S", "b", 30_000, 2), seat("W", "c", 20_000, 3))
    outcomes += (seat("N", "d", 30_000, None, MID_SESSION),)
    tallies = table_tallies(EMA_2016, TableSheet(1, 1, outcomes))
    assert set(tallies) == {"a", "b", "c"}
    assert tallies["c"] == Tally(sessions=1, places=(0, 0, 1, 0))


def test_a_session_without_a_sheet_gives_the_place_only():
    tallies = table_tallies(EMA_2016, TABLES[2])
    assert tallies["a"] == Tally(sessions=1, places=(1, 0, 0, 0))
    assert tallies["d"] == Tally(sessions=1, places=(0, 0, 0, 1))
    assert tallies["b"].sheets == 0 and tallies["b"].hands == 0
    assert tallies["b"].win_rate is None and tallies["b"].average_win is None


def test_the_three_sessions_together():
    tallies = tally_tables(EMA_2016, TABLES)
    a, b, c, d = (tallies[key] for key in "abcd")
    # a: hands 4 + 2 = 6, 1 win; places 2, 2, 1 -> 5 / 3
    assert (a.sessions, a.sheets, a.hands, a.wins) == (3, 2, 6, 1)
    assert a.win_rate == Fraction(1, 6) and a.riichi_rate == Fraction(1, 6) and a.deal_in_rate == 0
    assert a.average_win == 8_000 and a.places == (1, 2, 0, 0) and a.average_place == Fraction(5, 3)
    # b: 2 wins of 6 hands, (5,200 + 3,000) / 2 = 4,100; places 4, 4, 2 -> 10 / 3
    assert b.win_rate == Fraction(1, 3) and b.deal_in_rate == Fraction(1, 6)
    assert b.average_win == 4_100 and b.highest_win == 5_200 and b.average_place == Fraction(10, 3)
    # c: no win; places 3, 2, 2 -> 7 / 3
    assert c.win_rate == 0 and c.average_win is None and c.average_place == Fraction(7, 3)
    # d: one session in their own seat with a sheet (4 hands), one without; places 1, 4 -> 2.5
    assert (d.sessions, d.sheets, d.hands, d.chombos) == (2, 1, 4, 1)
    assert d.win_rate == Fraction(1, 4) and d.average_place == Fraction(5, 2)


def test_figures_for_machines():
    tallies = tally_tables(EMA_2016, TABLES)
    assert list(machine_figures(tallies["a"])) == list(FIGURES)
    b = machine_figures(tallies["b"])
    # 1/3 -> 0.3333, 1/6 -> 0.1667 (half up), 10/3 -> 3.33; the zeros kept: 4,100 and 0.2500
    assert b["win_rate"] == Decimal("0.3333") and b["deal_in_rate"] == Decimal("0.1667")
    assert b["average_win"] == Decimal("4100") and b["average_place"] == Decimal("3.33")
    assert str(machine_figures(tallies["d"])["win_rate"]) == "0.2500"
    assert str(machine_figures(tallies["d"])["average_place"]) == "2.50"
    assert (b["places_1"], b["places_2"], b["places_3"], b["places_4"]) == (0, 1, 0, 2)
    assert b["riichi_rate"] == Decimal("0.1667") and b["highest_win"] == 5_200 and b["hands"] == 6
    c = machine_figures(tallies["c"])
    assert c["average_win"] is None and c["highest_win"] is None and str(c["win_rate"]) == "0.0000"
    assert str(machine_figures(tallies["a"])["average_place"]) == "1.67"  # 5/3 = 1.666.. half up


def test_half_up_rounding_of_an_average_win():
    # two wins of 1,000 and 2,000... and a third of 2,000: 5,000 / 3 = 1,666.67 -> 1,667; 2,500 / 2 stays 1,250
    assert machine_figures(Tally(wins=3, hands=9, win_points=5_000))["average_win"] == Decimal("1667")
    assert machine_figures(Tally(wins=2, hands=4, win_points=2_500))["average_win"] == Decimal("1250")
    # 1 of 8 hands = 0.125 exactly; 1 of 16 = 0.0625 -> 0.0625; 1 of 32 = 0.03125 -> 0.0313 (half up)
    assert str(machine_figures(Tally(wins=1, hands=32, win_points=1_000))["win_rate"]) == "0.0313"


def test_prize_places_for_the_most_wins_and_the_highest_hand():
    tallies = tally_tables(EMA_2016, TABLES)
    # wins: b 2, a 1, d 1, c 0 (not placed); a and d share 2nd
    assert most_wins_places(tallies) == {
        "b": PrizePlace(1, False),
        "a": PrizePlace(2, True),
        "d": PrizePlace(2, True),
    }
    # highest hand: d 32,000, a 8,000, b 5,200
    assert highest_hand_places(tallies) == {
        "d": PrizePlace(1, False),
        "a": PrizePlace(2, False),
        "b": PrizePlace(3, False),
    }


# Twice of everything in one game (EMA 2016), E a, S b, W c, N d; the signal in hand 5:
#   1, 2  W chombo, twice: re-deals, not hands played (3.4.6).
#   3  N riichi; S ron 1 fan 30 fu from W: 30 x 2^3 = 240 x 4 = 960 -> 1,000. The deal passes: S deals.
#   4  N riichi; S (dealer) ron 1 fan 30 fu from W: 240 x 6 = 1,440 -> 1,500. S stays, 1 counter.
#   5  E tsumo 1 fan 30 fu: the dealer S pays 480 -> 500, the others 240 -> 300: 1,100. W deals.
#   6  E tsumo 1 fan 30 fu again: 1,100. Over (5.9: the hand of the signal and one more).
SHEET_3 = {
    "hands": [
        {"chombo": "W"},
        {"chombo": "W"},
        {"ron": [{"seat": "S", "fan": 1, "fu": 30}], "from": "W", "riichi": ["N"]},
        {"ron": [{"seat": "S", "fan": 1, "fu": 30}], "from": "W", "riichi": ["N"]},
        {"tsumo": {"seat": "E", "fan": 1, "fu": 30}},
        {"tsumo": {"seat": "E", "fan": 1, "fu": 30}},
    ],
    "time_signal": 5,
}


def test_every_count_adds_up_within_one_game():
    outcomes = (seat("E", "a", 0, 1), seat("S", "b", 0, 2), seat("W", "c", 0, 3), seat("N", "d", 0, 4))
    tallies = table_tallies(EMA_2016, TableSheet(1, 1, outcomes, SHEET_3))
    assert tallies["a"] == Tally(
        sessions=1,
        sheets=1,
        hands=4,
        wins=2,
        tsumo=2,
        win_points=2_200,
        highest_win=1_100,
        places=(1, 0, 0, 0),
    )
    assert tallies["b"] == Tally(
        sessions=1, sheets=1, hands=4, wins=2, ron=2, win_points=2_500, highest_win=1_500, places=(0, 1, 0, 0)
    )
    assert tallies["c"] == Tally(sessions=1, sheets=1, hands=4, deal_ins=2, chombos=2, places=(0, 0, 1, 0))
    assert tallies["d"] == Tally(sessions=1, sheets=1, hands=4, riichi=2, places=(0, 0, 0, 1))


def test_a_log_is_played_once_and_the_memory_is_bounded(monkeypatch):
    first = statistics._sheet_counts(EMA_2016, SHEET_1)
    assert (
        statistics._sheet_counts(EMA_2016, copy.deepcopy(SHEET_1)) is first
    )  # the same content: not played again
    assert statistics._sheet_counts(EMA_2008, SHEET_1) is not first  # other rules: played under them
    monkeypatch.setattr(statistics, "MAX_REMEMBERED_SHEETS", 2)
    statistics._sheet_counts(EMA_2016, SHEET_3)
    assert len(statistics._REMEMBERED) <= 2
