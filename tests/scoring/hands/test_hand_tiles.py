"""The five scoring examples of 4.3 (EMA 2016), by fan/minipoints and by tiles, and the 2016 options.

The book's pictures of the hands are not in the text; the hands below are built from each example's words
(winning tile, concealed or not, riichi, the yaku named, the dora) and give exactly the yaku the book lists.
"""

import pytest

from scoring.errors import ScoringError
from scoring.hands import hand_value
from scoring.hands.tiles import TilesHand, evaluate
from scoring.ruleset import EMA_2008, EMA_2016

# (example, hand, yaku with fan as the book lists them, fan, minipoints, East (ron or each on tsumo),
#  others: (ron,) or (from East, from each other) on tsumo)
EXAMPLES = [
    pytest.param(
        TilesHand("123456789s234m55p", "9s", tsumo=True, riichi=True),
        {"riichi": 1, "fully_concealed_hand": 1, "pinfu": 1, "pure_straight": 2},
        5,
        None,
        {"east_each": 4_000, "east_total": 12_000, "other": (4_000, 2_000), "other_total": 8_000},
        id="4.3-example-1-mangan-tsumo",
    ),
    pytest.param(
        TilesHand("123456789s234m55p", "9s", riichi=True),
        {"riichi": 1, "pinfu": 1, "pure_straight": 2},
        4,
        30,
        {"east_ron": 11_600, "other_ron": 7_700},
        id="4.3-example-2-4fan-30",
    ),
    pytest.param(
        TilesHand("123456789s234m55p", "9s", melds=("chi:123s",), dora_indicators=("6s",)),
        {"pure_straight": 1, "dora": 1},
        2,
        30,  # 20 + 2 for open pinfu = 22, rounded up to 30
        {"east_ron": 2_900, "other_ron": 2_000},
        id="4.3-example-3-open-2fan-30",
    ),
    pytest.param(
        TilesHand("222m444p66688899s", "8s", tsumo=True),
        {"four_concealed_pungs": 13},
        0,
        None,
        {"east_each": 16_000, "east_total": 48_000, "other": (16_000, 8_000), "other_total": 32_000},
        id="4.3-example-4-yakuman-tsumo",
    ),
    pytest.param(
        TilesHand("22255m444p666888s", "8s", dora_indicators=("3p",)),
        {"three_concealed_pungs": 2, "all_pungs": 2, "all_simples": 1, "dora": 3},
        8,
        None,
        {"east_ron": 24_000, "other_ron": 16_000},
        id="4.3-example-5-baiman",
    ),
]


def _check(values, paid):
    east, other = values
    if "east_ron" in paid:
        assert (east.ron, other.ron) == (paid["east_ron"], paid["other_ron"])
        return
    assert east.tsumo_from_others == paid["east_each"] and east.total == paid["east_total"]
    assert (other.tsumo_from_dealer, other.tsumo_from_others) == paid["other"]
    assert other.total == paid["other_total"]


@pytest.mark.parametrize(("hand", "yaku", "fan", "fu", "paid"), EXAMPLES)
def test_examples_by_tiles(hand, yaku, fan, fu, paid):
    east = evaluate(TilesHand(**{**hand.__dict__, "dealer": True}))
    other = evaluate(hand)
    assert dict(other.yaku) == yaku
    assert (other.fan, other.fu) == (fan, fu)
    _check((east.value, other.value), paid)


@pytest.mark.parametrize(("hand", "yaku", "fan", "fu", "paid"), EXAMPLES)
def test_examples_by_fan_and_minipoints(hand, yaku, fan, fu, paid):
    given = {"fan": fan, "fu": fu} if fan else {"yakuman": 1}
    values = [hand_value(EMA_2016, dealer=dealer, tsumo=hand.tsumo, **given) for dealer in (True, False)]
    _check(values, paid)


def test_open_tanyao_counts():
    """4.2.1: All Simples is not in italics, so it may be open. 234m chi, 567p 678s 345s 88p, ron on 5s."""
    result = evaluate(TilesHand("234m567p88p345678s", "5s", melds=("chi:234m",)))
    assert dict(result.yaku) == {"all_simples": 1}
    assert (result.fan, result.fu, result.value.ron) == (1, 30, 1_000)


