"""NTS (Nederlandse Toernooi Spelregels) section 2: hands worked out by hand from the book.

Tiles: m characters, p circles, s bamboo, z honours 1-7 = E S W N white green red.
"""

import pytest

from scoring.errors import ScoringError
from scoring.hands import nts
from scoring.hands.nts import CHOW, KONG, PAIR, PUNG, Item, Set, Situation
from scoring.hands.nts_tiles import NtsTilesHand, evaluate_nts


def test_value_is_points_doubled_and_limited_to_2000():
    """2.4: count the points, then double; 2.2: limit 2,000."""
    assert nts.hand_total(24, 2) == 96
    assert nts.hand_total(38, 0) == 38
    assert nts.hand_total(44, 8) == 2_000  # 44 x 256 = 11,264 -> 2,000


def test_settlement_between_all_four_with_east_double():
    """2.1: S wins with 96; the losers E 16, W 8, N 0 settle among themselves; East pays and receives double.
    S: +96 x 2 (from E) + 96 + 96 = +384.
    E: -192 to S, +32 from W, +32 from N, -16 to W           = -144.
    W: -96 to S, -32 to E, +16 from E, +8 from N             = -104.
    N: -96 to S, -32 to E, -8 to W                          = -136.  Sum 0."""
    assert nts.settle((16, 96, 8, 0), winner=1, east=0) == (-144, 384, -104, -136)


def test_east_winner_receives_double_from_everyone():
    """2.2: East going out with 2,000 receives 4,000 from each of the three: 12,000."""
    assert nts.settle((2_000, 0, 0, 0), winner=0, east=0) == (12_000, -4_000, -4_000, -4_000)


def test_draw_settles_nothing():
    """1.8.5.2: after a draw the points are not counted."""
    assert nts.settle((10, 20, 30, 40), winner=None, east=0) == (0, 0, 0, 0)


def test_open_hand_with_honour_pungs_and_a_pair_wait():
    """S wins on a discarded East wind (round wind East), the only tile that completes the pair.
    Points (2.4.1): mahjong 20, open pung white dragon 4, concealed pung South (honour) 8, pair of the round
    wind 2, the only possible tile 2, the last tile completes the pair 2 = 38. Doublings (2.4.2): pung of
    dragons 1, pung of own wind 1 = 2. 38 x 4 = 152."""
    score = evaluate_nts(NtsTilesHand("123m456p222555z11z", "1z", seat_wind="S", melds=("pon:555z",)))
    assert score.points == (
        Item("mahjong", 20),
        Item("open_pung", 4, "5z"),
        Item("concealed_pung", 8, "2z"),
        Item("valued_pair", 2, "1z"),
        Item("only_possible_tile", 2),
        Item("pair_completed", 2),
    )
    assert score.doublings == (Item("valued_pung", 1, "5z"), Item("valued_pung", 1, "2z"))
    assert score.total == 152


def test_pure_self_drawn_hand():
    """East self-draws 9 circles: 234 234 567 circles, concealed pung of 8 circles, pair of 9 circles.
    Points: mahjong 20, concealed pung 2-8 4, self-drawn 2, last tile completes the pair 2 = 28 (the hand also
    waited on 7 circles: not the only possible tile). Doublings: pure (one suit) 3, hidden treasure 2 = 5.
    28 x 32 = 896; East receives double from each: 3 x 1,792 = 5,376."""
    score = evaluate_nts(NtsTilesHand("22334456788899p", "9p", seat_wind="E", self_drawn=True))
    assert score.total == 896
    assert score.doublings == (Item("pure", 3), Item("hidden_treasure", 2))
    assert nts.settle((896, 0, 0, 0), winner=0, east=0) == (5_376, -1_792, -1_792, -1_792)


def test_pung_completed_with_a_discard_is_open():
    """W wins on a discarded 9 bamboo, waiting on 55s or 99s: the 999s pung is open (4, not 8).
    Points: mahjong 20, open pung of terminals 4 = 24. Doublings: none (three suits, terminals, no valued set),
    so the hand may not go out (1.8: at least two doublings)."""
    with pytest.raises(ScoringError) as error:
        evaluate_nts(NtsTilesHand("123m456m789p55999s", "9s", seat_wind="W"))
    assert error.value.code == "nts_two_doublings"
    sets = (
        Set("chow", 0, True),
        Set("chow", 3, True),
        Set("chow", 15, True),
        Set(PAIR, 22, True),
        Set(PUNG, 26, False),
    )
    score = nts.score_sets(sets, Situation(seat_wind="W", winner=True, win_tile=26))
    assert score.points == (Item("mahjong", 20), Item("open_pung", 4, "9s"))


