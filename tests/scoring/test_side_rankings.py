"""Side rankings and prize places (scoring.side_rankings), on standings built from real tables by the rules engine.

EVENT: twelve players a..l, one session of three tables (EMA 2016). A session result is the score (raw - 30,000,
3.6) plus the uma 15,000 / 5,000 / -5,000 / -15,000 (3.6.1; tied players split the uma of their places), less
penalties after the uma (3.4.6: chombo 20,000). Worked by hand:

table 1: a 45,000 -> 15,000 + 15,000 = 30,000 | b 35,000 -> 5,000 + 5,000 = 10,000
         c 25,000 -> -5,000 - 5,000 = -10,000 | d 15,000 -> -15,000 - 15,000 = -30,000
table 2: e 40,000 and f 40,000 tie first (3.6.1: (15,000 + 5,000) / 2 = 10,000 each) -> 10,000 + 10,000 = 20,000
         g 22,000 -> -8,000 - 5,000 = -13,000 | h 18,000 -> -12,000 - 15,000 = -27,000
table 3: i 50,000 -> 20,000 + 15,000 = 35,000, chombo after the uma (3.4.6): 35,000 - 20,000 = 15,000
         j 30,000 -> 0 + 5,000 = 5,000 | k 24,000 -> -6,000 - 5,000 = -11,000
         l 16,000 -> -14,000 - 15,000 = -29,000

h has withdrawn (left out of every ranking, 5.8); i is disqualified (ranked below everyone, the result stands,
5.8). The standings: 1 a 30,000 | 2= e 20,000 | 2= f 20,000 | 4 b 10,000 | 5 j 5,000 | 6 c -10,000 | 7 k -11,000
| 8 g -13,000 | 9 l -29,000 | 10 d -30,000 | 11 i 15,000 (disqualified).
"""

import pytest

from scoring.errors import ScoringError
from scoring.limits import MAX_CATEGORY_LENGTH, MAX_GROUP_BEST
from scoring.penalties import CHOMBO, PenaltyInput, penalty_points
from scoring.ruleset import EMA_2016
from scoring.side_rankings import (
    BEST_SESSION,
    DEFAULT_BEST,
    FEWEST_FOURTHS,
    LAST_SESSION,
    MOST_FIRSTS,
    TIE_BREAKS,
    PrizePlace,
    clean_best,
    clean_categories,
    clean_category,
    clean_tie_breaks,
    prize_ranks,
    rank_category,
    rank_groups,
    split_categories,
)
from scoring.standings import DISQUALIFIED, WITHDRAWN, Entrant, PenaltyLine, TablePlay, compute_standings
from scoring.table import FROM_START, SeatInput


def table(session: int, number: int, *seats: tuple) -> TablePlay:
    return TablePlay(
        session, number, [SeatInput(wind, *seat) for wind, seat in zip("ESWN", seats, strict=True)]
    )


EVENT_TABLES = [
    table(1, 1, ("a", 45_000), ("b", 35_000), ("c", 25_000), ("d", 15_000)),
    table(1, 2, ("e", 40_000), ("f", 40_000), ("g", 22_000), ("h", 18_000)),
    table(1, 3, ("i", 50_000), ("j", 30_000), ("k", 24_000), ("l", 16_000)),
]
EVENT_PENALTIES = [PenaltyLine("i", 1, penalty_points(EMA_2016, PenaltyInput(CHOMBO)))]
EVENT_STATUS = {"h": WITHDRAWN, "i": DISQUALIFIED}


def event():
    entrants = [Entrant(key, EVENT_STATUS.get(key, "active")) for key in "abcdefghijkl"]
    return compute_standings(EMA_2016, entrants, EVENT_TABLES, EVENT_PENALTIES)


