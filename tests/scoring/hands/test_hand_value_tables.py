"""Every cell of the section 6 scoring tables of the EMA Riichi Competition Rules 2016.

The tables below are typed from the book (section 6, "Scoring tables"), row by row: minipoints, then the
1, 2, 3 and 4 fan columns; "-" is an empty cell. In the "Other / Tsumo" table the book prints two numbers per
cell, the non-dealers' payment above East's; they are typed here as "others/East". Nothing here is computed by
the code under test. An empty cell is a hand that cannot exist (20 minipoints is a self-drawn pinfu, 25 is seven
pairs); the engine refuses it.
"""

import pytest

from scoring.errors import ScoringError
from scoring.hands import hand_value
from scoring.ruleset import EMA_2008, EMA_2016

EAST_TSUMO = """
20    -     700   1300  2600
25    -     -     1600  3200
30    500   1000  2000  3900
40    700   1300  2600  4000
50    800   1600  3200  4000
60    1000  2000  3900  4000
70    1200  2300  4000  4000
80    1300  2600  4000  4000
90    1500  2900  4000  4000
100   1600  3200  4000  4000
"""

EAST_RON = """
25    -     2400  4800  9600
30    1500  2900  5800  11600
40    2000  3900  7700  12000
50    2400  4800  9600  12000
60    2900  5800  11600 12000
70    3400  6800  12000 12000
80    3900  7700  12000 12000
90    4400  8700  12000 12000
100   4800  9600  12000 12000
"""

OTHER_TSUMO = """
20    -         400/700    700/1300   1300/2600
25    -         -          800/1600   1600/3200
30    300/500   500/1000   1000/2000  2000/3900
40    400/700   700/1300   1300/2600  2000/4000
50    400/800   800/1600   1600/3200  2000/4000
60    500/1000  1000/2000  2000/3900  2000/4000
70    600/1200  1200/2300  2000/4000  2000/4000
80    700/1300  1300/2600  2000/4000  2000/4000
90    800/1500  1500/2900  2000/4000  2000/4000
100   800/1600  1600/3200  2000/4000  2000/4000
"""

OTHER_RON = """
25    -     1600  3200  6400
30    1000  2000  3900  7700
40    1300  2600  5200  8000
50    1600  3200  6400  8000
60    2000  3900  7700  8000
70    2300  4500  8000  8000
80    2600  5200  8000  8000
90    2900  5800  8000  8000
100   3200  6400  8000  8000
"""

# Limit hands: name, fan, East tsumo (each), East ron, Other tsumo (others/East), Other ron.
LIMITS = """
mangan     5   4000   12000  2000/4000   8000
haneman    6   6000   18000  3000/6000   12000
haneman    7   6000   18000  3000/6000   12000
baiman     8   8000   24000  4000/8000   16000
baiman     9   8000   24000  4000/8000   16000
baiman     10  8000   24000  4000/8000   16000
sanbaiman  11  12000  36000  6000/12000  24000
sanbaiman  12  12000  36000  6000/12000  24000
sanbaiman  13  12000  36000  6000/12000  24000
yakuman    -   16000  48000  8000/16000  32000
"""


def cells(table: str):
    for line in table.strip().splitlines():
        fu, *columns = line.split()
        for fan, cell in enumerate(columns, start=1):
            yield pytest.param(int(fu), fan, cell, id=f"{fu}fu-{fan}fan")


def value(fan, fu, *, dealer, tsumo, ruleset=EMA_2016):
    return hand_value(ruleset, fan=fan, fu=fu, dealer=dealer, tsumo=tsumo)


def assert_empty_cell_refused(fu, fan, *, dealer, tsumo):
    with pytest.raises(ScoringError) as error:
        value(fan, fu, dealer=dealer, tsumo=tsumo)
    assert (
        error.value.code == f"impossible_fu_{fu}"
    )  # 20: only a self-drawn pinfu; 25: seven pairs (section 6)