def test_own_wind_and_round_wind_counted_twice():
    """2: a wind that is both own wind and round wind counts its points and doublings twice.
    East in the east round, a loser with loose tiles of two suits: a concealed pung of East is 8 points with
    2 doublings: 8 x 4 = 32. A pair of East is 2 + 2 = 4 points."""
    east = Situation(seat_wind="E", round_wind="E")
    loose = (1, 12, 14)  # 2 characters, 4 and 6 circles: no suit doubling
    assert nts.score_sets((Set(PUNG, 27, True),), east, loose).total == 32
    assert nts.score_sets((Set(PAIR, 27, True),), east, loose).total == 4
    assert nts.score_sets((Set(PAIR, 27, True),), Situation(seat_wind="S", round_wind="E"), loose).total == 2


def test_loser_with_sets_and_loose_tiles():
    """A loser counts his sets: concealed pung 3 characters 4, open kong 9 circles 16, pair of green dragons 2
    = 22; no doublings (no valued pung, mixed suits). Value 22."""
    sets = (Set(PUNG, 2, True), Set(KONG, 17, False), Set(PAIR, 32, True))
    score = nts.score_sets(sets, Situation(seat_wind="N"), loose=(10, 11, 25, 3))
    assert score.total == 22


def test_clean_hand_doublings_not_added():
    """2.4.2 (**): clean 1, very clean 2, pure 3 do not add up: one suit with honours is clean (1).
    Loser: open pung 2 bamboo 2, concealed pung North 8 (not his wind: S, round E) = 10, clean 1: 20."""
    sets = (Set(PUNG, 19, False), Set(PUNG, 30, True))
    assert nts.score_sets(sets, Situation(seat_wind="S"), loose=(20, 21, 22)).total == 20


@pytest.mark.parametrize(
    ("tiles", "win", "limit", "points"),
    [
        ("19m19p19s12345677z", "7z", "thirteen-orphans", 2_000),  # Dertien wezen
        ("11122233344455z", "5z", "four-winds", 2_000),  # Vier winden (4 wind pungs + any pair)
        ("22334455667788p", "8p", "pure-twins", 1_000),  # Zuivere tweelingen (7 pairs of one suit)
        ("1144m2255p3366s77z", "7z", "seven-twins", 250),  # Zeven tweelingen (7 pairs, any)
        ("11223344556677z", "7z", "honour-twins", 2_000),  # Tweelingen van troefstenen
        ("123456789m12344z", "4z", "wind-snake", 1_000),  # Windenslang: 1-9 one suit, each wind, a double
        ("1234567p1234567z", "7z", "court-of-peking", 1_000),  # Hof van Peking
        ("22334466888s666z", "8s", "jade", 2_000),  # Jade spel (green bamboo and green dragons)
        ("11122345678999s", "2s", "nine-gates", 2_000),  # Negen poorten, concealed
    ],
)
def test_limit_hands(tiles, win, limit, points):
    """2.3, 2.4.1: a limit hand gets its points, no extras or doublings."""
    score = evaluate_nts(NtsTilesHand(tiles, win))
    assert (score.limit_hand, score.total) == (limit, points)


def test_winding_snake_may_be_open():
    """Kronkelende slang (1,000): 111 + 22 + 345 + 678 + 999 of one suit, a regular limit hand, so open
    (nine gates, 2,000, must be concealed)."""
    score = evaluate_nts(NtsTilesHand("11122345678999s", "2s", melds=("pon:111s",)))
    assert (score.limit_hand, score.total) == ("winding-snake", 1_000)


def test_limit_hand_values_and_half_for_a_waiting_irregular_one():
    """2.3.2: a player waiting on an irregular limit hand when another goes out gets half its points; 2.3.1:
    not for a regular one."""
    assert nts.limit_value("thirteen-orphans") == 2_000
    assert nts.limit_value("thirteen-orphans", waiting=True) == 1_000
    assert nts.limit_value("seven-twins", waiting=True) == 125
    with pytest.raises(ScoringError) as error:
        nts.limit_value("four-winds", waiting=True)
    assert error.value.code == "limit_hand_waiting"
    with pytest.raises(ScoringError):
        nts.limit_value("nine-dragons")


def test_mahjong_needs_two_doublings():
    """1.8: "Het maken van een Mahjong is alleen toegestaan bij minimaal twee verdubbelingen"."""
    nts.check_winner_doublings(2)
    with pytest.raises(ScoringError) as error:
        nts.check_winner_doublings(1)
    assert error.value.code == "nts_two_doublings"