def test_the_event_standings_are_the_hand_worked_ones():
    assert [(row.rank, row.tied, row.player, row.total) for row in event()] == [
        (1, False, "a", 30_000),
        (2, True, "e", 20_000),
        (2, True, "f", 20_000),
        (4, False, "b", 10_000),
        (5, False, "j", 5_000),
        (6, False, "c", -10_000),
        (7, False, "k", -11_000),
        (8, False, "g", -13_000),
        (9, False, "l", -29_000),
        (10, False, "d", -30_000),
        (11, False, "i", 15_000),
    ]


def groups(rows) -> list[tuple]:
    return [(row.rank, row.tied, row.name, row.total, row.counted, row.short) for row in rows]


# -- teams --------------------------------------------------------------------------------------------------------

TEAMS = {
    "a": "Winds",
    "d": "Winds",
    "b": "Circles",
    "c": "Circles",
    "e": "Dragons",
    "g": "Dragons",
    "l": "Dragons",
    "f": "Bamboo",
    "k": "Bamboo",
    "i": "Bamboo",  # disqualified
    "j": "Flowers",
    "h": "Flowers",  # withdrawn
}


def test_teams_best_two():
    """K = 2, members in standings order, the disqualified member after the others:
    Bamboo f 20,000 + k -11,000 = 9,000 (i's 15,000 is better but i is disqualified, so counted third: not counted)
    Dragons e 20,000 + g -13,000 = 7,000 (l -29,000 not counted)
    Circles b 10,000 + c -10,000 = 0 and Winds a 30,000 + d -30,000 = 0: equal totals share 3rd, listed
    alphabetically
    Flowers: only j (h withdrew), fewer than 2: listed after every full team, place 5 although 5,000 > 0."""
    assert groups(rank_groups(event(), TEAMS, best=2)) == [
        (1, False, "Bamboo", 9_000, ("f", "k"), False),
        (2, False, "Dragons", 7_000, ("e", "g"), False),
        (3, True, "Circles", 0, ("b", "c"), False),
        (3, True, "Winds", 0, ("a", "d"), False),
        (5, False, "Flowers", 5_000, ("j",), True),
    ]


def test_teams_every_member():
    """No K: every ranked member counts, the disqualified one too (5.8: the result stands):
    Bamboo 20,000 - 11,000 + 15,000 = 24,000 | Flowers 5,000 (h withdrew: not a member) | Circles 0 | Winds 0
    | Dragons 20,000 - 13,000 - 29,000 = -22,000. Nobody is short without a K."""
    rows = rank_groups(event(), TEAMS)
    assert groups(rows) == [
        (1, False, "Bamboo", 24_000, ("f", "k", "i"), False),
        (2, False, "Flowers", 5_000, ("j",), False),
        (3, True, "Circles", 0, ("b", "c"), False),
        (3, True, "Winds", 0, ("a", "d"), False),
        (5, False, "Dragons", -22_000, ("e", "g", "l"), False),
    ]
    assert rows[0].members == ("f", "k", "i")  # the disqualified member is last in the list too
    assert "h" not in {player for row in rows for player in row.members}


def test_a_team_of_one_when_k_is_three_is_listed_not_refused():
    rows = rank_groups(event(), {"a": "Solo", "b": "Pair", "c": "Pair"}, best=3)
    # both short of 3, so ranked among themselves: Solo a 30,000, then Pair b 10,000 + c -10,000 = 0
    assert groups(rows) == [(1, False, "Solo", 30_000, ("a",), True), (2, False, "Pair", 0, ("b", "c"), True)]


def test_players_without_a_team_are_in_no_group():
    assert groups(rank_groups(event(), {"a": "", "b": "Circles"})) == [
        (1, False, "Circles", 10_000, ("b",), False)
    ]


def test_a_group_name_is_one_group_whatever_its_case_and_spaces():
    """'Lotus', 'lotus' and ' LOTUS ' typed on three players are one club, named as its best member has it."""
    rows = rank_groups(event(), {"a": "Lotus", "b": "lotus", "c": " LOTUS ", "d": "Tsumo"})
    assert groups(rows) == [
        (1, False, "Lotus", 30_000, ("a", "b", "c"), False),
        (2, False, "Tsumo", -30_000, ("d",), False),
    ]


