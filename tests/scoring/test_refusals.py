"""Every refusal of the rules, word for word (issue 32): the code the app translates, the English message that
names what was wrong and where, and the params the translation fills in (tests/tournament/test_error_codes.py
holds the app's side). A refusal is part of the rule: a referee reads it at the table, so a wrong figure, a lost
"where" or a missing parameter is a broken rule too. The figures in the messages are the books' (5.5 obstruction
8,000 / 12,000 to 48,000; 5.7 ten minutes; 3.6 the table sum 120,000), the limits scoring/limits.py's."""

from datetime import UTC, datetime, timedelta

import pytest

from scoring.clock import END, EXTRA, PAUSE, RESUME, START, ClockEvent, clock_state
from scoring.errors import ScoringError
from scoring.hands import check_table_hands, hand_value, nts, parse_log, replay, score_game
from scoring.hands.nts_tiles import NtsTilesHand, evaluate_nts
from scoring.hands.tiles import TilesHand, evaluate
from scoring.penalties import PenaltyInput, penalty_points
from scoring.ruleset import EMA_2008, EMA_2016, NTS, build_ruleset, check_new_ruleset
from scoring.side_rankings import clean_best, clean_categories, clean_category, clean_tie_breaks
from scoring.table import SeatInput, score_table

T0 = datetime(2026, 5, 9, 10, 0, tzinfo=UTC)
LOST = build_ruleset("ema-2016", {"leftover_riichi": "lost"})
DEBT_REFUSED = build_ruleset("ema-2016", {"riichi_debt": "refused"})
EIGHT_DRAWS = [
    {"draw": {"tenpai": []}}
] * 8  # nobody tenpai: the dealer passes each time, the south round ends
REGULAR_LIMIT = "four-winds"  # NTS 2.3: a regular limit hand (not halved when waiting)


def at(minutes: float = 0) -> datetime:
    return T0 + timedelta(minutes=minutes)


def start(minutes=90, when=0):
    return ClockEvent(START, at(when), minutes)


def seats(raws, substitutes=("", "", "", "")):
    return [
        SeatInput(wind, f"p{index}", raw, sub)
        for index, (wind, raw, sub) in enumerate(zip("ESWN", raws, substitutes, strict=True))
    ]


def refusal(call) -> tuple:
    with pytest.raises(ScoringError) as refused:
        call()
    error = refused.value
    assert str(error) == error.message and error.args == (error.message,)
    return error.code, error.message, error.params


TABLE = [
    pytest.param(
        lambda: score_table(EMA_2016, seats((40_000, 40_000, 40_000, 0))[:3], where="table 7"),
        "seat_count",
        "table 7: a table has exactly 4 seats, got 3",
        {"where": "table 7", "count": 3},
        id="seat_count",
    ),
    pytest.param(
        lambda: score_table(
            EMA_2016, [SeatInput(w, p, 30_000) for w, p in zip("EEWN", "abcd", strict=True)], where="table 7"
        ),
        "winds",
        "table 7: the seats must have the four winds E, S, W, N once each, got E E W N",
        {"where": "table 7", "winds": "E E W N"},
        id="winds",
    ),
    pytest.param(
        lambda: score_table(
            EMA_2016, [SeatInput(w, "a" if w in "ES" else w, 30_000) for w in "ESWN"], where="table 7"
        ),
        "same_player",
        "table 7: a player has more than one seat at the table",
        {"where": "table 7"},
        id="same_player",
    ),
    pytest.param(
        lambda: score_table(EMA_2016, seats((30_000.0, 30_000, 30_000, 30_000)), where="table 7"),
        "score_type",
        "table 7, seat E: the score must be a whole number",
        {"where": "table 7", "wind": "E"},
        id="score_type",
    ),
    pytest.param(
        lambda: score_table(EMA_2016, seats((True, 30_000, 30_000, 30_000)), where="table 7"),
        "score_type",
        "table 7, seat E: the score must be a whole number",
        {"where": "table 7", "wind": "E"},
        id="score_type_bool",
    ),
    pytest.param(
        lambda: score_table(EMA_2016, seats((-1_000_100, 1_000_000, 120_100, 0)), where="table 7"),
        "score_range",
        "table 7, seat E: raw points are within 1,000,000 either way",
        {"where": "table 7", "wind": "E", "limit": 1000000},
        id="score_range",
    ),
    pytest.param(
        lambda: score_table(EMA_2016, seats((30_050, 29_950, 30_000, 30_000)), where="table 7"),
        "score_unit",
        "table 7, seat E: 30050 is not a multiple of 100",
        {"where": "table 7", "wind": "E", "raw": 30050, "unit": 100},
        id="score_unit",
    ),
    pytest.param(
        lambda: score_table(EMA_2016, seats((30_000,) * 4, ("", "", "sometimes", "")), where="table 7"),
        "substitute_kind",
        "table 7, seat W: substitute must be from_start or mid_session, got 'sometimes'",
        {"where": "table 7", "wind": "W", "substitute": "sometimes"},
        id="substitute_kind",
    ),
    pytest.param(
        lambda: score_table(
            EMA_2016, seats((40_000, 30_000, 28_000, 20_000)), leftover_sticks=2, where="table 7"
        ),
        "leftover_sticks",
        "table 7: under ema-2016 leftover riichi sticks go to the winner and are part of the raw scores",
        {"where": "table 7", "ruleset": "ema-2016"},
        id="leftover_sticks",
    ),
    pytest.param(
        lambda: score_table(
            LOST, seats((41_000, 30_000, 30_000, 20_000)), leftover_sticks=-1, where="table 7"
        ),
        "negative_sticks",
        "table 7: leftover sticks cannot be negative",
        {"where": "table 7", "sticks": -1},
        id="negative_sticks",
    ),
    pytest.param(
        lambda: score_table(EMA_2016, seats((41_200, 30_900, 25_700, 22_100)), where="table 7"),
        "table_sum",
        "table 7: the scores add up to 119,900; they must add up to 120,000 (100 short)",
        {"where": "table 7", "total": 119900, "expected": 120000},
        id="table_sum_short",
    ),
    pytest.param(
        lambda: score_table(
            LOST, seats((40_000, 30_000, 30_000, 20_000)), leftover_sticks=1, where="table 7"
        ),
        "table_sum",
        "table 7: the scores add up to 120,000; they must add up to 119,000 (1,000 too many)",
        {"where": "table 7", "total": 120000, "expected": 119000},
        id="table_sum_lost",
    ),
]