@pytest.mark.parametrize("key", [key for key, (_, _, irregular) in nts.LIMIT_HANDS.items() if irregular])
def test_half_a_limit_is_whole_points(key):
    """NTS 2.3: a player waiting on an irregular limit hand gets half its value, in whole points (every amount is
    an integer, rules-interpretation.md): 2,000 -> 1,000, 1,000 -> 500, 500 -> 250, 250 -> 125."""
    full = nts.limit_value(key)
    half = nts.limit_value(key, waiting=True)
    assert type(half) is int and 2 * half == full


@pytest.mark.parametrize(
    ("tiles", "win", "limit", "points"),
    [
        # Drakenslang: 1 to 9 of one suit, one of each dragon and a pair of winds (1,000)
        ("123456789p11567z", "7z", "dragon-snake", 1_000),
        # Zeer schone tweelingen: seven pairs of winds and dragons and terminals of one suit (1,000)
        ("1199m1122335577z", "7z", "very-clean-twins", 1_000),
        # Schone tweelingen: seven pairs of winds and dragons and tiles of one suit (500)
        ("2288m1122335577z", "7z", "clean-twins", 500),
        ("112244668899m11z", "1z", "clean-twins", 500),  # one pair of honours (East) is enough
        # Zeven tweelingen: seven pairs of any tiles (250), here of three suits and no honours
        ("1144m2255p336699s", "9s", "seven-twins", 250),
    ],
)
def test_more_limit_hands_2_3_2(tiles, win, limit, points):
    """NTS 2.3.2 (irregular limit hands), each as the book lists it with its points."""
    score = evaluate_nts(NtsTilesHand(tiles, win))
    assert (score.limit_hand, score.total) == (limit, points)


@pytest.mark.parametrize(
    ("tiles", "win"),
    [
        (
            "123456789m12345z",
            "5z",
        ),  # 1-9, each wind and a red dragon: no snake (the wind snake has no dragon)
        ("112345678p12344z", "4z"),  # each wind and a double, but 1-8 of the suit only: no wind snake
        ("123456789m11223z", "3z"),  # 1-9 and winds, not each wind: no snake
    ],
)
def test_almost_snakes_are_no_win(tiles, win):
    """NTS 2.3.2: a snake needs exactly its tiles; these are no limit hand and no regular hand either."""
    with pytest.raises(ScoringError) as refused:
        evaluate_nts(NtsTilesHand(tiles, win))
    assert refused.value.code == "nts_not_a_win"


def test_one_to_nine_with_a_dragon_pung_and_a_wind_pair_is_no_dragon_snake():
    """NTS 2.3.2: the dragon snake has one of each dragon; 123 456 789 m, a pung of red dragons and a pair of East
    is a regular hand, not the snake's 1,000."""
    score = evaluate_nts(NtsTilesHand("123456789m11555z", "5z"))
    assert score.limit_hand is None


def test_a_limit_hand_is_its_points_without_doublings():
    """NTS 2.3: a limit hand gets its points and nothing else: jade is one line of 2,000, no doublings."""
    score = evaluate_nts(NtsTilesHand("22334466888s666z", "8s"))
    assert (score.points, score.doublings, score.limit_hand) == ((nts.Item("jade", 2_000),), (), "jade")


def test_nothing_doubled_is_nothing():
    """NTS 2.4: points are counted, then doubled; a loser without points has 0, however many doublings."""
    assert nts.hand_total(0, 3) == 0
    assert nts.hand_total(0, 0) == 0


# -- issue 32: the winner's points and doublings of NTS 2.4.1 and 2.4.2, each pinned ------------------------------
# Tiles: 0-8 characters 1-9 (m), 9-17 circles (p), 18-26 bamboo (s), 27-30 E S W N, 31-33 the dragons (5z-7z).