def test_thirteen_fan_is_sanbaiman():
    """4.2: no more than 13 fan from yaku, and 11+ fan is sanbaiman (section 6), not a counted yakuman.
    Concealed full flush 6, riichi 1, ippatsu 1, fully concealed 1, pure double chow 1, two 1s as dora 2 ..."""
    hand = TilesHand(
        "11223345678999s", "9s", tsumo=True, riichi=True, ippatsu=True, dora_indicators=("9s",), dealer=False
    )
    result = evaluate(hand)
    assert result.fan >= 13 and result.yakuman == 0
    assert result.value.limit == "sanbaiman"
    assert (result.value.tsumo_from_dealer, result.value.tsumo_from_others) == (12_000, 6_000)


def test_no_double_yakuman():
    """4.2: yakuman are not cumulative; thirteen orphans on the thirteen-sided wait is one yakuman."""
    result = evaluate(TilesHand("19m19p19s12345677z", "7z"))
    assert result.yakuman == 1 and result.value.ron == 32_000


def test_blessing_of_man_is_a_mangan_not_added_to_other_yaku():
    """4.2.4: renhou is 5 fan and "not cumulative with other yaku and dora"."""
    plain = TilesHand("234567m234p55s678s", "8s", first_turn=True, dora_indicators=("4p",))
    result = evaluate(plain)
    assert dict(result.yaku) == {"blessing_of_man": 5}
    assert result.value.ron == 8_000
    # a hand worth more than a mangan by itself keeps its own value
    flush = evaluate(TilesHand("12334556778999s", "9s", first_turn=True))
    assert flush.fan >= 6 and "blessing_of_man" not in dict(flush.yaku)


@pytest.mark.parametrize(
    ("hand", "code"),
    [
        (TilesHand("123456789s234m5p", "9s"), "tile_count"),  # 13 tiles
        (TilesHand("123456789s234m55x", "9s"), "bad_tiles"),
        (TilesHand("11111s23456789m55p", "5p"), "five_of_a_tile"),
        (TilesHand("123456789s234m55p", "1z"), "win_tile_missing"),
        (TilesHand("123456789s234m55p", "9"), "bad_win_tile"),
        (TilesHand("123456789s234m55p", "9s", dora_indicators=("99s",)), "bad_dora"),
        (TilesHand("123456789s234m55p", "9s", melds=("pung:555z",)), "bad_meld"),
        (TilesHand("123456789s234m55p", "9s", melds=("pon:111z",)), "meld_not_in_hand"),
        (TilesHand("123456789s234m55p", "9s", melds=("pon:123s",)), "meld_shape"),
        (TilesHand("123456789s234m55p", "9s", melds=("chi:777p",)), "meld_not_in_hand"),
        (TilesHand("123456789s234m57p", "9s"), "not_a_win"),
        (TilesHand("123m456p88p345789s", "5s", melds=("chi:123m",)), "no_yaku"),  # open, no yaku (4.1)
        (TilesHand("123m456p88p345789s", "5s", melds=("chi:123m",), riichi=True), "riichi_open_hand"),
        (
            TilesHand("123m456p88p345789s", "5s", melds=("chi:123m",), double_riichi=True),
            "double_riichi_open_hand",
        ),
        (TilesHand("123456789s234m55p", "9s", ippatsu=True), "ippatsu_without_riichi"),
        (TilesHand("123456789s234m55p", "9s", tsumo=True, robbing_kong=True), "robbing_kong_self_drawn"),
        (TilesHand("123456789s234m55p", "9s", after_kong=True), "after_kong_on_discard"),
        (
            TilesHand("123456789s234m55p", "9s", tsumo=True, last_tile=True, after_kong=True),
            "under_the_sea_after_kong",
        ),
        (
            TilesHand("123456789s234m55p", "9s", last_tile=True, robbing_kong=True),
            "under_the_sea_robbing_kong",
        ),
        (
            TilesHand(
                "1111s123456789m55p", "5p", melds=("ankan:1111s",), dealer=True, tsumo=True, first_turn=True
            ),
            "heaven_with_kong",
        ),
        (
            TilesHand("123m456p88p345789s", "5s", melds=("chi:123m",), tsumo=True, first_turn=True),
            "earth_with_call",
        ),
        (TilesHand("123m456p88p345789s", "5s", melds=("chi:123m",), first_turn=True), "man_with_call"),
        (TilesHand("123456789s234m55p", "9s", dealer=True, seat_wind="S"), "bad_seat_wind"),
        (TilesHand("123456789s234m55p", "9s", seat_wind="X"), "unknown_seat_wind"),
        (TilesHand("123456789s234m55p", "9s", round_wind="X"), "unknown_round_wind"),
    ],
)
def test_bad_tiles_are_refused(hand, code):
    with pytest.raises(ScoringError) as error:
        evaluate(hand)
    assert error.value.code == code