PENALTIES = [
    pytest.param(
        lambda: penalty_points(EMA_2016, PenaltyInput("yellow card", reason="x"), where="session 3"),
        "penalty_kind",
        "session 3: unknown kind 'yellow card'; use one of chombo, lateness, obstruction, telephone, other, warning",
        {
            "where": "session 3",
            "kind": "yellow card",
            "kinds": "chombo, lateness, obstruction, telephone, other, warning",
        },
        id="penalty_kind",
    ),
    pytest.param(
        lambda: penalty_points(EMA_2016, PenaltyInput("lateness", minutes=0), where="session 3"),
        "lateness_minutes",
        "session 3: lateness needs the minutes late, 1 or more",
        {"where": "session 3"},
        id="lateness_minutes",
    ),
    pytest.param(
        lambda: penalty_points(EMA_2016, PenaltyInput("lateness", minutes=True), where="session 3"),
        "lateness_minutes",
        "session 3: lateness needs the minutes late, 1 or more",
        {"where": "session 3"},
        id="lateness_minutes_bool",
    ),
    pytest.param(
        lambda: penalty_points(EMA_2016, PenaltyInput("lateness", minutes=2.0), where="session 3"),
        "lateness_minutes",
        "session 3: lateness needs the minutes late, 1 or more",
        {"where": "session 3"},
        id="lateness_minutes_float",
    ),
    pytest.param(
        lambda: penalty_points(EMA_2016, PenaltyInput("lateness", minutes=11), where="session 3"),
        "lateness_over_limit",
        "session 3: 11 minutes late is more than 10; this is not a penalty: the player is replaced by a substitute from the start of the session (5.7). Enter the seat as substituted from the start instead.",
        {"where": "session 3", "minutes": 11, "limit": 10},
        id="lateness_over_limit",
    ),
    pytest.param(
        lambda: penalty_points(EMA_2016, PenaltyInput("chombo", minutes=3), where="session 3"),
        "penalty_minutes",
        "session 3: minutes belong to a lateness penalty only",
        {"where": "session 3"},
        id="penalty_minutes",
    ),
    pytest.param(
        lambda: penalty_points(EMA_2016, PenaltyInput("other", points=0, reason="x"), where="session 3"),
        "penalty_points",
        "session 3: a other penalty needs points, a positive multiple of 100 up to 1,000,000",
        {"where": "session 3", "penalty": "other", "unit": 100, "limit": 1000000},
        id="penalty_points_zero",
    ),
    pytest.param(
        lambda: penalty_points(EMA_2016, PenaltyInput("other", points=True, reason="x"), where="session 3"),
        "penalty_points",
        "session 3: a other penalty needs points, a positive multiple of 100 up to 1,000,000",
        {"where": "session 3", "penalty": "other", "unit": 100, "limit": 1000000},
        id="penalty_points_bool",
    ),
    pytest.param(
        lambda: penalty_points(
            EMA_2016, PenaltyInput("telephone", points=2_000.0, reason="x"), where="session 3"
        ),
        "penalty_points",
        "session 3: a telephone penalty needs points, a positive multiple of 100 up to 1,000,000",
        {"where": "session 3", "penalty": "telephone", "unit": 100, "limit": 1000000},
        id="penalty_points_float",
    ),
    pytest.param(
        lambda: penalty_points(
            EMA_2016, PenaltyInput("telephone", points=2_050, reason="x"), where="session 3"
        ),
        "penalty_points",
        "session 3: a telephone penalty needs points, a positive multiple of 100 up to 1,000,000",
        {"where": "session 3", "penalty": "telephone", "unit": 100, "limit": 1000000},
        id="penalty_points_unit",
    ),
    pytest.param(
        lambda: penalty_points(
            EMA_2016, PenaltyInput("other", points=1_000_100, reason="x"), where="session 3"
        ),
        "penalty_points",
        "session 3: a other penalty needs points, a positive multiple of 100 up to 1,000,000",
        {"where": "session 3", "penalty": "other", "unit": 100, "limit": 1000000},
        id="penalty_points_over",
    ),
    pytest.param(
        lambda: penalty_points(
            EMA_2016, PenaltyInput("obstruction", points=10_000, reason="x"), where="session 3"
        ),
        "obstruction_points",
        "session 3: obstruction is 8,000 or 12,000 points, or 12,000 to 48,000 in serious or repeated cases (5.5); got 10,000",
        {"where": "session 3", "points": 10000},
        id="obstruction_points",
    ),
    pytest.param(
        lambda: penalty_points(
            EMA_2016, PenaltyInput("obstruction", points=48_100, reason="x"), where="session 3"
        ),
        "obstruction_points",
        "session 3: obstruction is 8,000 or 12,000 points, or 12,000 to 48,000 in serious or repeated cases (5.5); got 48,100",
        {"where": "session 3", "points": 48100},
        id="obstruction_points_high",
    ),
    pytest.param(
        lambda: penalty_points(EMA_2016, PenaltyInput("chombo", points=8_000), where="session 3"),
        "penalty_fixed_amount",
        "session 3: a chombo penalty has a fixed amount, do not give points",
        {"where": "session 3", "penalty": "chombo"},
        id="penalty_fixed_amount",
    ),
    pytest.param(
        lambda: penalty_points(EMA_2016, PenaltyInput("other", points=1_000, reason="  "), where="session 3"),
        "penalty_reason",
        "session 3: a other needs a reason",
        {"where": "session 3", "penalty": "other"},
        id="penalty_reason",
    ),
    pytest.param(
        lambda: penalty_points(EMA_2016, PenaltyInput("warning"), where="session 3"),
        "penalty_reason",
        "session 3: a warning needs a reason",
        {"where": "session 3", "penalty": "warning"},
        id="penalty_reason_warning",
    ),
]