# -- countries and clubs ------------------------------------------------------------------------------------------

COUNTRIES = (
    dict.fromkeys("abek", "NED") | dict.fromkeys("cdfg", "GER") | dict.fromkeys("ijl", "FRA") | {"h": "DEN"}
)


def test_countries_count_the_best_three_by_default():
    """DEFAULT_BEST country = 3. NED a 30,000 + e 20,000 + b 10,000 = 60,000 (k -11,000 not counted);
    GER f 20,000 + c -10,000 + g -13,000 = -3,000 (d -30,000 not counted); FRA j 5,000 + l -29,000 + i 15,000
    (disqualified, third: counted) = -9,000; DEN has only h, who withdrew: not listed."""
    assert DEFAULT_BEST["country"] == 3
    assert groups(rank_groups(event(), COUNTRIES, best=DEFAULT_BEST["country"])) == [
        (1, False, "NED", 60_000, ("a", "e", "b"), False),
        (2, False, "GER", -3_000, ("f", "c", "g"), False),
        (3, False, "FRA", -9_000, ("j", "l", "i"), False),
    ]


def test_clubs_sum_every_member_by_default():
    """Lotus a 30,000 + f 20,000 + l -29,000 = 21,000; Tsumo e 20,000 + b 10,000 + c -10,000 = 20,000; Riichi d
    -30,000 (h withdrew); the other players have no club."""
    clubs = dict.fromkeys("afl", "Lotus") | dict.fromkeys("bec", "Tsumo") | {"d": "Riichi", "h": "Riichi"}
    assert DEFAULT_BEST["club"] is None
    assert groups(rank_groups(event(), clubs, best=DEFAULT_BEST["club"])) == [
        (1, False, "Lotus", 21_000, ("a", "f", "l"), False),
        (2, False, "Tsumo", 20_000, ("e", "b", "c"), False),
        (3, False, "Riichi", -30_000, ("d",), False),
    ]


# -- categories ---------------------------------------------------------------------------------------------------


def test_a_category_ranks_its_players_among_themselves_with_their_overall_place():
    """Newcomers e, f (spelt 'Newcomer'), j, c, i (disqualified) and h (withdrawn): e and f share 1st at 20,000
    (overall 2=), j 3rd (overall 5), c 4th (overall 6), i last although 15,000 (overall 11); h is not ranked."""
    categories = {key: ["newcomer"] for key in "ejcih"} | {"f": ["Newcomer", "ladies"], "a": ["ladies"]}
    rows = rank_category(event(), categories, " NEWCOMER ")
    assert [(row.rank, row.tied, row.player, row.overall.rank, row.overall.tied) for row in rows] == [
        (1, True, "e", 2, True),
        (1, True, "f", 2, True),
        (3, False, "j", 5, False),
        (4, False, "c", 6, False),
        (5, False, "i", 11, False),
    ]
    ladies = rank_category(event(), categories, "ladies")
    assert [(row.rank, row.tied, row.player, row.overall.rank) for row in ladies] == [
        (1, False, "a", 1),
        (2, False, "f", 2),
    ]
    assert rank_category(event(), categories, "junior") == ()


# -- tie-breaks for prizes ----------------------------------------------------------------------------------------
#
# TIE: four players p, q, r, s at one table for three sessions; p and q tie for first.
# session 1: p 60,000 -> 30,000 + 15,000 = 45,000 | r 23,000 -> -7,000 + 5,000 = -2,000
#            s 20,000 -> -10,000 - 5,000 = -15,000 | q 17,000 -> -13,000 - 15,000 = -28,000 (q's fourth)
# session 2: q 59,000 -> 29,000 + 15,000 = 44,000 | p 31,000 -> 1,000 + 5,000 = 6,000
#            r 16,000 -> -14,000 - 5,000 = -19,000 | s 14,000 -> -16,000 - 15,000 = -31,000
# session 3: q 59,000 -> 44,000 | p 34,000 -> 4,000 + 5,000 = 9,000
#            r 13,500 and s 13,500 tie third (3.6.1: (-5,000 - 15,000) / 2 = -10,000 each) -> -16,500 - 10,000
#            = -26,500 each (so nobody is fourth in session 3)
# totals: p 45,000 + 6,000 + 9,000 = 60,000 | q -28,000 + 44,000 + 44,000 = 60,000 (tied first)
#         r -2,000 - 19,000 - 26,500 = -47,500 | s -15,000 - 31,000 - 26,500 = -72,500
# p: best session 45,000, one first, no fourth, last session 9,000
# q: best session 44,000, two firsts, one fourth, last session 44,000

