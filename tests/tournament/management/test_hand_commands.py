"""The hand commands: hand_value (by fan/minipoints, by tiles) and score_game (a hand log replayed).

Expected figures come from the EMA 2016 book (section 6, the 4.3 examples) and from the hanchans worked out by
hand in tests/scoring/hands/hanchans.py.
"""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.scoring.hands.hanchans import HANCHANS

ROOT = Path(__file__).resolve().parents[3]


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out, stderr=StringIO())
    return out.getvalue()


def hand_value(*args) -> dict:
    return json.loads(run("hand_value", *args))


def refused(*args) -> str:
    with pytest.raises(CommandError) as error:
        run(*args)
    message = str(error.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--fan", "3", "--fu", "40"], {"limit": None, "ron": 5_200, "total": 5_200}),  # Other ron
        (["--fan", "4", "--fu", "30", "--dealer"], {"limit": None, "ron": 11_600, "total": 11_600}),
        (
            ["--fan", "4", "--fu", "30", "--tsumo"],  # Other tsumo 2,000 / 3,900, not a mangan
            {"limit": None, "tsumo_from_dealer": 3_900, "tsumo_from_others": 2_000, "total": 7_900},
        ),
        (["--fan", "1", "--fu", "30", "--tsumo", "--dealer"], {"tsumo_from_others": 500, "total": 1_500}),
        (["--fan", "7", "--dealer"], {"limit": "haneman", "ron": 18_000}),
        (["--fan", "11", "--tsumo"], {"limit": "sanbaiman", "tsumo_from_dealer": 12_000, "total": 24_000}),
        (["--yakuman", "1", "--tsumo", "--dealer"], {"limit": "yakuman", "tsumo_from_others": 16_000}),
        (["--yakuman", "2", "--ruleset", "ema-2008"], {"limit": "yakuman", "ron": 64_000}),
        (["--fan", "2", "--fu", "32"], {"fu": 40, "ron": 2_600}),  # 4.1: 32 is rounded up to 40
    ],
)
def test_hand_value_by_fan_and_minipoints(args, expected):
    data = hand_value(*args)
    assert {key: data[key] for key in expected} == expected


def test_dealer_tsumo_has_no_payment_from_the_dealer():
    data = hand_value("--fan", "2", "--fu", "30", "--tsumo", "--dealer")
    assert "tsumo_from_dealer" not in data and "ron" not in data
    assert (data["tsumo_from_others"], data["total"]) == (1_000, 3_000)


# The five 4.3 examples by tiles, as a non-dealer (the book gives both; the dealer figures are in the engine test)
@pytest.mark.parametrize(
    ("args", "yaku", "expected"),
    [
        (
            ["--tiles", "123456789s234m55p", "--win-tile", "9s", "--tsumo", "--riichi"],
            {"Riichi": 1, "Fully Concealed Hand": 1, "Pinfu": 1, "Pure Straight": 2},
            {
                "fan": 5,
                "limit": "mangan",
                "tsumo_from_dealer": 4_000,
                "tsumo_from_others": 2_000,
                "total": 8_000,
            },
        ),
        (
            ["--tiles", "123456789s234m55p", "--win-tile", "9s", "--riichi"],
            {"Riichi": 1, "Pinfu": 1, "Pure Straight": 2},
            {"fan": 4, "fu": 30, "ron": 7_700},
        ),
        (
            [
                "--tiles",
                "123456789s234m55p",
                "--win-tile",
                "9s",
                "--melds",
                "chi:123s",
                "--dora-indicators",
                "6s",
            ],
            {"Pure Straight": 1, "Dora": 1},
            {"fan": 2, "fu": 30, "ron": 2_000},
        ),
        (
            ["--tiles", "222m444p66688899s", "--win-tile", "8s", "--tsumo"],
            {"Four Concealed Pungs": 13},
            {"yakuman": 1, "tsumo_from_dealer": 16_000, "tsumo_from_others": 8_000, "total": 32_000},
        ),
        (
            ["--tiles", "22255m444p666888s", "--win-tile", "8s", "--dora-indicators", "3p"],
            {"Three Concealed Pungs": 2, "All Pungs": 2, "All Simples": 1, "Dora": 3},
            {"fan": 8, "limit": "baiman", "ron": 16_000},
        ),
    ],
    ids=["example-1", "example-2", "example-3", "example-4", "example-5"],
)
def test_hand_value_by_tiles_the_4_3_examples(args, yaku, expected):
    data = hand_value(*args)
    assert {item["name"]: item["fan"] for item in data["yaku"]} == yaku
    assert {key: data[key] for key in expected} == expected


def test_hand_value_by_tiles_as_east_with_seat_and_round_wind():
    """4.3 example 2 as East: 11,600. --seat-wind E makes the winner the dealer."""
    data = hand_value("--tiles", "123456789s234m55p", "--win-tile", "9s", "--riichi", "--seat-wind", "E")
    assert (data["dealer"], data["ron"]) == (True, 11_600)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--fan", "0"], "a winning hand has at least 1 fan (4.1)"),
        (["--fan", "2", "--fu", "35"], "minipoints 35 are not possible"),
        (["--fan", "2"], "a hand of 2 fan needs its minipoints"),
        (["--fan", "1", "--fu", "20", "--tsumo"], "20 minipoints is only a self-drawn pinfu"),
        (["--yakuman", "2"], "ema-2016 does not count multiple yakuman"),
        ([], "give --fan"),
        (["--tiles", "123456789s234m55p"], "--tiles needs --win-tile"),
        (["--tiles", "123456789s234m5p", "--win-tile", "9s"], "a winning hand has 14 tiles"),
        (
            ["--tiles", "123m456p88p345789s", "--win-tile", "5s", "--melds", "chi:123m"],
            "the hand has no yaku",
        ),
        (["--tiles", "123456789s234m55p", "--win-tile", "9s", "--ruleset", "ema-2008"], "2016 rules only"),
    ],
)
def test_hand_value_refuses_with_one_line(args, message):
    assert message in refused("hand_value", *args)