RULESET = [
    pytest.param(
        lambda: build_ruleset("wrc"),
        "unknown_ruleset",
        "unknown ruleset 'wrc'; choose one of ema-2016, ema-2008, nts",
        {"ruleset": "wrc", "choices": "ema-2016, ema-2008, nts"},
        id="unknown_ruleset",
    ),
    pytest.param(
        lambda: build_ruleset("ema-2016", {"riichi_stick": 500}),
        "unknown_ruleset_parameter",
        "unknown ruleset parameter 'riichi_stick'; allowed: starting_points, uma, score_unit, chombo_points, lateness_points_per_minute, lateness_max_minutes, substitute_score, substitute_uma, leftover_riichi, tie_policy, riichi_debt, uma_sum_confirmed",
        {
            "key": "riichi_stick",
            "allowed": "starting_points, uma, score_unit, chombo_points, lateness_points_per_minute, lateness_max_minutes, substitute_score, substitute_uma, leftover_riichi, tie_policy, riichi_debt, uma_sum_confirmed",
        },
        id="unknown_ruleset_parameter",
    ),
    pytest.param(
        lambda: build_ruleset("ema-2016", {"leftover_riichi": "table"}),
        "bad_ruleset_choice",
        "leftover_riichi must be one of winner, lost",
        {"key": "leftover_riichi", "choices": "winner, lost"},
        id="bad_ruleset_choice",
    ),
    pytest.param(
        lambda: build_ruleset("ema-2016", {"score_unit": 0}),
        "bad_ruleset_value",
        "score_unit must be a whole number from 1 to 100,000",
        {"key": "score_unit", "low": 1, "high": 100000},
        id="bad_ruleset_value_low",
    ),
    pytest.param(
        lambda: build_ruleset("ema-2016", {"lateness_max_minutes": 601}),
        "bad_ruleset_value",
        "lateness_max_minutes must be a whole number from 1 to 600",
        {"key": "lateness_max_minutes", "low": 1, "high": 600},
        id="bad_ruleset_value_high",
    ),
    pytest.param(  # a house rule's uma confirmed by a flag that is a flag (issue 28, item 6)
        lambda: build_ruleset("ema-2016", {"uma_sum_confirmed": "yes"}),
        "bad_ruleset_flag",
        "uma_sum_confirmed must be true or false",
        {"key": "uma_sum_confirmed"},
        id="bad_ruleset_flag",
    ),
    pytest.param(  # 15,000 + 5,000 - 5,000 - 10,000 = 5,000: refused unless confirmed as a house rule
        lambda: check_new_ruleset("ema-2016", {"uma": [15_000, 5_000, -5_000, -10_000]}),
        "uma_sum",
        "uma adds up to 5,000, not 0; confirm it as a house rule (uma_sum_confirmed) to keep it",
        {"key": "uma", "total": 5000},
        id="uma_sum",
    ),
    pytest.param(
        lambda: build_ruleset("ema-2016", {"chombo_points": True}),
        "bad_ruleset_value",
        "chombo_points must be a whole number from 0 to 100,000",
        {"key": "chombo_points", "low": 0, "high": 100000},
        id="bad_ruleset_value_bool",
    ),
    pytest.param(
        lambda: build_ruleset("ema-2016", {"uma": [15_000, 5_000, -20_000]}),
        "bad_uma",
        "uma must be a list of four whole numbers",
        {"key": "uma"},
        id="bad_uma_three",
    ),
    pytest.param(
        lambda: build_ruleset("ema-2016", {"uma": "15,5,-5,-15"}),
        "bad_uma",
        "uma must be a list of four whole numbers",
        {"key": "uma"},
        id="bad_uma_text",
    ),
    pytest.param(
        lambda: build_ruleset("ema-2016", {"uma": [15_000, 5_000, -5_000, -15_000.0]}),
        "bad_uma",
        "uma must be a list of four whole numbers",
        {"key": "uma"},
        id="bad_uma_float",
    ),
    pytest.param(
        lambda: build_ruleset("ema-2016", {"uma": [100_100, 5_000, -5_000, -100_100]}),
        "bad_ruleset_value",
        "uma must be a whole number from -100,000 to 100,000",
        {"key": "uma", "low": -100000, "high": 100000},
        id="bad_uma_range",
    ),
    pytest.param(
        lambda: build_ruleset("ema-2016", {"uma": [5_000, 15_000, -5_000, -15_000]}),
        "uma_order",
        "uma must not increase from 1st to 4th place",
        {"key": "uma", "value": [5000, 15000, -5000, -15000]},
        id="uma_order",
    ),
]

