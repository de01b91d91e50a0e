"""Complete hanchans through the engine: running scores, rounds, final raw points (worked out in hanchans.py)."""

import pytest

from scoring.errors import ScoringError
from scoring.hands import check_table_hands, parse_log, replay, score_game
from scoring.ruleset import EMA_2016, PRESETS, build_ruleset
from tests.scoring.hands.hanchans import HANCHANS


@pytest.mark.parametrize("game", HANCHANS, ids=[game["name"] for game in HANCHANS])
def test_hanchan_hand_by_hand(game):
    ruleset = PRESETS[game["ruleset"]]
    result = score_game(ruleset, parse_log(game["log"]))
    assert [hand.after.scores for hand in result.hands] == game["running"]
    assert [hand.before.round_name for hand in result.hands] == game["rounds"]
    assert result.finished
    assert result.final_by_seat() == game["final"]
    assert sum(result.final) == ruleset.table_sum
    assert [list(c) for c in result.chombos] == [list(c) for c in game["chombos"]]


@pytest.mark.parametrize("game", HANCHANS, ids=[game["name"] for game in HANCHANS])
def test_replay_gives_the_final_raw_points(game):
    assert replay(PRESETS[game["ruleset"]], game["log"]) == game["final"]


@pytest.mark.parametrize("game", HANCHANS, ids=[game["name"] for game in HANCHANS])
def test_every_hand_keeps_the_table_total(game):
    """Points only move between seats and the riichi sticks on the table (3.3.14)."""
    ruleset = PRESETS[game["ruleset"]]
    for hand in score_game(ruleset, parse_log(game["log"])).hands:
        assert sum(hand.after.scores) + hand.after.sticks * ruleset.riichi_stick == ruleset.table_sum


def test_check_table_hands_accepts_the_matching_raw_points():
    game = HANCHANS[0]
    check_table_hands(PRESETS[game["ruleset"]], game["log"], game["final"], where="session 1, table 2")


@pytest.mark.parametrize(
    ("raw", "sticks", "code", "message"),
    [
        (
            {"E": 23_600, "S": 19_200, "W": 12_200, "N": 65_000},
            0,
            "hands_mismatch",
            "session 1, table 2: seat E has 23600 raw",
        ),
        (
            {"E": 23_500, "S": 19_300, "W": 12_200, "N": 65_000},
            1,
            "hands_sticks_mismatch",
            "session 1, table 2: 1 leftover stick(s) recorded",
        ),
    ],
)
def test_check_table_hands_refuses_points_the_hands_do_not_give(raw, sticks, code, message):
    with pytest.raises(ScoringError) as error:
        check_table_hands(
            EMA_2016, HANCHANS[0]["log"], raw, leftover_sticks=sticks, where="session 1, table 2"
        )
    assert error.value.code == code
    assert error.value.message.startswith(message)


def test_check_table_hands_refuses_an_unfinished_game_naming_the_table():
    with pytest.raises(ScoringError) as error:
        check_table_hands(EMA_2016, [{"draw": {"tenpai": []}}], {}, where="session 1, table 2")
    assert error.value.code == "game_not_over"
    assert error.value.message.startswith("session 1, table 2: the game is not over after hand 1")


def test_check_table_hands_with_leftover_bets_lost():
    """leftover_riichi "lost": the archive's leftover_sticks must be the sticks the hands leave (3.6 variant)."""
    ruleset = build_ruleset("ema-2016", {"leftover_riichi": "lost"})
    hands = {
        "hands": [{"draw": {"tenpai": ["N"]}, "riichi": ["N"]}, {"draw": {"tenpai": []}}],
        "time_signal": 1,
    }
    raw = {"E": 29_000, "S": 29_000, "W": 29_000, "N": 32_000}  # N: -1,000 stick, +3,000 noten
    check_table_hands(ruleset, hands, raw, leftover_sticks=1)