@pytest.mark.parametrize(("fu", "fan", "cell"), list(cells(EAST_TSUMO)))
def test_east_tsumo(fu, fan, cell):
    if cell == "-":
        assert_empty_cell_refused(fu, fan, dealer=True, tsumo=True)
        return
    result = value(fan, fu, dealer=True, tsumo=True)
    assert (result.tsumo_from_others, result.tsumo_from_dealer) == (int(cell), 0)
    assert result.total == 3 * int(cell)


@pytest.mark.parametrize(("fu", "fan", "cell"), list(cells(EAST_RON)))
def test_east_ron(fu, fan, cell):
    if cell == "-":
        assert_empty_cell_refused(fu, fan, dealer=True, tsumo=False)
        return
    result = value(fan, fu, dealer=True, tsumo=False)
    assert result.ron == result.total == int(cell)


@pytest.mark.parametrize(("fu", "fan", "cell"), list(cells(OTHER_TSUMO)))
def test_other_tsumo(fu, fan, cell):
    if cell == "-":
        assert_empty_cell_refused(fu, fan, dealer=False, tsumo=True)
        return
    others, east = (int(part) for part in cell.split("/"))
    result = value(fan, fu, dealer=False, tsumo=True)
    assert (result.tsumo_from_others, result.tsumo_from_dealer) == (others, east)
    assert result.total == east + 2 * others


@pytest.mark.parametrize(("fu", "fan", "cell"), list(cells(OTHER_RON)))
def test_other_ron(fu, fan, cell):
    if cell == "-":
        assert_empty_cell_refused(fu, fan, dealer=False, tsumo=False)
        return
    result = value(fan, fu, dealer=False, tsumo=False)
    assert result.ron == result.total == int(cell)


def limit_rows():
    for line in LIMITS.strip().splitlines():
        name, fan, east_tsumo, east_ron, other_tsumo, other_ron = line.split()
        yield pytest.param(name, fan, east_tsumo, east_ron, other_tsumo, other_ron, id=f"{name}-{fan}")


@pytest.mark.parametrize(
    ("name", "fan", "east_tsumo", "east_ron", "other_tsumo", "other_ron"), list(limit_rows())
)
def test_limit_hands(name, fan, east_tsumo, east_ron, other_tsumo, other_ron):
    """Section 6 limit hands; minipoints do not matter from 5 fan (4.1), so none are given."""
    given = {"yakuman": 1} if fan == "-" else {"fan": int(fan)}
    others, east = (int(part) for part in other_tsumo.split("/"))
    results = {
        (dealer, tsumo): hand_value(EMA_2016, dealer=dealer, tsumo=tsumo, **given)
        for dealer in (True, False)
        for tsumo in (True, False)
    }
    assert {result.limit for result in results.values()} == {name}
    assert results[True, True].tsumo_from_others == int(east_tsumo)
    assert results[True, False].ron == int(east_ron)
    assert (results[False, True].tsumo_from_others, results[False, True].tsumo_from_dealer) == (others, east)
    assert results[False, False].ron == int(other_ron)


def test_limit_ignores_minipoints_but_checks_them():
    """4.1: from five fan the minipoints are irrelevant; a value given must still be possible."""
    assert hand_value(EMA_2016, fan=6, fu=40, dealer=False, tsumo=False).ron == 12_000
    with pytest.raises(ScoringError) as error:
        hand_value(EMA_2016, fan=6, fu=33)
    assert error.value.code == "bad_fu"


def test_4_fan_30_is_not_rounded_up_to_mangan():
    """Section 6: 4 fan 30 minipoints is 7,700 / 11,600, and 3 fan 60 too (no kiriage mangan)."""
    assert value(4, 30, dealer=False, tsumo=False).ron == 7_700
    assert value(4, 30, dealer=False, tsumo=False).limit is None
    assert value(3, 60, dealer=True, tsumo=False).ron == 11_600
    assert value(4, 40, dealer=False, tsumo=False).limit == "mangan"  # 40 x 2^6 = 2,560 > 2,000