SIDE_RANKINGS = [
    pytest.param(
        lambda: clean_category("   "), "category_empty", "a category needs a name", {}, id="category_empty"
    ),
    pytest.param(
        lambda: clean_category("x" * 40),
        "category_too_long",
        "category 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' is longer than 39 characters",
        {"name": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "limit": 39},
        id="category_too_long",
    ),
    pytest.param(
        lambda: clean_categories([f"c{i}" for i in range(11)]),
        "too_many_categories",
        "11 categories; a player has at most 10",
        {"count": 11, "limit": 10},
        id="too_many_categories",
    ),
    pytest.param(
        lambda: clean_best(0),
        "best_out_of_range",
        "the best 0 members: K must be from 1 to 100",
        {"best": 0, "limit": 100},
        id="best_out_of_range_zero",
    ),
    pytest.param(
        lambda: clean_best(101),
        "best_out_of_range",
        "the best 101 members: K must be from 1 to 100",
        {"best": 101, "limit": 100},
        id="best_out_of_range_high",
    ),
    pytest.param(
        lambda: clean_best(True),
        "best_out_of_range",
        "the best True members: K must be from 1 to 100",
        {"best": True, "limit": 100},
        id="best_out_of_range_bool",
    ),
    pytest.param(
        lambda: clean_tie_breaks(["best_session", "coin_toss"]),
        "unknown_tie_break",
        "unknown tie-break 'coin_toss'; use best_session, most_firsts, fewest_fourths, last_session",
        {"name": "coin_toss", "known": "best_session, most_firsts, fewest_fourths, last_session"},
        id="unknown_tie_break",
    ),
    pytest.param(
        lambda: clean_tie_breaks(["most_firsts", "best_session", "most_firsts"]),
        "tie_break_twice",
        "tie-break 'most_firsts' is chosen twice",
        {"name": "most_firsts"},
        id="tie_break_twice",
    ),
]

CLOCK = [
    pytest.param(
        lambda: clock_state([ClockEvent(PAUSE, at(1))], at(2)),
        "clock_waiting",
        "clock pause at 2026-05-09T10:01:00+00:00: the clock is waiting",
        {"kind": "pause", "phase": "waiting"},
        id="clock_waiting_pause",
    ),
    pytest.param(
        lambda: clock_state([ClockEvent(END, at(1))], at(2)),
        "clock_waiting",
        "clock end at 2026-05-09T10:01:00+00:00: the clock is waiting",
        {"kind": "end", "phase": "waiting"},
        id="clock_waiting_end",
    ),
    pytest.param(
        lambda: clock_state([ClockEvent(EXTRA, at(1), 5)], at(2)),
        "clock_waiting",
        "clock extra at 2026-05-09T10:01:00+00:00: the clock is waiting",
        {"kind": "extra", "phase": "waiting"},
        id="clock_waiting_extra",
    ),
    pytest.param(
        lambda: clock_state([start(), ClockEvent(RESUME, at(1))], at(2)),
        "clock_running",
        "clock resume at 2026-05-09T10:01:00+00:00: the clock is running",
        {"kind": "resume", "phase": "running"},
        id="clock_running",
    ),
    pytest.param(
        lambda: clock_state([start(), ClockEvent(PAUSE, at(1)), ClockEvent(PAUSE, at(2))], at(3)),
        "clock_paused",
        "clock pause at 2026-05-09T10:02:00+00:00: the clock is paused",
        {"kind": "pause", "phase": "paused"},
        id="clock_paused",
    ),
    pytest.param(
        lambda: clock_state([start(), ClockEvent(END, at(1)), ClockEvent(END, at(2))], at(3)),
        "clock_ended",
        "clock end at 2026-05-09T10:02:00+00:00: the clock is ended",
        {"kind": "end", "phase": "ended"},
        id="clock_ended_end",
    ),
    pytest.param(
        lambda: clock_state([start(), ClockEvent(END, at(1)), ClockEvent(EXTRA, at(2), 1)], at(3)),
        "clock_ended",
        "clock extra at 2026-05-09T10:02:00+00:00: the clock is ended",
        {"kind": "extra", "phase": "ended"},
        id="clock_ended_extra",
    ),
    pytest.param(
        lambda: clock_state([start(minutes=0)], at(1)),
        "clock_length",
        "clock start at 2026-05-09T10:00:00+00:00: a session lasts at least one minute",
        {"kind": "start"},
        id="clock_length",
    ),
    pytest.param(
        lambda: clock_state([ClockEvent(START, at(0))], at(1)),
        "clock_length",
        "clock start at 2026-05-09T10:00:00+00:00: a session lasts at least one minute",
        {"kind": "start"},
        id="clock_length_none",
    ),
    pytest.param(
        lambda: clock_state([start(when=5), ClockEvent(PAUSE, at(4))], at(6)),
        "clock_order",
        "clock pause at 2026-05-09T10:04:00+00:00: clock events must be in time order",
        {"kind": "pause"},
        id="clock_order",
    ),
    pytest.param(
        lambda: clock_state([ClockEvent("stop", at(1))], at(2)),
        "clock_kind",
        "clock stop at 2026-05-09T10:01:00+00:00: unknown clock event 'stop'",
        {"kind": "stop"},
        id="clock_kind",
    ),
    pytest.param(
        lambda: clock_state([start(), ClockEvent(EXTRA, at(1), 0)], at(2)),
        "clock_extra_minutes",
        "clock extra at 2026-05-09T10:01:00+00:00: extra time is 1 to 120 minutes, or as many back",
        {"kind": "extra", "limit": 120},
        id="clock_extra_minutes_zero",
    ),
    pytest.param(
        lambda: clock_state([start(), ClockEvent(EXTRA, at(1), 121)], at(2)),
        "clock_extra_minutes",
        "clock extra at 2026-05-09T10:01:00+00:00: extra time is 1 to 120 minutes, or as many back",
        {"kind": "extra", "limit": 120},
        id="clock_extra_minutes_over",
    ),
    pytest.param(
        lambda: clock_state([start(), ClockEvent(EXTRA, at(1), -121)], at(2)),
        "clock_extra_minutes",
        "clock extra at 2026-05-09T10:01:00+00:00: extra time is 1 to 120 minutes, or as many back",
        {"kind": "extra", "limit": 120},
        id="clock_extra_minutes_under",
    ),
    pytest.param(
        lambda: clock_state([start(), ClockEvent(EXTRA, at(1), 3), ClockEvent(EXTRA, at(2), -4)], at(3)),
        "clock_extra_below_zero",
        "clock extra at 2026-05-09T10:02:00+00:00: the hall has only 3 extra minutes to take back",
        {"kind": "extra", "given": 3},
        id="clock_extra_below_zero",
    ),
    pytest.param(
        lambda: clock_state(
            [start(), ClockEvent(EXTRA, at(1), 2, 7), ClockEvent(EXTRA, at(2), -3, 7)], at(3)
        ),
        "clock_table_extra_below_zero",
        "clock extra at 2026-05-09T10:02:00+00:00: table 7 has only 2 extra minutes to take back",
        {"kind": "extra", "given": 2, "table": 7},
        id="clock_table_extra_below_zero",
    ),
]