TIE_TABLES = [
    table(1, 1, ("p", 60_000), ("q", 17_000), ("r", 23_000), ("s", 20_000)),
    table(2, 1, ("p", 31_000), ("q", 59_000), ("r", 16_000), ("s", 14_000)),
    table(3, 1, ("p", 34_000), ("q", 59_000), ("r", 13_500), ("s", 13_500)),
]


def tie(tables=TIE_TABLES, penalties=()):
    return compute_standings(EMA_2016, [Entrant(key) for key in "pqrs"], tables, penalties)


def places(rows, tie_breaks) -> list[tuple]:
    ranks = prize_ranks(rows, tie_breaks)
    return [(row.player, row.rank, ranks[row.player]) for row in rows]


def test_the_tie_is_the_hand_worked_one():
    assert [(row.rank, row.tied, row.player, row.total) for row in tie()] == [
        (1, True, "p", 60_000),
        (1, True, "q", 60_000),
        (3, False, "r", -47_500),
        (4, False, "s", -72_500),
    ]


def test_without_tie_breaks_the_prize_place_is_the_shared_rank():
    assert places(tie(), []) == [
        ("p", 1, PrizePlace(1, True)),
        ("q", 1, PrizePlace(1, True)),
        ("r", 3, PrizePlace(3, False)),
        ("s", 4, PrizePlace(4, False)),
    ]


@pytest.mark.parametrize(
    ("tie_breaks", "winner"),
    [
        ([BEST_SESSION], "p"),  # 45,000 > 44,000
        ([MOST_FIRSTS], "q"),  # two firsts > one
        ([FEWEST_FOURTHS], "p"),  # none < one
        ([LAST_SESSION], "q"),  # 44,000 > 9,000 in session 3
        ([MOST_FIRSTS, BEST_SESSION], "q"),  # the first tie-break that differs decides
        ([BEST_SESSION, MOST_FIRSTS], "p"),
    ],
)
def test_a_tie_for_first_is_broken_by_the_first_tie_break_that_differs(tie_breaks, winner):
    ranks = prize_ranks(tie(), tie_breaks)
    loser = "q" if winner == "p" else "p"
    assert (ranks[winner], ranks[loser]) == (PrizePlace(1, False), PrizePlace(2, False))
    assert (ranks["r"], ranks["s"]) == (PrizePlace(3, False), PrizePlace(4, False))


def test_an_equal_tie_break_passes_to_the_next():
    """TIE and a fourth session where p and q tie first with 40,000 each (3.6.1: 10,000 + 10,000 = 20,000 each;
    r 25,000 -> -5,000 - 5,000 = -10,000; s 15,000 -> -15,000 - 15,000 = -30,000): p and q have 80,000 each and
    the same last session (20,000), so last_session passes the tie to the next tie-break; alone it leaves it."""
    rows = tie([*TIE_TABLES, table(4, 1, ("p", 40_000), ("q", 40_000), ("r", 25_000), ("s", 15_000))])
    assert [(row.player, row.total) for row in rows[:2]] == [("p", 80_000), ("q", 80_000)]
    assert prize_ranks(rows, [LAST_SESSION])["p"] == PrizePlace(1, True)
    assert prize_ranks(rows, [LAST_SESSION, BEST_SESSION])["p"] == PrizePlace(1, False)  # 45,000 > 44,000
    assert prize_ranks(rows, [LAST_SESSION, MOST_FIRSTS])["q"] == PrizePlace(1, False)  # three firsts > two


