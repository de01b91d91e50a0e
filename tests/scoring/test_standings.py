"""Standings of a small hand-worked event (rules-interpretation.md section 4; EMA 2016 3.6.1, 3.4.6, 5.7, 5.8).

Eight players a..h, two sessions. Session results (score + uma, 3.6 / 3.6.1), worked by hand:

session 1, table 1: a E 41,200 -> 11,200 + 15,000 = 26,200 | b S 30,900 -> 900 + 5,000 = 5,900
                    c W 25,700 -> -4,300 - 5,000 = -9,300  | d N 22,200 -> -7,800 - 15,000 = -22,800
session 1, table 2: e E 40,000 and f S 40,000 tie first -> 10,000 + 10,000 = 20,000 each
                    g W 25,000 -> -5,000 - 5,000 = -10,000 | h N 15,000 -> -15,000 - 15,000 = -30,000
session 2, table 1: a E 30,000 (2nd) -> 0 + 5,000 = 5,000   | e S 35,000 (1st) -> 5,000 + 15,000 = 20,000
                    g W 28,000 (3rd) -> -2,000 - 5,000 = -7,000 | c N 27,000 (4th) -> -3,000 - 15,000 = -18,000
session 2, table 2: b E 32,000 and f S 32,000 tie first -> 2,000 + 10,000 = 12,000 each
                    d W 31,000 (3rd) -> 1,000 - 5,000 = -4,000 | h N 25,000 (4th) -> -5,000 - 15,000 = -20,000
penalties: a chombo in session 2 (3.4.6: 20,000); d 3 minutes late in session 1 (5.7: 3,000)

totals: a 26,200 + 5,000 - 20,000 = 11,200 | b 5,900 + 12,000 = 17,900 | c -9,300 - 18,000 = -27,300
        d -22,800 - 3,000 - 4,000 = -29,800 | e 20,000 + 20,000 = 40,000 | f 20,000 + 12,000 = 32,000
        g -10,000 - 7,000 = -17,000 | h -30,000 - 20,000 = -50,000
"""

import pytest

from scoring.ruleset import EMA_2016
from scoring.standings import (
    DISQUALIFIED,
    WITHDRAWN,
    Entrant,
    PenaltyLine,
    SessionLine,
    StandingRow,
    TablePlay,
    compute_standings,
    rank_totals,
    ranks_after_sessions,
    session_result,
)
from scoring.table import FROM_START, SeatInput, SeatOutcome

TABLES = [
    TablePlay(
        1,
        1,
        [
            SeatInput("E", "a", 41_200),
            SeatInput("S", "b", 30_900),
            SeatInput("W", "c", 25_700),
            SeatInput("N", "d", 22_200),
        ],
    ),
    TablePlay(
        1,
        2,
        [
            SeatInput("E", "e", 40_000),
            SeatInput("S", "f", 40_000),
            SeatInput("W", "g", 25_000),
            SeatInput("N", "h", 15_000),
        ],
    ),
    TablePlay(
        2,
        1,
        [
            SeatInput("E", "a", 30_000),
            SeatInput("S", "e", 35_000),
            SeatInput("W", "g", 28_000),
            SeatInput("N", "c", 27_000),
        ],
    ),
    TablePlay(
        2,
        2,
        [
            SeatInput("E", "b", 32_000),
            SeatInput("S", "f", 32_000),
            SeatInput("W", "d", 31_000),
            SeatInput("N", "h", 25_000),
        ],
    ),
]
PENALTIES = [PenaltyLine("a", 2, 20_000), PenaltyLine("d", 1, 3_000)]


def standings(statuses=None, **kwargs):
    statuses = statuses or {}
    entrants = [Entrant(key, statuses.get(key, "active")) for key in "abcdefgh"]
    return compute_standings(EMA_2016, entrants, TABLES, PENALTIES, **kwargs)


def summary(rows):
    return [(row.rank, row.tied, row.player, row.total) for row in rows]


def test_final_standings():
    assert summary(standings()) == [
        (1, False, "e", 40_000),
        (2, False, "f", 32_000),
        (3, False, "b", 17_900),
        (4, False, "a", 11_200),
        (5, False, "g", -17_000),
        (6, False, "c", -27_300),
        (7, False, "d", -29_800),
        (8, False, "h", -50_000),
    ]


def test_after_session_one_equal_totals_share_the_rank():
    # after session 1: a 26,200; e and f 20,000 (shared 2nd, then 4th); b 5,900; c -9,300; g -10,000;
    # d -22,800 - 3,000 = -25,800; h -30,000
    assert summary(standings(after_session=1)) == [
        (1, False, "a", 26_200),
        (2, True, "e", 20_000),
        (2, True, "f", 20_000),
        (4, False, "b", 5_900),
        (5, False, "c", -9_300),
        (6, False, "g", -10_000),
        (7, False, "d", -25_800),
        (8, False, "h", -30_000),
    ]