VALUE = [
    pytest.param(
        lambda: hand_value(EMA_2016, fan=2, fu=31),
        "bad_fu",
        "minipoints 31 are not possible: 25 (seven pairs) or an even number from 20 to 110",
        {"fu": 31},
        id="bad_fu",
    ),
    pytest.param(
        lambda: hand_value(EMA_2016, fan=6, fu=33),
        "bad_fu",
        "minipoints 33 are not possible: 25 (seven pairs) or an even number from 20 to 110",
        {"fu": 33},
        id="bad_fu_limit",
    ),
    pytest.param(
        lambda: hand_value(EMA_2016, fan=2, fu="30"),
        "bad_fu",
        "minipoints '30' are not possible: 25 (seven pairs) or an even number from 20 to 110",
        {"fu": "30"},
        id="bad_fu_text",
    ),
    pytest.param(
        lambda: hand_value(EMA_2016, fan=3),
        "missing_fu",
        "a hand of 3 fan needs its minipoints",
        {"fan": 3},
        id="missing_fu",
    ),
    pytest.param(
        lambda: hand_value(EMA_2016, fan=2, fu=20),
        "impossible_fu_20",
        "20 minipoints is only a self-drawn pinfu, worth at least 2 fan (4.1.1, section 6)",
        {"fan": 2, "fu": 20},
        id="impossible_fu_20",
    ),
    pytest.param(
        lambda: hand_value(EMA_2016, fan=2, fu=25, tsumo=True),
        "impossible_fu_25",
        "25 minipoints is seven pairs: at least 2 fan, or 3 on a self-draw (4.2.2, section 6)",
        {"fan": 2, "fu": 25},
        id="impossible_fu_25",
    ),
    pytest.param(
        lambda: hand_value(EMA_2016, fan=-1),
        "bad_fan",
        "fan must be a whole number, got -1",
        {"name": "fan", "value": -1},
        id="bad_fan",
    ),
    pytest.param(
        lambda: hand_value(EMA_2016, yakuman=True),
        "bad_fan",
        "yakuman must be a whole number, got True",
        {"name": "yakuman", "value": True},
        id="bad_fan_yakuman",
    ),
    pytest.param(
        lambda: hand_value(EMA_2016, fan=5, yakuman=1),
        "fan_and_yakuman",
        "give either the fan or the yakuman count, not both",
        {"fan": 5},
        id="fan_and_yakuman",
    ),
    pytest.param(
        lambda: hand_value(EMA_2016),
        "no_fan",
        "a winning hand has at least 1 fan (4.1)",
        {"fan": 0},
        id="no_fan",
    ),
    pytest.param(
        lambda: hand_value(EMA_2016, yakuman=2),
        "multiple_yakuman",
        "ema-2016 does not count multiple yakuman (4.2: yakuman are not cumulative)",
        {"yakuman": 2, "ruleset": "ema-2016"},
        id="multiple_yakuman",
    ),
]