def test_four_chows_pure_simplicity_bottom_of_the_sea_and_hidden_treasure():
    """S self-draws the last tile of the wall, 7 characters, completing his pair: 234m 234p 234s 567p 77m, all
    concealed. Points (2.4.1): mahjong 20, self-drawn 2, the last tile completes the pair 2 = 24. Doublings
    (2.4.2): four chows 1, pure simplicity (2 to 8 only) 1, the last tile of the wall self-drawn 1, hidden treasure
    (only self-drawn tiles) 2 = 5; no suit doubling (three suits). 24 x 2^5 = 768."""
    sets = (
        Set(CHOW, 1, True),
        Set(CHOW, 10, True),
        Set(CHOW, 19, True),
        Set(CHOW, 13, True),
        Set(PAIR, 6, True),
    )
    situation = Situation(
        seat_wind="S", winner=True, self_drawn=True, pair_completed=True, win_tile=6, last_tile=True
    )
    score = nts.score_sets(sets, situation)
    assert score.points == (Item("mahjong", 20), Item("self_drawn", 2), Item("pair_completed", 2))
    assert score.doublings == (
        Item("four_chows", 1),
        Item("pure_simplicity", 1),
        Item("bottom_of_the_sea", 1),
        Item("hidden_treasure", 2),
    )
    assert score.total == 768


def test_four_pungs_self_drawn_but_not_hidden():
    """E self-draws 8 bamboo for his concealed pung; the other pungs are open: 222m 555p 333s open, 888s
    concealed, pair 55m. Points: mahjong 20, open pungs of simples 2 + 2 + 2, concealed pung 4, self-drawn 2 = 32.
    Doublings: four pungs 1, pure simplicity 1; no hidden treasure (three pungs were called). 32 x 4 = 128."""
    sets = (
        Set(PUNG, 1, False),
        Set(PUNG, 13, False),
        Set(PUNG, 25, True),
        Set(PUNG, 20, False),
        Set(PAIR, 4, True),
    )
    score = nts.score_sets(
        sets, Situation(seat_wind="E", round_wind="S", winner=True, self_drawn=True, win_tile=25)
    )
    assert score.points == (
        Item("mahjong", 20),
        Item("open_pung", 2, "2m"),
        Item("open_pung", 2, "5p"),
        Item("concealed_pung", 4, "8s"),
        Item("open_pung", 2, "3s"),
        Item("self_drawn", 2),
    )
    assert score.doublings == (Item("four_pungs", 1), Item("pure_simplicity", 1))
    assert score.total == 128


def test_little_four_winds():
    """S (east round) wins on a discarded 3 characters: East pung concealed, South and West pungs open, pair of
    North, chow 123m. Points: mahjong 20, concealed pung of an honour 8, open pungs of honours 4 + 4 = 36.
    Doublings: pung of the round wind 1, pung of the own wind 1, clean (one suit with honours) 1, little four
    winds (3 wind pungs and a wind pair) 1 = 4. 36 x 16 = 576."""
    sets = (
        Set(PUNG, 27, True),
        Set(PUNG, 28, False),
        Set(PUNG, 29, False),
        Set(PAIR, 30, True),
        Set(CHOW, 0, False),
    )
    score = nts.score_sets(sets, Situation(seat_wind="S", winner=True, win_tile=2))
    assert score.points == (
        Item("mahjong", 20),
        Item("concealed_pung", 8, "1z"),
        Item("open_pung", 4, "2z"),
        Item("open_pung", 4, "3z"),
    )
    assert score.doublings == (
        Item("valued_pung", 1, "1z"),
        Item("valued_pung", 1, "2z"),
        Item("clean", 1),
        Item("little_four_winds", 1),
    )
    assert score.total == 576


def test_little_three_dragons():
    """W wins on a discarded 6 circles: white dragons open, green dragons concealed, pair of red dragons, chows
    123p and 456p. Points: mahjong 20, open pung of dragons 4, concealed pung of dragons 8, pair of dragons 2 = 34.
    Doublings: the two dragon pungs 1 + 1, clean 1, little three dragons 1 = 4. 34 x 16 = 544."""
    sets = (
        Set(PUNG, 31, False),
        Set(PUNG, 32, True),
        Set(PAIR, 33, True),
        Set(CHOW, 9, False),
        Set(CHOW, 12, True),
    )
    score = nts.score_sets(sets, Situation(seat_wind="W", winner=True, win_tile=14))
    assert score.points == (
        Item("mahjong", 20),
        Item("open_pung", 4, "5z"),
        Item("concealed_pung", 8, "6z"),
        Item("valued_pair", 2, "7z"),
    )
    assert score.doublings == (
        Item("valued_pung", 1, "5z"),
        Item("valued_pung", 1, "6z"),
        Item("clean", 1),
        Item("little_three_dragons", 1),
    )
    assert score.total == 544