def test_session_lines_carry_every_part():
    a = next(row for row in standings() if row.player == "a")
    second = a.sessions[1]
    assert (second.session, second.table, second.wind, second.raw) == (2, 1, "E", 30_000)
    assert (second.score, second.uma, second.penalties, second.total) == (0, 5_000, 20_000, -15_000)


def test_disqualified_player_is_ranked_last_whatever_the_total():
    # 5.8: "A disqualified player will be ranked at the bottom of the result list"
    rows = standings({"a": DISQUALIFIED})
    assert summary(rows)[-1] == (8, False, "a", 11_200)
    assert [row.player for row in rows[:7]] == ["e", "f", "b", "g", "c", "d", "h"]
    assert [row.rank for row in rows[:7]] == [1, 2, 3, 4, 5, 6, 7]


def test_disqualified_players_share_ranks_among_themselves():
    rows = standings({"e": DISQUALIFIED, "f": DISQUALIFIED}, after_session=1)
    assert summary(rows)[-2:] == [(7, True, "e", 20_000), (7, True, "f", 20_000)]


def test_withdrawn_player_is_left_out_and_nobody_else_changes():
    # 5.8: a player removed from the results does not appear; nobody else's points change
    rows = standings({"h": WITHDRAWN})
    assert "h" not in [row.player for row in rows]
    assert summary(rows) == summary(standings())[:7]


def test_substituted_player_gets_minus_30000_for_the_session():
    # 5.8: "-15,000 points plus an uma of -15,000 points for each session missed"
    tables = [
        TablePlay(
            1,
            1,
            [
                SeatInput("E", "a", 45_000, FROM_START),
                SeatInput("S", "b", 35_000),
                SeatInput("W", "c", 25_000),
                SeatInput("N", "d", 15_000),
            ],
        )
    ]
    rows = compute_standings(EMA_2016, [Entrant(k) for k in "abcd"], tables)
    assert {row.player: row.total for row in rows} == {"a": -30_000, "b": 10_000, "c": -10_000, "d": -30_000}
    assert [(row.rank, row.player) for row in rows] == [(1, "b"), (2, "c"), (3, "a"), (3, "d")]
    assert rows[2].sessions[0].substitute == FROM_START


def test_penalty_without_an_entered_table_still_counts():
    rows = compute_standings(EMA_2016, [Entrant("x")], [], [PenaltyLine("x", 4, 2_000)])
    assert rows[0].total == -2_000
    assert rows[0].sessions[0].table is None


def test_a_bad_table_names_session_and_table():
    bad = [TablePlay(3, 9, [SeatInput(w, w, 30_100) for w in "ESWN"])]
    with pytest.raises(ValueError, match="session 3, table 9"):
        compute_standings(EMA_2016, [Entrant(w) for w in "ESWN"], bad)


# --- a session's result: score + uma - penalties, one home (scoring.standings.session_result) ---------------

A_SESSION_2 = SeatOutcome(
    "E", "a", 30_000, "", 2, 0, 5_000
)  # 30,000 back from 30,000: score 0; 2nd: uma +5,000


@pytest.mark.parametrize(
    ("outcome", "penalties", "expected"),
    [
        # 3.6: 41,200 - 30,000 = 11,200; 3.6.1: first +15,000 -> 26,200
        (SeatOutcome("E", "a", 41_200, "", 1, 11_200, 15_000), 0, 26_200),
        # 3.4.6: the chombo's 20,000 come off after the uma: 0 + 5,000 - 20,000 = -15,000
        (A_SESSION_2, 20_000, -15_000),
        # 5.7: 3 minutes late is 3,000; -7,800 - 15,000 - 3,000 = -25,800 (3.6, 3.6.1)
        (SeatOutcome("N", "d", 22_200, "", 4, -7_800, -15_000), 3_000, -25_800),
        # a penalty in a session whose table result is not entered yet counts on its own: -20,000
        (None, 20_000, -20_000),
    ],
)
def test_a_session_result_is_score_plus_uma_less_penalties(outcome, penalties, expected):
    assert session_result(outcome, penalties) == expected


def placings(found: dict) -> dict:
    return {player: (place.rank, place.tied, place.total) for player, place in found.items()}


def test_ranks_after_each_session_from_the_running_totals():
    """Section 4: rank by the total so far, equal totals share the rank. Running totals (module docstring):
    after 1: a 26,200; e, f 20,000 (2=); b 5,900; c -9,300; g -10,000; d -22,800 - 3,000 = -25,800; h -30,000
    after 2: the final totals: e 40,000; f 32,000; b 17,900; a 11,200; g -17,000; c -27,300; d -29,800; h -50,000"""
    found = ranks_after_sessions(standings(), [1, 2])
    assert placings(found[1]) == {
        "a": (1, False, 26_200),
        "e": (2, True, 20_000),
        "f": (2, True, 20_000),
        "b": (4, False, 5_900),
        "c": (5, False, -9_300),
        "g": (6, False, -10_000),
        "d": (7, False, -25_800),
        "h": (8, False, -30_000),
    }
    assert placings(found[2]) == {
        "e": (1, False, 40_000),
        "f": (2, False, 32_000),
        "b": (3, False, 17_900),
        "a": (4, False, 11_200),
        "g": (5, False, -17_000),
        "c": (6, False, -27_300),
        "d": (7, False, -29_800),
        "h": (8, False, -50_000),
    }