LOG = [
    pytest.param(
        lambda: parse_log({"hands": {}}),
        "bad_log",
        'a hand log is an object {"hands": [...]}',
        {},
        id="bad_log",
    ),
    pytest.param(
        lambda: parse_log({"hands": [], "dealer": "E"}),
        "bad_log_key",
        "unknown key 'dealer' in the hand log (hands, time_signal)",
        {"key": "dealer"},
        id="bad_log_key",
    ),
    pytest.param(
        lambda: parse_log([{"chombo": "E"}] * 201),
        "too_many_hands",
        "201 hands; a game has at most 200 (chombo re-deals included)",
        {"count": 201, "limit": 200},
        id="too_many_hands",
    ),
    pytest.param(
        lambda: parse_log({"hands": [{"draw": {"tenpai": []}}], "time_signal": 2}),
        "bad_time_signal",
        "time_signal must be the number of a hand in the log (1 to 1), got 2",
        {"hands": 1, "value": 2},
        id="bad_time_signal",
    ),
    pytest.param(
        lambda: parse_log({"hands": [{"draw": {"tenpai": []}}], "time_signal": True}),
        "bad_time_signal",
        "time_signal must be the number of a hand in the log (1 to 1), got True",
        {"hands": 1, "value": True},
        id="bad_time_signal_bool",
    ),
    pytest.param(
        lambda: parse_log([{"draw": {"tenpai": []}}, "ron"]),
        "bad_hand",
        "hand 2: a hand is an object with one of ron, tsumo, draw, chombo",
        {"hand": 2},
        id="bad_hand",
    ),
    pytest.param(
        lambda: parse_log([{"chombo": "W", "ron": []}]),
        "hand_kinds",
        "hand 1: a hand has exactly one of ron, tsumo, draw, chombo",
        {"hand": 1},
        id="hand_kinds",
    ),
    pytest.param(
        lambda: parse_log([{"tsumo": {"seat": "E", "fan": 2, "fu": 30}, "from": "W"}]),
        "tsumo_with_discarder",
        'hand 1: a tsumo is a self-draw: it has no discarder ("from")',
        {"hand": 1},
        id="tsumo_with_discarder",
    ),
    pytest.param(
        lambda: parse_log([{"chombo": "W", "dealer": "E"}]),
        "bad_hand_key",
        "hand 1: unknown key 'dealer' in a chombo hand",
        {"key": "dealer", "kind": "chombo", "hand": 1},
        id="bad_hand_key",
    ),
    pytest.param(
        lambda: parse_log([{"tsumo": [{"seat": "E", "fan": 2, "fu": 30}]}]),
        "bad_tsumo",
        'hand 1: tsumo is one winner, e.g. {"seat": "E", "fan": 2, "fu": 30}',
        {"hand": 1},
        id="bad_tsumo",
    ),
    pytest.param(
        lambda: parse_log([{"ron": [{"seat": "S", "fan": 2, "fu": 30}]}]),
        "ron_without_discarder",
        'hand 1: a ron needs the discarder: "from"',
        {"hand": 1},
        id="ron_without_discarder",
    ),
    pytest.param(
        lambda: parse_log([{"ron": [], "from": "W"}]),
        "bad_ron",
        "hand 1: ron is a list of one to three winners",
        {"hand": 1},
        id="bad_ron",
    ),
    pytest.param(
        lambda: parse_log(
            [{"ron": [{"seat": "S", "fan": 2, "fu": 30}, {"seat": "S", "fan": 1, "fu": 30}], "from": "W"}]
        ),
        "ron_seat_twice",
        "hand 1: S wins twice in one ron",
        {"seat": "S", "hand": 1},
        id="ron_seat_twice",
    ),
    pytest.param(
        lambda: parse_log([{"ron": [{"seat": "S", "fan": 2, "fu": 30}], "from": "S"}]),
        "discarder_wins",
        "hand 1: the discarder S cannot win on their own discard",
        {"seat": "S", "hand": 1},
        id="discarder_wins",
    ),
    pytest.param(
        lambda: parse_log([{"ron": [{"fan": 2, "fu": 30}], "from": "W"}]),
        "bad_win",
        'hand 1: a winner is an object with "seat" and "fan"/"fu" or "yakuman"',
        {"hand": 1},
        id="bad_win",
    ),
    pytest.param(
        lambda: parse_log([{"ron": [{"seat": "S", "fan": 2, "fu": 30, "dora": 1}], "from": "W"}]),
        "bad_win_key",
        "hand 1: unknown key 'dora' in a winner (seat, fan, fu, yakuman, liable)",
        {"key": "dora", "hand": 1},
        id="bad_win_key",
    ),
    pytest.param(
        lambda: parse_log([{"tsumo": {"seat": "E", "yakuman": 1, "liable": "E"}}]),
        "liable_winner",
        "hand 1: the winner E cannot be liable for their own hand",
        {"seat": "E", "hand": 1},
        id="liable_winner",
    ),
    pytest.param(
        lambda: parse_log([{"tsumo": {"seat": "E", "fan": "2", "fu": 30}}]),
        "bad_fan",
        "hand 1: fan must be a whole number, got '2'",
        {"name": "fan", "value": "2", "hand": 1},
        id="bad_fan_log",
    ),
    pytest.param(
        lambda: parse_log([{"tsumo": {"seat": "E", "yakuman": -1}}]),
        "bad_fan",
        "hand 1: yakuman must be a whole number, got -1",
        {"name": "yakuman", "value": -1, "hand": 1},
        id="bad_fan_log_yakuman",
    ),
    pytest.param(
        lambda: parse_log([{"ron": [{"seat": "S", "fan": 0, "fu": 30}], "from": "W"}]),
        "winner_without_fan",
        "hand 1: winner S: a winning hand has at least 1 fan (4.1)",
        {"seat": "S", "hand": 1},
        id="winner_without_fan",
    ),
    pytest.param(
        lambda: parse_log([{"tsumo": {"seat": "E", "fan": 3, "liable": "S"}}]),
        "bad_liable",
        "hand 1: liability (3.3.9) is for big three dragons or big four winds: give yakuman",
        {"hand": 1},
        id="bad_liable",
    ),
    pytest.param(
        lambda: parse_log([{"draw": {}}]),
        "bad_draw",
        'hand 1: a draw is {"tenpai": [...]}, the seats that showed a waiting hand',
        {"hand": 1},
        id="bad_draw",
    ),
    pytest.param(
        lambda: parse_log([{"draw": {"tenpai": []}, "riichi": "E"}]),
        "bad_seats",
        "hand 1: riichi must be a list of seats (E, S, W, N)",
        {"name": "riichi", "hand": 1},
        id="bad_seats",
    ),
    pytest.param(
        lambda: parse_log([{"draw": {"tenpai": ["E", "E"]}}]),
        "seat_named_twice",
        "hand 1: tenpai names a seat twice",
        {"name": "tenpai", "hand": 1},
        id="seat_named_twice",
    ),
    pytest.param(
        lambda: parse_log([{"chombo": "X"}]),
        "unknown_seat",
        "hand 1: chombo: unknown seat 'X'; seats are E, S, W, N",
        {"name": "chombo", "value": "X", "hand": 1},
        id="unknown_seat",
    ),
]

