"""Complete hanchans through the engine: running scores, rounds, final raw points (worked out in hanchans.py)."""

import pytest

from scoring.hands import parse_log, replay, score_game
from scoring.ruleset import PRESETS
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