@pytest.mark.parametrize("statuses", [{}, {"e": DISQUALIFIED}, {"a": DISQUALIFIED, "h": WITHDRAWN}])
def test_ranks_after_each_session_are_the_standings_after_that_session(statuses):
    found = ranks_after_sessions(standings(statuses), [1, 2])
    for session in (1, 2):
        expected = {
            row.player: (row.rank, row.tied, row.total) for row in standings(statuses, after_session=session)
        }
        assert placings(found[session]) == expected


def test_a_disqualified_player_is_placed_below_everyone_after_each_session():
    """Section 4 (5.5, 5.8): e disqualified. After session 1 e's 20,000 no longer shares 2nd with f: f is 2nd
    alone, everybody below moves up one, e is 8th; after session 2 e (40,000) is 8th, f (32,000) 1st."""
    found = ranks_after_sessions(standings({"e": DISQUALIFIED}), [1, 2])
    assert placings(found[1])["f"] == (2, False, 20_000)
    assert placings(found[1])["h"] == (7, False, -30_000)
    assert placings(found[1])["e"] == (8, False, 20_000)
    assert placings(found[2])["f"] == (1, False, 32_000)
    assert placings(found[2])["e"] == (8, False, 40_000)


def test_a_player_without_a_result_yet_has_a_total_of_nothing():
    """Section 4: the total is the sum of the session results; a player who played only session 2 (x: +5,000)
    stands at 0 after session 1, between b (+5,900) and c (-9,300)."""
    rows = standings() + (
        StandingRow(
            0, False, "x", "active", (SessionLine(2, 3, "E", 35_000, 5_000, 0, 0, None, 5_000),), 5_000
        ),
    )
    found = ranks_after_sessions(rows, [1, 2])
    assert placings(found[1])["x"] == (5, False, 0)
    assert placings(found[1])["c"] == (6, False, -9_300)


def test_rank_totals_leaves_the_withdrawn_out_and_gives_the_missing_zero():
    """Section 4: withdrawn players are not ranked; the disqualified share ranks among themselves (4=)."""
    entrants = [
        Entrant("p"),
        Entrant("q"),
        Entrant("r", WITHDRAWN),
        Entrant("s", DISQUALIFIED),
        Entrant("t", DISQUALIFIED),
        Entrant("u"),
    ]
    found = rank_totals(entrants, {"p": 1_000, "q": -2_000, "r": 9_000, "s": 500, "t": 500})
    assert placings(found) == {
        "p": (1, False, 1_000),
        "u": (2, False, 0),
        "q": (3, False, -2_000),
        "s": (4, True, 500),
        "t": (4, True, 500),
    }


def test_two_penalties_of_one_player_in_one_session_both_count():
    """3.4.6 and 5.7: a chombo (20,000) and a lateness of 3 minutes (3,000) of a in session 2 are both deducted
    after the uma: a's session 2 is 0 + 5,000 - 23,000 = -18,000, the total 26,200 - 18,000 = 8,200 (not 11,200
    nor 23,200: neither penalty replaces the other)."""
    penalties = [*PENALTIES, PenaltyLine("a", 2, 3_000)]
    entrants = [Entrant(key) for key in "abcdefgh"]
    rows = compute_standings(EMA_2016, entrants, TABLES, penalties)
    a = next(row for row in rows if row.player == "a")
    assert (a.sessions[1].penalties, a.sessions[1].total) == (23_000, -18_000)
    assert a.total == 8_200
    assert summary(rows)[3] == (4, False, "a", 8_200)


def test_two_penalties_in_a_session_without_a_table_result_both_count():
    """Two chombos of x in session 4, whose table is not entered yet (3.4.6: 20,000 each): -40,000."""
    penalties = [PenaltyLine("x", 4, 20_000), PenaltyLine("x", 4, 20_000)]
    rows = compute_standings(EMA_2016, [Entrant("x")], [], penalties)
    assert rows[0].total == -40_000
    assert (rows[0].sessions[0].penalties, rows[0].sessions[0].total) == (40_000, -40_000)


def test_a_table_with_lost_sticks_counts_in_the_standings():
    """3.6 with leftover bets lost: a table of 119,000 with one stick left is scored (a 40,000 -> 10,000 + 15,000)."""
    from scoring.ruleset import build_ruleset

    lost = build_ruleset("ema-2016", {"leftover_riichi": "lost"})
    play = TablePlay(
        1,
        1,
        [
            SeatInput(w, k, raw)
            for w, k, raw in zip("ESWN", "abcd", (40_000, 30_000, 29_000, 20_000), strict=True)
        ],
        1,
    )
    rows = compute_standings(lost, [Entrant(k) for k in "abcd"], [play])
    assert [(row.player, row.total) for row in rows] == [
        ("a", 25_000),
        ("b", 5_000),
        ("c", -6_000),
        ("d", -25_000),
    ]