GAME = [
    pytest.param(
        lambda: score_game(NTS, parse_log([{"draw": {"tenpai": []}}])),
        "not_riichi",
        "nts is not a riichi ruleset: hand logs are riichi only",
        {"ruleset": "nts"},
        id="not_riichi",
    ),
    pytest.param(
        lambda: score_game(EMA_2016, parse_log({"hands": [{"draw": {"tenpai": []}}] * 3, "time_signal": 1})),
        "game_over_time_signal",
        "hand 3: the game was over after hand 2 (the hand after the time signal, 5.9)",
        {"hand": 3, "last": 2},
        id="game_over_time_signal",
    ),
    pytest.param(
        lambda: score_game(EMA_2016, parse_log([{"draw": {"tenpai": []}}] * 9)),
        "game_over_south_round",
        "hand 9: the game was over after hand 8 (end of the south round, 3.5)",
        {"hand": 9, "last": 8},
        id="game_over_south_round",
    ),
    pytest.param(
        lambda: score_game(
            EMA_2016, parse_log([{"draw": {"tenpai": []}}, {"tsumo": {"seat": "N", "fan": 1, "fu": 25}}])
        ),
        "impossible_fu_25",
        "hand 2: 25 minipoints is seven pairs: at least 2 fan, or 3 on a self-draw (4.2.2, section 6)",
        {"fan": 1, "fu": 25, "hand": 2},
        id="hand_in_game",
    ),
    pytest.param(
        lambda: score_game(
            DEBT_REFUSED,
            parse_log(
                [
                    {"ron": [{"seat": "S", "yakuman": 1}], "from": "E"},
                    {"draw": {"tenpai": []}, "riichi": ["E"]},
                ]
            ),
        ),
        "riichi_without_points",
        "hand 2: E declared riichi with -2,000 points; ema-2016 does not allow riichi without 1,000 points (riichi_debt refused)",
        {"seat": "E", "points": -2000, "ruleset": "ema-2016", "stick": 1000, "hand": 2},
        id="riichi_without_points",
    ),
    pytest.param(
        lambda: replay(EMA_2016, []),
        "game_without_hands",
        "the game is not over without hands: the hand log is empty",
        {},
        id="game_without_hands",
    ),
    pytest.param(
        lambda: replay(EMA_2016, [{"draw": {"tenpai": ["E"]}}]),
        "game_not_over",
        "the game is not over after hand 1 (E1): the south round is not finished and no time_signal ends it (5.9)",
        {"hands": 1, "round": "E1"},
        id="game_not_over",
    ),
    pytest.param(
        lambda: check_table_hands(EMA_2016, [{"draw": {"tenpai": ["E"]}}], {}, where="session 2, table 4"),
        "game_not_over",
        "session 2, table 4: the game is not over after hand 1 (E1): the south round is not finished and no time_signal ends it (5.9)",
        {"hands": 1, "round": "E1", "where": "session 2, table 4"},
        id="hands_where",
    ),
    pytest.param(
        lambda: check_table_hands(
            EMA_2016,
            EIGHT_DRAWS,
            {"E": 30_000, "S": 30_000, "W": 30_000, "N": 29_000},
            where="session 2, table 4",
        ),
        "hands_mismatch",
        "session 2, table 4: seat N has 29000 raw points but its hands give 30000",
        {"where": "session 2, table 4", "seat": "N", "raw": 29000, "final": 30000},
        id="hands_mismatch",
    ),
    pytest.param(
        lambda: check_table_hands(
            EMA_2016,
            EIGHT_DRAWS,
            {"E": 30_000, "S": 30_000, "W": 30_000, "N": 30_000},
            leftover_sticks=1,
            where="session 2, table 4",
        ),
        "hands_sticks_mismatch",
        "session 2, table 4: 1 leftover stick(s) recorded but the hands leave 0",
        {"where": "session 2, table 4", "sticks": 1, "left": 0},
        id="hands_sticks_mismatch",
    ),
]

NTS_HANDS = [
    pytest.param(
        lambda: nts.hand_total(-2, 1),
        "bad_points",
        "points and doublings cannot be negative",
        {},
        id="bad_points",
    ),
    pytest.param(
        lambda: nts.hand_total(20, -1),
        "bad_points",
        "points and doublings cannot be negative",
        {},
        id="bad_points_doublings",
    ),
    pytest.param(
        lambda: nts.limit_value("thirteen_wonders"),
        "unknown_limit_hand",
        "unknown limit hand 'thirteen_wonders'; one of nine-gates, thirteen-orphans, honour-twins, wind-snake, dragon-snake, court-of-peking, pure-twins, very-clean-twins, clean-twins, seven-twins, four-winds, three-dragons, jade, heaven, four-concealed-kongs, head-and-tail, earth, winding-snake",
        {
            "key": "thirteen_wonders",
            "choices": "nine-gates, thirteen-orphans, honour-twins, wind-snake, dragon-snake, court-of-peking, pure-twins, very-clean-twins, clean-twins, seven-twins, four-winds, three-dragons, jade, heaven, four-concealed-kongs, head-and-tail, earth, winding-snake",
        },
        id="unknown_limit_hand",
    ),
    pytest.param(
        lambda: nts.limit_value(REGULAR_LIMIT, waiting=True),
        "limit_hand_waiting",
        "2.3.1: a waiting regular limit hand counts its sets, not half the limit",
        {},
        id="limit_hand_waiting",
    ),
    pytest.param(
        lambda: nts.check_winner_doublings(1),
        "nts_two_doublings",
        "NTS 1.8: mahjong needs at least 2 doublings, this hand has 1",
        {"doublings": 1, "minimum": 2},
        id="nts_two_doublings",
    ),
    pytest.param(
        lambda: evaluate_nts(NtsTilesHand("123456789s234m55p", "9s", seat_wind="X")),
        "unknown_seat_wind",
        "winds are E, S, W or N, got 'X'",
        {"wind": "X"},
        id="nts_unknown_seat_wind",
    ),
    pytest.param(
        lambda: evaluate_nts(NtsTilesHand("123456789s234m55p", "9s", round_wind="Q")),
        "unknown_round_wind",
        "winds are E, S, W or N, got 'Q'",
        {"wind": "Q"},
        id="nts_unknown_round_wind",
    ),
    pytest.param(
        lambda: evaluate_nts(NtsTilesHand("123456789s234m57p", "9s")),
        "nts_not_a_win",
        "the tiles are not a winning hand under NTS",
        {},
        id="nts_not_a_win",
    ),
]