def test_an_unbreakable_tie_stays_shared():
    """EVENT: e and f tied first at table 2 with 40,000 each (place 1 both), one session: the same best session
    (20,000), one first each, no fourth, the same last session: every tie-break is equal, so 2= stays."""
    ranks = prize_ranks(event(), list(TIE_BREAKS))
    assert ranks["e"] == ranks["f"] == PrizePlace(2, True)
    assert ranks["a"] == PrizePlace(1, False)
    assert ranks["b"] == PrizePlace(4, False)
    assert ranks["i"] == PrizePlace(11, False)  # disqualified: last whatever the tie-breaks
    assert "h" not in ranks  # withdrawn


def test_last_session_is_the_last_with_a_table_result():
    """A lateness of r in session 4, whose tables are not entered (5.7: 2 minutes, 2,000): session 3 is still the
    last session played, so q (44,000 there) wins; were session 4 counted, p and q (0 each) would stay tied."""
    lateness = [PenaltyLine("r", 4, 2_000)]
    ranks = prize_ranks(tie(penalties=lateness), [LAST_SESSION])
    assert (ranks["q"], ranks["p"]) == (PrizePlace(1, False), PrizePlace(2, False))


# SUBSTITUTED: p, q, r, s; q's seat in session 1 is played from the start by a substitute (5.8), who wins it.
# session 1: substitute 50,000 (placed first, recorded for q as -15,000 score and -15,000 uma = -30,000, 5.8)
#            p 30,000 -> 0 + 5,000 = 5,000 | r 25,000 -> -5,000 - 5,000 = -10,000
#            s 15,000 -> -15,000 - 15,000 = -30,000
# session 2: q 60,000 -> 30,000 + 15,000 = 45,000 | s 30,000 -> 0 + 5,000 = 5,000
#            r 20,000 -> -10,000 - 5,000 = -15,000 | p 10,000 -> -20,000 - 15,000 = -35,000 (p's fourth)
# session 3: p 65,000 -> 35,000 + 15,000 = 50,000 | q 30,000 -> 0 + 5,000 = 5,000
#            r 13,000 -> -17,000 - 5,000 = -22,000 | s 12,000 -> -18,000 - 15,000 = -33,000
# totals: p 5,000 - 35,000 + 50,000 = 20,000 | q -30,000 + 45,000 + 5,000 = 20,000 (tied first)
# firsts: p one (session 3), q one (session 2: the substitute's first is not q's); fourths: p one (session 2), q
# one (session 1: recorded with the last place's uma, 5.8); best session: p 50,000, q 45,000.

SUBSTITUTED_TABLES = [
    table(1, 1, ("p", 30_000), ("q", 50_000, FROM_START), ("r", 25_000), ("s", 15_000)),
    table(2, 1, ("p", 10_000), ("q", 60_000), ("r", 20_000), ("s", 30_000)),
    table(3, 1, ("p", 65_000), ("q", 30_000), ("r", 13_000), ("s", 12_000)),
]


def test_a_substituted_seat_counts_as_a_fourth_and_never_as_a_first():
    rows = tie(SUBSTITUTED_TABLES)
    assert [(row.rank, row.tied, row.player, row.total) for row in rows[:2]] == [
        (1, True, "p", 20_000),
        (1, True, "q", 20_000),
    ]
    assert prize_ranks(rows, [MOST_FIRSTS, FEWEST_FOURTHS])["q"] == PrizePlace(1, True)
    ranks = prize_ranks(rows, [MOST_FIRSTS, FEWEST_FOURTHS, BEST_SESSION])
    assert (ranks["p"], ranks["q"]) == (PrizePlace(1, False), PrizePlace(2, False))


