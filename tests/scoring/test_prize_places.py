"""Who holds a prize's place (scoring.side_rankings): the places for prizes after the tie-breaks, a category's own
places, a tie the tie-breaks cannot break, and which tie-break settled a place.

The standings keep shared places (rules-interpretation.md section 4; EMA 2016, the EMA results file): equal totals
share the rank. Section 4 lets a tournament configure tie-breakers ("more first places, best single session")
for its prizes; players stay level only when every tie-break is equal too.

Six players, two sessions (session results worked by hand; place = place at the table):

    a: session 1 +30,000 (1st), session 2 +10,000 (2nd)  -> 40,000, best session 30,000, one first
    b: session 1 +20,000 (1st), session 2 +20,000 (1st)  -> 40,000, best session 20,000, two firsts
    c: session 1  +5,000 (2nd), session 2  +5,000 (2nd)  -> 10,000
    d: session 1  +5,000 (2nd), session 2  +5,000 (2nd)  -> 10,000, level with c on everything
    e: session 1  -2,000 (3rd), session 2  -3,000 (3rd)  ->  -5,000
    f: session 1 -20,000 (4th), session 2 -30,000 (4th)  -> -50,000

Standings (section 4): a 1=, b 1=, c 3=, d 3=, e 5, f 6. Newcomers: b, d, e.
"""

from scoring.ruleset import EMA_2016
from scoring.side_rankings import (
    BEST_SESSION,
    FEWEST_FOURTHS,
    LAST_SESSION,
    MOST_FIRSTS,
    PrizePlace,
    category_prize_ranks,
    deciding_tie_breaks,
    place_holders,
    prize_ranks,
)
from scoring.standings import (
    DISQUALIFIED,
    Entrant,
    PenaltyLine,
    SessionLine,
    StandingRow,
    TablePlay,
    compute_standings,
)
from scoring.table import SeatInput

SESSIONS = {
    "a": ((30_000, 1), (10_000, 2)),
    "b": ((20_000, 1), (20_000, 1)),
    "c": ((5_000, 2), (5_000, 2)),
    "d": ((5_000, 2), (5_000, 2)),
    "e": ((-2_000, 3), (-3_000, 3)),
    "f": ((-20_000, 4), (-30_000, 4)),
}
RANKS = {"a": (1, True), "b": (1, True), "c": (3, True), "d": (3, True), "e": (5, False), "f": (6, False)}
NEWCOMERS = {"b": ["newcomer"], "d": ["Newcomer", "junior"], "e": ["newcomer"]}


def row(player: str, status: str = "active") -> StandingRow:
    lines = tuple(
        SessionLine(number, 1, "E", None, total, 0, 0, None, total, place)
        for number, (total, place) in enumerate(SESSIONS[player], start=1)
    )
    rank, tied = RANKS[player]
    return StandingRow(rank, tied, player, status, lines, sum(line.total for line in lines))


ROWS = [row(player) for player in "abcdef"]


def test_without_tie_breaks_the_places_for_prizes_are_the_shared_standings_places():
    assert prize_ranks(ROWS, []) == {
        "a": PrizePlace(1, True),
        "b": PrizePlace(1, True),
        "c": PrizePlace(3, True),
        "d": PrizePlace(3, True),
        "e": PrizePlace(5, False),
        "f": PrizePlace(6, False),
    }


def test_a_tie_for_first_is_broken_by_the_best_session_and_named():
    """a's best session (30,000) beats b's (20,000): a first, b second, both settled by best_session; c and d are
    level on it too (5,000 each), so they stay tied and nothing settled their places."""
    places = prize_ranks(ROWS, [BEST_SESSION])
    assert places["a"] == PrizePlace(1, False)
    assert places["b"] == PrizePlace(2, False)
    assert places["c"] == places["d"] == PrizePlace(3, True)
    assert place_holders(places, 1) == ("a",)
    assert place_holders(places, 2) == ("b",)
    assert deciding_tie_breaks(ROWS, [BEST_SESSION]) == {"a": BEST_SESSION, "b": BEST_SESSION}