def test_pe_ling_eats_cake():
    """2.4.1 "Pe-ling eet cake": out on 1 circles, completing the pair, with 1 bamboo (here a concealed pung) in
    the hand: 10 points. N wins on a discard: 111s concealed, 11p, 234m, 567m, 999m open. Points: mahjong 20,
    concealed pung of terminals 8, open pung of terminals 4, the pair completed 2, Pe-ling eats cake 10 = 44; no
    doublings (three suits, no valued set). 44."""
    sets = (
        Set(PUNG, 18, True),
        Set(PAIR, 9, True),
        Set(CHOW, 1, True),
        Set(CHOW, 4, True),
        Set(PUNG, 8, False),
    )
    score = nts.score_sets(sets, Situation(seat_wind="N", winner=True, pair_completed=True, win_tile=9))
    assert score.points == (
        Item("mahjong", 20),
        Item("concealed_pung", 8, "1s"),
        Item("open_pung", 4, "9m"),
        Item("pair_completed", 2),
        Item("pe_ling_eats_cake", 10),
    )
    assert (score.doublings, score.total) == ((), 44)


def test_no_cake_without_a_set_of_one_bamboo():
    """The same win with 222s and the chow 123s instead: no set of 1 bamboo, so no cake: mahjong 20, concealed
    pung of simples 4, open pung of terminals 4, the pair completed 2 = 30."""
    sets = (
        Set(PUNG, 19, True),
        Set(PAIR, 9, True),
        Set(CHOW, 18, True),
        Set(CHOW, 4, True),
        Set(PUNG, 8, False),
    )
    score = nts.score_sets(sets, Situation(seat_wind="N", winner=True, pair_completed=True, win_tile=9))
    assert score.points == (
        Item("mahjong", 20),
        Item("concealed_pung", 4, "2s"),
        Item("open_pung", 4, "9m"),
        Item("pair_completed", 2),
    )
    assert score.total == 30


# Loose tiles of a loser that give no suit doubling: 2 characters, 4 circles and 6 bamboo.
MIXED = (1, 12, 23)


@pytest.mark.parametrize(
    ("sets", "doubling"),
    [
        # two concealed pungs: nothing
        ((Set(PUNG, 1, True), Set(PUNG, 13, True), Set(PUNG, 20, False)), ()),
        # 2.4.2 (*): three concealed pungs 1
        ((Set(PUNG, 1, True), Set(PUNG, 13, True), Set(PUNG, 20, True)), (Item("three_concealed_pungs", 1),)),
        # four concealed pungs 2 (not added to the three: the higher)
        (
            (Set(PUNG, 1, True), Set(PUNG, 13, True), Set(PUNG, 20, True), Set(PUNG, 4, True)),
            (Item("four_concealed_pungs", 2),),
        ),
        # two concealed kongs and two open pungs: nothing (two concealed, two kongs)
        ((Set(KONG, 1, True), Set(KONG, 13, True), Set(PUNG, 20, False), Set(PUNG, 4, False)), ()),
        # three concealed kongs 2 (a concealed kong is a concealed pung too: three concealed pungs 1, the higher)
        (
            (Set(KONG, 1, True), Set(KONG, 13, True), Set(KONG, 20, True), Set(PUNG, 4, False)),
            (Item("three_concealed_kongs", 2),),
        ),
        # four kongs 3, two of them concealed
        (
            (Set(KONG, 1, True), Set(KONG, 13, True), Set(KONG, 20, False), Set(KONG, 4, False)),
            (Item("four_kongs", 3),),
        ),
        # four concealed kongs: four kongs 3 is the highest of 1, 2, 2 and 3
        (
            (Set(KONG, 1, True), Set(KONG, 13, True), Set(KONG, 20, True), Set(KONG, 4, True)),
            (Item("four_kongs", 3),),
        ),
    ],
)
def test_concealed_pungs_and_kongs_doublings_are_not_added(sets, doubling):
    """NTS 2.4.2 (*): 3 concealed pungs 1, 4 concealed pungs 2, 3 concealed kongs 2, 4 kongs 3, not added
    together (the highest counts). A loser with sets of simples of mixed suits: no other doubling."""
    assert nts.score_sets(sets, Situation(seat_wind="S"), loose=MIXED).doublings == doubling


# A concealed winner's hand: 234m 567m 345p pung 6s (concealed), pair 8p; the situations below say how he went out.
WIN = (Set(CHOW, 1, True), Set(CHOW, 4, True), Set(CHOW, 11, True), Set(PUNG, 23, True), Set(PAIR, 16, True))