# -- bad input ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["", "   ", "x" * (MAX_CATEGORY_LENGTH + 1), "x" * 60])
def test_a_category_empty_or_40_characters_or_more_is_refused(name):
    with pytest.raises(ScoringError) as refused:
        clean_category(name)
    assert refused.value.code == ("category_empty" if not name.strip() else "category_too_long")


def test_a_category_of_39_characters_is_kept_trimmed():
    assert MAX_CATEGORY_LENGTH == 39
    assert clean_category("  " + "x" * 39 + " ") == "x" * 39
    assert clean_category(" best   newcomer ") == "best newcomer"


def test_categories_are_split_on_semicolons_and_kept_once_ignoring_case():
    assert split_categories("newcomer; Ladies;;NEWCOMER ; junior") == ["newcomer", "Ladies", "junior"]
    with pytest.raises(ScoringError) as refused:
        clean_categories(f"c{n}" for n in range(11))
    assert refused.value.code == "too_many_categories"


def test_rank_category_refuses_an_empty_name():
    with pytest.raises(ScoringError) as refused:
        rank_category(event(), {}, " ")
    assert refused.value.code == "category_empty"


@pytest.mark.parametrize("best", [0, -1, MAX_GROUP_BEST + 1, True, 2.5, "3"])
def test_best_out_of_range_is_refused(best):
    with pytest.raises(ScoringError) as refused:
        rank_groups(event(), TEAMS, best=best)
    assert refused.value.code == "best_out_of_range"


def test_best_from_1_to_the_limit_is_kept():
    assert clean_best(1) == 1
    assert clean_best(MAX_GROUP_BEST) == MAX_GROUP_BEST
    assert clean_best(None) is None


def test_an_unknown_tie_break_is_refused():
    with pytest.raises(ScoringError) as refused:
        prize_ranks(tie(), [BEST_SESSION, "coin_toss"])
    assert refused.value.code == "unknown_tie_break"
    assert "coin_toss" in refused.value.message


def test_a_tie_break_chosen_twice_is_refused():
    with pytest.raises(ScoringError) as refused:
        clean_tie_breaks([MOST_FIRSTS, LAST_SESSION, MOST_FIRSTS])
    assert refused.value.code == "tie_break_twice"
    assert clean_tie_breaks([]) == []


def test_a_player_has_at_most_ten_categories():
    """scoring.limits.MAX_CATEGORIES: ten are kept, the eleventh is refused."""
    ten = [f"category {n}" for n in range(1, 11)]
    assert clean_categories(ten) == ten
    with pytest.raises(ScoringError) as refused:
        clean_categories([*ten, "one more"])
    assert refused.value.code == "too_many_categories"


def test_a_long_category_is_named_by_its_first_60_characters():
    """A refused name is quoted, but not whole: its first 60 characters."""
    with pytest.raises(ScoringError) as refused:
        clean_category("n" * 70)
    assert refused.value.params["name"] == "n" * 60
    assert refused.value.message == f"category '{'n' * 60}' is longer than 39 characters"


def test_an_unknown_tie_break_is_named_by_its_first_60_characters():
    with pytest.raises(ScoringError) as refused:
        clean_tie_breaks(["t" * 70])
    assert refused.value.params["name"] == "t" * 60
    assert refused.value.message.startswith(f"unknown tie-break '{'t' * 60}'; use best_session")


def test_groups_level_on_total_are_listed_alphabetically_ignoring_case_and_named_with_single_spaces():
    rows = event()
    groups_of = {"b": "apple", "j": "Banana", "c": "Green  Dragons"}
    ranked = rank_groups(rows, groups_of)
    assert [(group.name, group.total) for group in ranked] == [
        ("apple", 10_000),
        ("Banana", 5_000),
        ("Green Dragons", -10_000),
    ]
    level = rank_groups(
        rows, {"e": "Zebra", "f": "apple"}
    )  # e and f: 20,000 each; in code "Z" comes before "a"
    assert [(group.rank, group.tied, group.name) for group in level] == [
        (1, True, "apple"),
        (1, True, "Zebra"),
    ]