def test_the_order_of_the_tie_breaks_counts():
    """most_firsts first: b has two firsts, a one, so b wins where best_session made a win."""
    places = prize_ranks(ROWS, [MOST_FIRSTS, BEST_SESSION])
    assert place_holders(places, 1) == ("b",)
    assert deciding_tie_breaks(ROWS, [MOST_FIRSTS, BEST_SESSION])["b"] == MOST_FIRSTS


def test_a_tie_the_tie_breaks_cannot_break_holds_every_place_it_covers():
    """c and d are level on every tie-break: they share place 3, and so hold the prizes of places 3 and 4;
    e is fifth, and nobody is seventh."""
    places = prize_ranks(ROWS, [BEST_SESSION, MOST_FIRSTS, FEWEST_FOURTHS])
    assert place_holders(places, 3) == ("c", "d")
    assert place_holders(places, 4) == ("c", "d")
    assert place_holders(places, 5) == ("e",)
    assert place_holders(places, 7) == ()
    assert "c" not in deciding_tie_breaks(ROWS, [BEST_SESSION, MOST_FIRSTS, FEWEST_FOURTHS])


def test_the_last_tie_break_needed_settles_the_place():
    """Three level at 10,000: g's best session (8,000) beats c and d (5,000 each); c and d differ on nothing, so
    g's place is settled by best_session and c and d stay tied."""
    g = StandingRow(
        3,
        True,
        "g",
        "active",
        (
            SessionLine(1, 2, "S", None, 8_000, 0, 0, None, 8_000, 1),
            SessionLine(2, 2, "S", None, 2_000, 0, 0, None, 2_000, 2),
        ),
        10_000,
    )
    rows = [*ROWS[:4], g, *ROWS[4:]]
    assert deciding_tie_breaks(rows, [BEST_SESSION]) == {
        "a": BEST_SESSION,
        "b": BEST_SESSION,
        "g": BEST_SESSION,
    }
    places = prize_ranks(rows, [BEST_SESSION])
    assert place_holders(places, 3) == ("g",)
    assert place_holders(places, 4) == ("c", "d")


def test_a_category_prize_ranks_the_categorys_players_by_their_prize_places():
    """Newcomers b (40,000), d (10,000), e (-5,000), the category's name compared ignoring case: places 1, 2, 3;
    the tie-break does not matter here (no two newcomers are level)."""
    places = category_prize_ranks(ROWS, NEWCOMERS, "NEWCOMER", [BEST_SESSION])
    assert places == {"b": PrizePlace(1, False), "d": PrizePlace(2, False), "e": PrizePlace(3, False)}
    assert place_holders(places, 1) == ("b",)


def test_a_disqualified_player_wins_no_place_ahead_of_the_others():
    """Disqualified players are ranked last (section 4), for prizes as in the standings: b disqualified, the
    newcomers' first is d."""
    rows = [*ROWS[:1], row("b", DISQUALIFIED), *ROWS[2:]]
    places = category_prize_ranks(rows, NEWCOMERS, "newcomer", [])
    assert place_holders(places, 1) == ("d",)
    assert places["b"] == PrizePlace(3, False)


# -- issue 32: each rule case pinned -------------------------------------------------------------------------------


def line(session: int, total: int, place: int, penalties: int = 0) -> SessionLine:
    return SessionLine(session, 1, "E", None, total + penalties, 0, penalties, None, total, place)


def test_three_tied_one_decided_by_the_first_tie_break_two_by_the_second():
    """The docstring's own case (section 4's tie-breakers): x, y and z level at 30,000. Best session: x 25,000,
    y and z 20,000 each: x is ahead of both on best_session. Firsts: y two (20,000 + 10,000, both firsts), z one
    (20,000 first, 10,000 second): y ahead of z on most_firsts. So x is placed by best_session, and y and z, who
    needed the second tie-break between them, by most_firsts: places 1, 2, 3, nobody tied."""
    rows = [
        StandingRow(1, True, "x", "active", (line(1, 25_000, 1), line(2, 5_000, 2)), 30_000),
        StandingRow(1, True, "y", "active", (line(1, 20_000, 1), line(2, 10_000, 1)), 30_000),
        StandingRow(1, True, "z", "active", (line(1, 20_000, 1), line(2, 10_000, 2)), 30_000),
    ]
    tie_breaks = [BEST_SESSION, MOST_FIRSTS]
    assert deciding_tie_breaks(rows, tie_breaks) == {"x": BEST_SESSION, "y": MOST_FIRSTS, "z": MOST_FIRSTS}
    assert prize_ranks(rows, tie_breaks) == {
        "x": PrizePlace(1, False),
        "y": PrizePlace(2, False),
        "z": PrizePlace(3, False),
    }