TILES = [
    pytest.param(
        lambda: evaluate(TilesHand("123456789s234m55p", "9s"), EMA_2008),
        "tiles_ruleset",
        "the tile calculator follows the 2016 rules only, not ema-2008",
        {"ruleset": "ema-2008"},
        id="tiles_ruleset",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123456789s234m5p", "9s")),
        "tile_count",
        "a winning hand has 14 tiles plus one per kong; got 13 with 0 kong(s)",
        {"count": 13, "kongs": 0},
        id="tile_count",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123456789s234m55x", "9s")),
        "bad_tiles",
        "tiles '123456789s234m55x': write them like 123m456p789s11z (z: 1-7)",
        {"tiles": "123456789s234m55x"},
        id="bad_tiles",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("11111s23456789m55p", "5p")),
        "five_of_a_tile",
        "tiles '11111s23456789m55p': more than four of one tile",
        {"tiles": "11111s23456789m55p"},
        id="five_of_a_tile",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123456789s234m55p", "1z")),
        "win_tile_missing",
        "the winning tile 1z is not among the concealed tiles",
        {"tile": "1z"},
        id="win_tile_missing",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123456789s234m55p", "9")),
        "bad_win_tile",
        "winning tile '9': one tile, like 9s or 5z",
        {"tile": "9"},
        id="bad_win_tile",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123456789s234m55p", "9s", dora_indicators=("99s",))),
        "bad_dora",
        "dora indicator '99s': one tile, like 9s or 5z",
        {"tile": "99s"},
        id="bad_dora",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123456789s234m55p", "9s", ura_dora_indicators=("0z",))),
        "bad_ura_dora",
        "ura dora indicator '0z': one tile, like 9s or 5z",
        {"tile": "0z"},
        id="bad_ura_dora",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123456789s234m55p", "9s", melds=("pung:555z",))),
        "bad_meld",
        "meld 'pung:555z': write chi:123m, pon:555z, kan:1111p or ankan:9999s",
        {"meld": "pung:555z"},
        id="bad_meld",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123456789s234m55p", "9s", melds=("pon:111z",))),
        "meld_not_in_hand",
        "meld 'pon:111z' is not among the tiles of the hand",
        {"meld": "pon:111z"},
        id="meld_not_in_hand",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123456789s234m55p", "9s", melds=("pon:123s",))),
        "meld_shape",
        "meld 'pon:123s' is not a pon",
        {"meld": "pon:123s", "kind": "pon"},
        id="meld_shape",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123456789s234m57p", "9s")),
        "not_a_win",
        "the tiles are not a winning hand",
        {"reason": "hand_not_winning"},
        id="not_a_win",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123m456p88p345789s", "5s", melds=("chi:123m",))),
        "no_yaku",
        "the hand has no yaku (4.1: at least one yaku is needed)",
        {"reason": "no_yaku"},
        id="no_yaku",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123m456p88p345789s", "5s", first_turn=True, dealer=True)),
        "renhou_dealer",
        "blessing of man is never East's: East discards first, so he has had his first turn before any discard he could win on (4.2.4); East winning on the first go-around is blessing of heaven, a self-draw (4.2.5)",
        {},
        id="renhou_dealer",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123m456p88p345789s", "5s", melds=("chi:123m",), first_turn=True)),
        "man_with_call",
        "blessing of man allows no call or kong",
        {"reason": "renhou_with_meld_not_allowed"},
        id="man_with_call",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123456789s234m55p", "9s", dealer=True, seat_wind="S")),
        "bad_seat_wind",
        "the dealer's seat wind is East, not S",
        {"seat": "S"},
        id="bad_seat_wind",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123456789s234m55p", "9s", seat_wind="X")),
        "unknown_seat_wind",
        "seat wind must be E, S, W or N, got 'X'",
        {"wind": "X"},
        id="unknown_seat_wind",
    ),
    pytest.param(
        lambda: evaluate(TilesHand("123456789s234m55p", "9s", round_wind="X")),
        "unknown_round_wind",
        "round wind must be E, S, W or N, got 'X'",
        {"wind": "X"},
        id="unknown_round_wind",
    ),
]


@pytest.mark.parametrize(
    ("call", "code", "message", "params"),
    [*TABLE, *PENALTIES, *RULESET, *SIDE_RANKINGS, *CLOCK, *VALUE, *LOG, *GAME, *NTS_HANDS, *TILES],
)
def test_every_refusal_word_for_word(call, code, message, params):
    assert refusal(call) == (code, message, params)
