"""Properties of any valid hand log (hypothesis): the points never leave the table, the final raw points add up
to the table total, every score is a multiple of 100, and the game never runs past the south round."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.hands import parse_log, score_game
from scoring.ruleset import EMA_2008, EMA_2016
from tests.scoring.conftest import examples

SEATS = ["E", "S", "W", "N"]
seat = st.sampled_from(SEATS)
seats = st.lists(seat, unique=True, max_size=4)
by_fan = st.sampled_from(
    [{"fan": 1, "fu": 30}, {"fan": 2, "fu": 25}, {"fan": 3, "fu": 40}, {"fan": 4, "fu": 110}, {"fan": 7}]
)
value = by_fan | st.just({"yakuman": 1})


@st.composite
def ron(draw):
    discarder = draw(seat)
    winners = draw(
        st.lists(st.sampled_from([s for s in SEATS if s != discarder]), min_size=1, max_size=3, unique=True)
    )
    wins = [{"seat": w, **draw(value)} for w in winners]
    if draw(st.booleans()) and "yakuman" in wins[0]:
        wins[0]["liable"] = draw(st.sampled_from([s for s in SEATS if s != wins[0]["seat"]]))
    return {"ron": wins, "from": discarder, "riichi": draw(seats)}


@st.composite
def tsumo(draw):
    win = {
        "seat": draw(seat),
        **draw(st.sampled_from([{"fan": 2, "fu": 20}, {"fan": 3, "fu": 25}, {"fan": 6}])),
    }
    return {"tsumo": win, "riichi": draw(seats)}


hand = st.one_of(
    ron(),
    tsumo(),
    st.builds(lambda tenpai, riichi: {"draw": {"tenpai": tenpai}, "riichi": riichi}, seats, seats),
    st.builds(lambda offender: {"chombo": offender}, seat),
)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(hand, max_size=30), st.sampled_from([EMA_2016, EMA_2008]))
def test_points_stay_on_the_table(hands, ruleset):
    try:
        result = score_game(ruleset, parse_log({"hands": hands}))
    except Exception as error:  # only "the game was over" may refuse a generated log
        assert getattr(error, "code", None) == "game_over_south_round", error
        return
    for played in result.hands:
        state = played.after
        assert sum(state.scores) + state.sticks * ruleset.riichi_stick == ruleset.table_sum
        assert all(score % 100 == 0 for score in state.scores)
        assert state.rotations <= 8
    assert sum(result.final) + result.sticks_left * ruleset.riichi_stick == ruleset.table_sum
    if result.finished:
        assert sum(result.final) == ruleset.table_sum  # leftover bets went to the leader (3.6)