def test_the_best_session_counts_the_penalties_in_it():
    """Best session is the best session result, penalties deducted (3.4.6: after the uma). p and q level at 40,000
    over two sessions, from real tables (EMA 2016, 3.6, 3.6.1):

    session 1: p 60,000 -> 30,000 + 15,000 = 45,000, a chombo (20,000) -> 25,000 | q 35,000 -> 5,000 + 5,000
               = 10,000 | r 15,000 -> -15,000 - 5,000 = -20,000 | s 10,000 -> -20,000 - 15,000 = -35,000
    session 2: q 45,000 -> 15,000 + 15,000 = 30,000 | p 40,000 -> 10,000 + 5,000 = 15,000
               | r 20,000 -> -10,000 - 5,000 = -15,000 | s 15,000 -> -15,000 - 15,000 = -30,000

    p's best session is 25,000 (not the 45,000 before the chombo), q's 30,000: q wins the tie on best_session."""
    tables = [
        TablePlay(
            1,
            1,
            [
                SeatInput(w, k, raw)
                for w, k, raw in zip("ESWN", "pqrs", (60_000, 35_000, 15_000, 10_000), strict=True)
            ],
        ),
        TablePlay(
            2,
            1,
            [
                SeatInput(w, k, raw)
                for w, k, raw in zip("ESWN", "pqrs", (40_000, 45_000, 20_000, 15_000), strict=True)
            ],
        ),
    ]
    rows = compute_standings(
        EMA_2016, [Entrant(key) for key in "pqrs"], tables, [PenaltyLine("p", 1, 20_000)]
    )
    assert [(row.rank, row.tied, row.player, row.total) for row in rows[:2]] == [
        (1, True, "p", 40_000),
        (1, True, "q", 40_000),
    ]
    ranks = prize_ranks(rows, [BEST_SESSION])
    assert (ranks["q"], ranks["p"]) == (PrizePlace(1, False), PrizePlace(2, False))
    assert deciding_tie_breaks(rows, [BEST_SESSION]) == {"p": BEST_SESSION, "q": BEST_SESSION}


def test_a_player_without_a_session_result_has_a_best_session_of_nothing():
    """Best session of a player with no session line is 0: level at 0 with a player whose two sessions were 0
    each (best 0), the tie stays; a player whose best was +1,000 (and -1,000) is ahead of both."""
    rows = [
        StandingRow(1, True, "x", "active", (), 0),
        StandingRow(1, True, "y", "active", (line(1, 0, 2), line(2, 0, 2)), 0),
        StandingRow(1, True, "z", "active", (line(1, 1_000, 2), line(2, -1_000, 3)), 0),
    ]
    assert prize_ranks(rows, [BEST_SESSION]) == {
        "z": PrizePlace(1, False),
        "x": PrizePlace(2, True),
        "y": PrizePlace(2, True),
    }


def test_the_last_session_before_any_table_result_counts_nothing():
    """Only penalties so far (no table result in any session): there is no last session played, so last_session
    leaves the tie as it is (5.7: two lateness penalties of 2,000 each)."""
    rows = [
        StandingRow(
            1, True, "x", "active", (SessionLine(1, None, None, None, 0, 0, 2_000, None, -2_000),), -2_000
        ),
        StandingRow(
            1, True, "y", "active", (SessionLine(1, None, None, None, 0, 0, 2_000, None, -2_000),), -2_000
        ),
    ]
    assert prize_ranks(rows, [LAST_SESSION]) == {"x": PrizePlace(1, True), "y": PrizePlace(1, True)}