def test_tiles_follow_the_2016_rules_only():
    with pytest.raises(ScoringError) as error:
        evaluate(TilesHand("123456789s234m55p", "9s"), EMA_2008)
    assert error.value.code == "tiles_ruleset"


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (TilesHand("123456789s234m57p", "9s", first_turn=True), "the tiles are not a winning hand"),
        (
            TilesHand("123456789s234m55p", "9s", first_turn=True, melds=("chi:123s",)),
            "blessing of man allows no",
        ),
        (TilesHand("123456789s234m55p", "9s", ippatsu=True), "ippatsu needs riichi"),
        (
            TilesHand("123456789s234m55p", "9s", melds=("chi:123s",), riichi=True),
            "riichi needs a concealed hand",
        ),
    ],
)
def test_impossible_situations_are_refused(hand, message):
    with pytest.raises(ScoringError) as error:
        evaluate(hand)
    assert error.value.message.startswith(message)


def test_blessing_of_man_on_a_hand_without_other_yaku():
    """Renhou is a yaku of its own: an open-less hand with no other yaku still wins, as a mangan (4.2.4)."""
    result = evaluate(TilesHand("123m456p88p345789s", "5s", first_turn=True))
    assert dict(result.yaku) == {"blessing_of_man": 5} and result.value.ron == 8_000


def test_blessing_of_man_is_never_easts():
    """4.2.4: Blessing of Man is "winning on a discard in the very first un-interrupted set of turns, before the
    player has had his first turn". East discards first, so East has had a turn before any discard can be won
    on: East on the first go-around wins only on his own deal (Blessing of Heaven, 4.2.5)."""
    for hand in (
        TilesHand("123m456p88p345789s", "5s", first_turn=True, dealer=True),
        TilesHand("234567m234p55s678s", "8s", first_turn=True, seat_wind="E"),
    ):
        with pytest.raises(ScoringError) as error:
            evaluate(hand)
        assert error.value.code == "renhou_dealer" and "4.2.4" in error.value.message
    # the same hand self-drawn by East on the first turn is Blessing of Heaven, a yakuman (4.2.5)
    heaven = evaluate(TilesHand("123m456p88p345789s", "5s", first_turn=True, dealer=True, tsumo=True))
    assert heaven.yakuman == 1 and dict(heaven.yaku) == {"blessing_of_heaven": 13}


def test_blessing_of_man_over_other_yaku_worth_exactly_five_fan():
    """4.2.4: renhou is 5 fan, not cumulative with other yaku: 123 456 789 m, West pung, North pair is a concealed
    pure straight (2) and half flush (3), 5 fan; on the first turn it is blessing of man alone (the same mangan)."""
    assert dict(evaluate(TilesHand("123456789m33344z", "9m")).yaku) == {"pure_straight": 2, "half_flush": 3}
    result = evaluate(TilesHand("123456789m33344z", "9m", first_turn=True))
    assert dict(result.yaku) == {"blessing_of_man": 5}
    assert (result.fan, result.value.ron) == (5, 8_000)