@pytest.fixture
def log_file(tmp_path):
    def write(data, name="game.json"):
        path = tmp_path / name
        path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
        return str(path)

    return write


@pytest.mark.parametrize("game", HANCHANS, ids=[game["name"] for game in HANCHANS])
def test_score_game_json_running_scores_and_final(game, log_file):
    data = json.loads(
        run("score_game", log_file(game["log"]), "--ruleset", game["ruleset"], "--format", "json")
    )
    seats = ("E", "S", "W", "N")
    assert [tuple(hand["scores"][s] for s in seats) for hand in data["hands"]] == game["running"]
    assert [hand["round"] for hand in data["hands"]] == game["rounds"]
    assert data["final"] == game["final"]
    assert data["finished"] is True
    assert [(c["hand"], c["seat"]) for c in data["chombos"]] == [tuple(c) for c in game["chombos"]]


def test_score_game_text(log_file):
    game = HANCHANS[0]
    out = run("score_game", log_file(game["log"]))
    lines = out.splitlines()
    assert lines[1].split()[:7] == ["1", "E1", "0", "31,500", "30,500", "28,500", "28,500"]
    assert "ron N 3 fan 30 fu; E 2 fan 40 fu from W" in lines[2]  # N is first after the discarder W
    assert "game over: end of the south round (3.5)" in out
    assert "final raw points: E 23,500  S 19,300  W 12,200  N 65,000" in out
    assert "chombo by S in hand 3" in out


def test_score_game_unfinished_game_says_so(log_file):
    out = run("score_game", log_file({"hands": [{"draw": {"tenpai": ["E"]}, "riichi": ["E"]}]}))
    assert "game not finished: 1 riichi stick(s) on the table" in out


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"hands": [{"draw": {"tenpai": []}}, {"ron": [{"seat": "X", "fan": 1, "fu": 30}], "from": "W"}]},
         "hand 2: seat: unknown seat 'X'"),
        ({"hands": [{"tsumo": {"seat": "E", "fan": 0}}]}, "hand 1: winner E: a winning hand has at least 1 fan"),
        ({"hands": [{"ron": [{"seat": "S", "fan": 2, "fu": 33}], "from": "W"}]}, "hand 1: minipoints 33"),
        ({"hands": [{"ron": [{"seat": "S", "fan": 2, "fu": 30}]}]}, "hand 1: a ron needs the discarder"),
        ("{not json", "not a JSON file"),
    ],
)  # fmt: skip
def test_score_game_bad_input_one_line(data, message, log_file):
    path = log_file(data)
    error = refused("score_game", path)
    assert error.startswith(path) and message in error


def test_score_game_missing_file():
    assert "cannot read the file" in refused("score_game", "/nonexistent/game.json")


def test_score_game_exit_status_and_one_line_on_stderr(log_file):
    path = log_file({"hands": [{"ron": [{"seat": "S", "fan": 0, "fu": 30}], "from": "W"}]})
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.test_settings"}
    done = subprocess.run(
        [sys.executable, "manage.py", "score_game", path], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode != 0
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        f"CommandError: {path}: hand 1: winner S: a winning hand has at least 1 fan (4.1)"
    ]


def test_hand_value_nts_points_and_settlement():
    """NTS 2.1: S wins with 24 points and 2 doublings = 96; E 16, W 8, N 0 (worked out in test_nts.py)."""
    data = hand_value(
        "--ruleset", "nts", "--points", "24", "--doublings", "2", "--others", "E:16", "W:8", "N:0"
    )
    assert (data["seat"], data["value"]) == ("S", 96)
    assert data["settlement"] == {"E": -144, "S": 384, "W": -104, "N": -136}


def test_hand_value_nts_by_tiles():
    """The open hand of test_nts.py: 38 points, 2 doublings = 152; East pays double: S +608."""
    data = hand_value(
        "--ruleset", "nts", "--tiles", "123m456p222555z11z", "--win-tile", "1z", "--melds", "pon:555z"
    )
    assert data["value"] == 152 and data["limit_hand"] is None
    assert {item["for"]: item["doublings"] for item in data["doublings"]} == {
        "valued_pung 5z": 1,
        "valued_pung 2z": 1,
    }
    assert data["settlement"] == {"E": -304, "S": 608, "W": -152, "N": -152}


def test_hand_value_nts_limit_hand_and_a_waiting_loser():
    data = hand_value("--ruleset", "nts", "--limit-hand", "thirteen-orphans", "--dealer")
    assert (data["limit_hand"], data["value"], data["settlement"]["E"]) == ("Dertien wezen", 2_000, 12_000)
    data = hand_value(
        "--ruleset", "nts", "--limit-hand", "seven-twins", "--waiting", "--loser", "--seat-wind", "W"
    )
    assert data["value"] == 125 and "settlement" not in data


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--points", "30", "--doublings", "1"], "NTS 1.8: mahjong needs at least 2 doublings"),
        (["--points", "30", "--doublings", "2", "--others", "S:10"], "--others 'S:10'"),
        (["--points", "30", "--doublings", "2", "--others", "W:²"], "--others 'W:²'"),  # int('²') fails
        (["--points", "30", "--doublings", "2", "--others", "W:" + "1" * 5000], "--others 'W:111"),
        (["--fan", "3"], "nts: give --points"),
        (["--limit-hand", "four-winds", "--waiting"], "2.3.1"),
    ],
)
def test_hand_value_nts_refusals(args, message):
    assert message in refused("hand_value", "--ruleset", "nts", *args)