@pytest.mark.parametrize(
    ("how", "special"),
    [
        ({"last_tile": True, "self_drawn": True, "win_tile": 11}, Item("bottom_of_the_sea", 1)),
        ({"last_tile": True, "self_drawn": True, "win_tile": 9}, Item("moon_from_the_bottom_of_the_sea", 3)),
        ({"last_tile": True, "win_tile": 9}, None),  # the last tile, but a discard: not from the wall
        ({"robbing_kong": True, "win_tile": 11}, Item("robbing_the_kong", 1)),
        ({"after_kong": True, "self_drawn": True, "win_tile": 11}, Item("kong_with_blooming_flowers", 1)),
        (
            {"after_kong": True, "kong_on_kong": True, "self_drawn": True, "win_tile": 11},
            Item("kong_on_kong", 2),
        ),
        ({"after_kong": True, "self_drawn": True, "win_tile": 13}, Item("plum_blossom_from_the_roof", 3)),
    ],
)
def test_the_special_wins_the_highest_counts(how, special):
    """NTS 2.4.2: winning from the bottom of the sea 1 (the last tile of the wall, self-drawn), and with it on
    1 circles the moon 3; robbing a kong 1; the loose tile after a kong 1, after two kongs in one turn 2, and on
    5 circles the plum blossom 3: of these only the highest counts (the book lists each as its own doubling, the
    higher including the lower)."""
    score = nts.score_sets(WIN, Situation(seat_wind="W", winner=True, **how))
    specials = [item for item in score.doublings if item.code not in ("pure_simplicity", "hidden_treasure")]
    assert specials == ([special] if special else [])


@pytest.mark.parametrize(
    ("tiles", "win", "limit", "points"),
    [
        ("11123455678999p", "5p", "nine-gates", 2_000),  # Negen poorten in circles, the extra tile a 5
        (
            "11p112233445566z",
            "6z",
            "very-clean-twins",
            1_000,
        ),  # the circles only a pair of 1s: still one suit
        ("1111m2255p336699s", "9s", "seven-twins", 250),  # four of a tile are two of the seven pairs
    ],
)
def test_limit_hands_at_their_edges(tiles, win, limit, points):
    """NTS 2.3.2: nine gates is 1112345678999 of one suit and any tile of it; very clean twins are pairs of
    honours and terminals of one suit; seven pairs may hold two identical pairs."""
    score = evaluate_nts(NtsTilesHand(tiles, win))
    assert (score.limit_hand, score.total) == (limit, points)


@pytest.mark.parametrize(
    ("tiles", "win"),
    [
        ("15m19p19s12345677z", "5m"),  # 9 characters missing (a 5 instead)
        ("159m1p19s12345677z", "5m"),  # 9 circles missing
        ("159m19p1s12345677z", "5m"),  # 9 bamboo missing
        ("1112345678999m5p", "5p"),  # nine gates' tiles and one of another suit
    ],
)
def test_almost_limit_hands_are_no_win(tiles, win):
    """NTS 2.3.2: thirteen orphans needs every terminal and honour; nine gates needs the fourteenth tile of its
    suit. These hands are neither, nor a regular hand."""
    with pytest.raises(ScoringError) as refused:
        evaluate_nts(NtsTilesHand(tiles, win))
    assert refused.value.code == "nts_not_a_win"


def test_a_pung_completed_with_a_discard_counts_as_open():
    """NTS 2.4.1: S wins on a discarded white dragon for his pung (he waited on white dragons or East): 123m 456p,
    green dragons concealed, white dragons completed with the discard (open), pair of East (the round wind).
    Points: mahjong 20, concealed pung of honours 8, open pung of honours 4, pair of the round wind 2 = 34.
    Doublings: the two dragon pungs 1 + 1. 34 x 4 = 136."""
    score = evaluate_nts(NtsTilesHand("123m456p666555z11z", "5z", seat_wind="S"))
    assert score.points == (
        Item("mahjong", 20),
        Item("open_pung", 4, "5z"),
        Item("concealed_pung", 8, "6z"),
        Item("valued_pair", 2, "1z"),
    )
    assert score.total == 136


def test_declared_melds_count_as_declared():
    """NTS 2.4.1: E (east round) wins on a discarded 9 characters, the only tile that completes his pair; he called
    chow 123m, declared a concealed kong of red dragons and an open kong of 5 circles; East pung concealed.
    Points: mahjong 20, concealed kong of honours 32, open kong of simples 8, concealed pung of honours 8, the only
    possible tile 2, the last tile completes the pair 2 = 72. Doublings (2.4.2): the dragon kong 1, the East pung
    2 (own wind and round wind, counted twice) = 3. 72 x 8 = 576."""
    hand = NtsTilesHand(
        "123m99m5555p1117777z", "9m", seat_wind="E", melds=("chi:123m", "ankan:7777z", "kan:5555p")
    )
    score = evaluate_nts(hand)
    assert score.points == (
        Item("mahjong", 20),
        Item("concealed_kong", 32, "7z"),
        Item("open_kong", 8, "5p"),
        Item("concealed_pung", 8, "1z"),
        Item("only_possible_tile", 2),
        Item("pair_completed", 2),
    )
    assert score.doublings == (Item("valued_kong", 1, "7z"), Item("valued_pung", 2, "1z"))
    assert score.total == 576