@pytest.mark.parametrize(
    ("raw", "rounded_ron"),
    [
        (22, 2_000),  # 4.3 example 3: 22 minipoints are rounded up to 30; 2 fan 30 other ron
        (32, 2_600),  # 4.1: "32 minipoints are rounded up to 40"; 2 fan 40 other ron
        (40, 2_600),
        (108, 7_100),  # 110 minipoints, beyond the table: 4 x 110 x 2^4 = 7,040 -> 7,100 (4.1.2)
    ],
)
def test_minipoints_round_up_to_ten(raw, rounded_ron):
    assert value(2, raw, dealer=False, tsumo=False).ron == rounded_ron


@pytest.mark.parametrize(
    ("given", "code"),
    [
        ({"fan": 0}, "no_fan"),
        ({"fan": 2, "fu": 31}, "bad_fu"),
        ({"fan": 2, "fu": 18}, "bad_fu"),
        ({"fan": 2, "fu": 112}, "bad_fu"),
        ({"fan": 2, "fu": "30"}, "bad_fu"),
        ({"fan": 2}, "missing_fu"),
        ({"fan": -1}, "bad_fan"),
        ({"fan": True, "fu": 30}, "bad_fan"),
        ({"fan": 5, "yakuman": 1}, "fan_and_yakuman"),
        ({"yakuman": 2}, "multiple_yakuman"),  # 4.2: yakuman are not cumulative
    ],
)
def test_impossible_values_are_refused(given, code):
    with pytest.raises(ScoringError) as error:
        hand_value(EMA_2016, **given)
    assert error.value.code == code


def test_thirteen_fan_is_sanbaiman_in_2016_and_yakuman_in_2008():
    """2016 4.2: at most 13 fan from yaku, sanbaiman 11+; 2008 4.2: "Bij Yakuman (13 fan)"."""
    assert hand_value(EMA_2016, fan=13).limit == "sanbaiman"
    assert hand_value(EMA_2016, fan=15).ron == 24_000
    assert hand_value(EMA_2008, fan=13).limit == "yakuman"
    assert hand_value(EMA_2008, fan=13).ron == 32_000


def test_double_yakuman_under_2008():
    """2008 4.2.5: big four winds is two yakuman: 2 x 32,000 from the discarder, 2 x 16,000 each to East."""
    assert hand_value(EMA_2008, yakuman=2).ron == 64_000
    assert hand_value(EMA_2008, yakuman=2, dealer=True, tsumo=True).tsumo_from_others == 32_000


@pytest.mark.parametrize("dealer", [True, False])
@pytest.mark.parametrize("fan", [1, 2, 3, 4])
def test_20_minipoints_on_a_ron_is_refused_at_any_fan(fan, dealer):
    """Section 6: the ron tables have no 20-minipoint row (20 is only a self-drawn pinfu, 4.1.1): a 20-fu ron is
    refused at every fan, 2 fan too (not paid 20 x 2^4 x 4 = 1,280 -> 1,300, nor 1,900 by East)."""
    assert_empty_cell_refused(20, fan, dealer=dealer, tsumo=False)


def test_a_hand_value_says_what_it_is():
    """4.1.3: the whole value of a win: what was given (fan, minipoints, yakuman, dealer, self-draw), the limit,
    and who pays what; a ron has no self-draw payments and a self-draw no ron."""
    from scoring.hands.value import HandValue

    assert hand_value(EMA_2016, fan=2, fu=30, dealer=False, tsumo=False) == HandValue(
        2, 30, 0, False, False, None, 2_000, 0, 0
    )
    assert hand_value(EMA_2016, fan=2, fu=30, dealer=False, tsumo=True) == HandValue(
        2, 30, 0, False, True, None, 0, 1_000, 500
    )
    assert hand_value(EMA_2016, fan=6, dealer=True, tsumo=True) == HandValue(
        6, None, 0, True, True, "haneman", 0, 0, 6_000
    )
    assert hand_value(EMA_2016, yakuman=1, dealer=True, tsumo=False) == HandValue(
        0, None, 1, True, False, "yakuman", 48_000, 0, 0
    )
    assert hand_value(EMA_2016, fan=4, fu=40, dealer=False, tsumo=False) == HandValue(
        4, 40, 0, False, False, "mangan", 8_000, 0, 0
    )