def test_a_concealed_kong_keeps_the_hand_concealed():
    """3.3.14 and 4.1: riichi with a concealed kong of 1 bamboo (ankan) is allowed; the kong is concealed, 32
    minipoints (an open one would be 16 and the hand open, refusing riichi): 20 + 10 (concealed ron) + 32 = 62,
    rounded up to 70; riichi 1 fan: 70 x 2^3 x 4 = 2,240 -> 2,300."""
    result = evaluate(TilesHand("23455m567789p1111s", "4m", riichi=True, melds=("ankan:1111s",)))
    assert dict(result.yaku) == {"riichi": 1}
    assert ("closed_terminal_kan", 32) in result.fu_details
    assert (result.fan, result.fu, result.value.ron) == (1, 70, 2_300)


@pytest.mark.parametrize(
    ("tiles", "meld"),
    [
        ("123z456789s234m55p", "chi:123z"),  # winds are no chi
        ("123345m456789s55p", "chi:135m"),  # not three in a row
        ("89m1p456789s234m55p", "chi:89m1p"),  # not one suit
        ("123456789s234m55p", "pon:55p"),  # two tiles are no pung
    ],
)
def test_a_meld_of_the_wrong_shape_is_refused(tiles, meld):
    with pytest.raises(ScoringError) as refused:
        evaluate(TilesHand(tiles, "9s", melds=(meld,)))
    assert refused.value.code == "meld_shape"


def test_a_refusal_of_the_calculator_this_adapter_does_not_know_keeps_its_reason():
    """A reason of the package that no code here names (one this adapter never causes) is still refused, as
    calculator_refused, with the package's own reason."""
    from scoring.hands.tiles import _refusal

    error = _refusal("something_new")
    assert (error.code, error.message, error.params) == (
        "calculator_refused",
        "the calculator refuses the hand (something_new)",
        {"reason": "something_new"},
    )


def test_blessing_of_man_on_a_hand_with_no_yaku_at_all():
    """4.2.4: closed 123m 456p 345s 789s 88p out on 4s (a closed wait: no pinfu, no other yaku): on a discard it
    has no yaku and is refused; on the first go-around it is blessing of man, a mangan (8,000)."""
    with pytest.raises(ScoringError) as refused:
        evaluate(TilesHand("123m456p88p345s789s", "4s"))
    assert refused.value.code == "no_yaku"
    result = evaluate(TilesHand("123m456p88p345s789s", "4s", first_turn=True))
    assert (dict(result.yaku), result.value.ron) == ({"blessing_of_man": 5}, 8_000)


def test_the_seat_wind_makes_a_wind_pung_a_yaku():
    """4.2.1: a pung of the own wind is a yaku: South's 222z is 1 fan (seat wind) with its minipoints (4.1: 20 +
    10 concealed ron, pung of honours concealed 8, pair of dragons 2, pair wait 2 = 52 -> 50); West's is none."""
    south = evaluate(TilesHand("123m456p789s22255z", "5z", seat_wind="S"))
    assert dict(south.yaku) == {"seat_wind": 1}
    assert south.fu_details == (
        ("base", 30),
        ("closed_terminal_pon", 8),
        ("valued_pair", 2),
        ("pair_wait", 2),
    )
    assert south.fu == 50
    with pytest.raises(ScoringError) as refused:
        evaluate(TilesHand("123m456p789s22255z", "5z", seat_wind="W"))
    assert refused.value.code == "no_yaku"


def test_ura_dora_count_under_riichi():
    """4.2.1: under riichi the ura dora indicator 4p makes the pair of 5p two more dora (ura)."""
    result = evaluate(TilesHand("123456789s234m55p", "9s", riichi=True, ura_dora_indicators=("4p",)))
    assert dict(result.yaku)["ura_dora"] == 2


def test_blessing_of_man_has_no_minipoint_details():
    """4.2.4: blessing of man is a mangan by itself: no minipoints, so no minipoint details."""
    result = evaluate(TilesHand("123m456p88p345s789s", "4s", first_turn=True))
    assert (result.fu, result.fu_details) == (None, ())