@pytest.mark.parametrize(
    ("hand", "limit", "points"),
    [
        (NtsTilesHand("555666777z123m99p", "9p"), "three-dragons", 2_000),  # Drie draken
        (NtsTilesHand("111999m111999p11s", "1s"), "head-and-tail", 2_000),  # Kop en staart
        (
            NtsTilesHand(
                "11m1111222233334444p",
                "1m",
                melds=("ankan:1111p", "ankan:2222p", "ankan:3333p", "ankan:4444p"),
            ),
            "four-concealed-kongs",
            2_000,
        ),
        # Spel van de hemel: East out with the tiles dealt; Spel van de aarde: out on East's first discard
        (
            NtsTilesHand("123m456p789s11122z", "2z", seat_wind="E", first_turn=True, self_drawn=True),
            "heaven",
            2_000,
        ),
        (NtsTilesHand("123m456p789s11122z", "2z", seat_wind="S", first_turn=True), "earth", 1_000),
    ],
)
def test_regular_limit_hands_2_3_1(hand, limit, points):
    """NTS 2.3.1: the regular limit hands, each with the book's points."""
    score = evaluate_nts(hand)
    assert (score.limit_hand, score.total) == (limit, points)


def test_no_limit_hand_near_them():
    """Not limit hands: 1s and 9s pungs with a pair of East is no head and tail (the pair is an honour); a kong
    called open is no four concealed kongs; a first-turn self-draw by South is no earth (that is a discard)."""
    assert evaluate_nts(NtsTilesHand("111999m111999p11z", "1z")).limit_hand is None
    melds = ("kan:1111p", "ankan:2222p", "ankan:3333p", "ankan:4444p")
    kongs = evaluate_nts(NtsTilesHand("11m1111222233334444p", "1m", melds=melds))
    assert kongs.limit_hand is None and Item("four_kongs", 3) in kongs.doublings
    drawn = evaluate_nts(
        NtsTilesHand("123m456p789s11122z", "2z", seat_wind="S", first_turn=True, self_drawn=True)
    )
    assert drawn.limit_hand is None


@pytest.mark.parametrize(
    ("how", "points", "doublings"),
    [
        # the last tile of the wall, self-drawn, by South in the south round: the pair of South counts twice (4)
        (
            {"round_wind": "S", "self_drawn": True, "last_tile": True},
            (Item("valued_pair", 4, "2z"), Item("self_drawn", 2)),
            (Item("bottom_of_the_sea", 1), Item("hidden_treasure", 2)),
        ),
        (
            {"self_drawn": True, "after_kong": True},
            (Item("valued_pair", 2, "2z"), Item("self_drawn", 2)),
            (Item("valued_pung", 1, "1z"), Item("kong_with_blooming_flowers", 1), Item("hidden_treasure", 2)),
        ),
        (
            {"self_drawn": True, "after_kong": True, "kong_on_kong": True},
            (Item("valued_pair", 2, "2z"), Item("self_drawn", 2)),
            (Item("valued_pung", 1, "1z"), Item("kong_on_kong", 2), Item("hidden_treasure", 2)),
        ),
        (
            {"robbing_kong": True},
            (Item("valued_pair", 2, "2z"),),
            (Item("valued_pung", 1, "1z"), Item("robbing_the_kong", 1)),
        ),
    ],
)
def test_how_the_hand_went_out_reaches_the_score(how, points, doublings):
    """NTS 2.4.1/2.4.2 through the tiles: South out on South (the pair) with 123m 456p 789s and a concealed East
    pung. Points: mahjong 20, concealed pung of an honour 8, the pair of the own wind 2 (or 4 in the south
    round), the only possible tile 2, the pair completed 2, self-drawn 2; the East pung is a doubling in the east
    round; the special win and hidden treasure as named."""
    score = evaluate_nts(NtsTilesHand("123m456p789s11122z", "2z", seat_wind="S", **how))
    expected = (Item("mahjong", 20), Item("concealed_pung", 8, "1z"), *points)
    assert sorted(score.points) == sorted(
        (*expected, Item("only_possible_tile", 2), Item("pair_completed", 2))
    )
    assert score.doublings == doublings


@pytest.mark.parametrize(
    ("sets", "doubling"),
    [
        ((Set(PUNG, 0), Set(PUNG, 8), Set(PUNG, 30)), (Item("very_clean", 2),)),  # 1m 9m North: very clean
        (
            (Set(PUNG, 0), Set(PUNG, 17), Set(PUNG, 29)),
            (Item("clean", 1),),
        ),  # 1m 9p West: ones and nines, clean
        ((Set(PUNG, 1), Set(PUNG, 6), Set(PUNG, 29)), (Item("clean", 1),)),  # 2m 7m West: one suit, clean
        ((Set(PUNG, 1), Set(PUNG, 6), Set(PUNG, 3)), (Item("pure", 3),)),  # characters only: pure
    ],
)
def test_suit_doublings_2_4_2(sets, doubling):
    """NTS 2.4.2 (**): clean 1 (one suit with honours, or ones and nines with honours), very clean 2 (ones and
    nines of one suit with honours), pure 3 (one suit only): not added together. Open pungs of a loser (South,
    east round; West and North are not valued)."""
    assert nts.score_sets(sets, Situation(seat_wind="S")).doublings == doubling


@pytest.mark.parametrize(
    ("tiles", "limit"),
    [
        ("1199p1122335577z", "very-clean-twins"),  # ones and nines of circles with honours
        ("2288p1122335577z", "clean-twins"),  # other circles
        ("1122m1122335577z", "clean-twins"),  # a pair of 2 characters is no terminal
    ],
)
def test_clean_and_very_clean_twins_in_any_suit(tiles, limit):
    """NTS 2.3.2: very clean twins are pairs of honours and of the ones and nines of one suit; any other tile of
    the suit makes them clean twins."""
    assert evaluate_nts(NtsTilesHand(tiles, "7z")).limit_hand == limit


def test_the_moon_from_the_bottom_of_the_sea_through_the_tiles():
    """NTS 2.4.2: S self-draws the last tile of the wall, 1 circles, for his pair: 123m 456p 789s, East pung
    concealed. Doublings: the East pung (round wind) 1, the moon 3, hidden treasure 2 = 6; points: mahjong 20,
    concealed pung of an honour 8, self-drawn 2, the only possible tile 2, the pair completed 2 = 34;
    34 x 64 = 2,176, limited to 2,000 (2.2)."""
    hand = NtsTilesHand("123m456p789s11p111z", "1p", seat_wind="S", self_drawn=True, last_tile=True)
    score = evaluate_nts(hand)
    assert Item("moon_from_the_bottom_of_the_sea", 3) in score.doublings
    assert score.total == 2_000


def test_a_pung_completed_by_a_self_draw_stays_concealed():
    """NTS 2.4.1: the same hand as a pung completed with a discard, but S draws the white dragon himself: both
    dragon pungs concealed 8 + 8, the pair of the round wind 2, self-drawn 2, mahjong 20 = 40. Doublings: the two
    dragon pungs 1 + 1, hidden treasure 2 = 4. 40 x 16 = 640."""
    score = evaluate_nts(NtsTilesHand("123m456p666555z11z", "5z", seat_wind="S", self_drawn=True))
    assert score.points == (
        Item("mahjong", 20),
        Item("concealed_pung", 8, "5z"),
        Item("concealed_pung", 8, "6z"),
        Item("valued_pair", 2, "1z"),
        Item("self_drawn", 2),
    )
    assert score.total == 640


def test_honours_once_each_with_2_to_8_are_no_court_of_peking():
    """NTS 2.3.2: the court of Peking is 1 to 7 of one suit with each honour once; 2 to 8 with each honour is
    nothing."""
    with pytest.raises(ScoringError) as refused:
        evaluate_nts(NtsTilesHand("2345678p1234567z", "7z"))
    assert refused.value.code == "nts_not_a_win"


def test_a_called_chow_of_one_two_three_is_no_pure_simplicity():
    """NTS 1.8 and 2.4.2: four chows (1) with a called 123m: the 1 is a terminal, so no pure simplicity; one
    doubling is too few to go out."""
    with pytest.raises(ScoringError) as refused:
        evaluate_nts(NtsTilesHand("123m456p345s678s55m", "5m", melds=("chi:123m",)))
    assert refused.value.code == "nts_two_doublings"
