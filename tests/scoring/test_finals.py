"""The cut and the final ranking (scoring.finals) on the hand-worked event of tests/scoring/finals_event.py (issue
31), every figure there worked by hand from the 2016 book; the carry-over's rounding as an uma split rounds
(rules-interpretation 1.4: to the nearest point, a half away from zero)."""

import pytest

from scoring.errors import ScoringError
from scoring.finals import (
    BY_ORGANISER,
    BY_TOTAL,
    CLEARED,
    HALVED,
    KEPT,
    Cut,
    carried,
    check_cut,
    choose_finalists,
    consolation_players,
    final_ranking,
    seated_by_place,
)
from scoring.ruleset import EMA_2016
from scoring.side_rankings import BEST_SESSION, FEWEST_FOURTHS, MOST_FIRSTS, prize_ranks
from scoring.standings import (
    CONSOLATION,
    DISQUALIFIED,
    FINAL,
    OUT,
    Entrant,
    SessionLine,
    StandingRow,
    TablePlay,
    compute_standings,
)
from scoring.table import FROM_START, WINDS, SeatInput
from tests.scoring.finals_event import CARRY, FINAL_RANKING, FINAL_RAW, FINAL_TABLES, KEYS, REGULAR, TABLES


def plays(with_final: bool = True) -> list[TablePlay]:
    found = [
        TablePlay(session, number, [SeatInput(w, k, r) for w, k, r in zip(WINDS, keys, raw, strict=True)])
        for session, tables in REGULAR.items()
        for number, (keys, raw) in enumerate(zip(TABLES, tables, strict=True), start=1)
    ]
    if with_final:
        for number, (keys, raw) in enumerate(zip(FINAL_TABLES, FINAL_RAW, strict=True), start=1):
            seats = [
                SeatInput(w, k, r, FROM_START if k == "p25" else "")
                for w, k, r in zip(WINDS, keys, raw, strict=True)
            ]
            found.append(TablePlay(7, number, seats))
    return found


def standings(after_session=None, statuses=None):
    entrants = [Entrant(key, (statuses or {}).get(key, "active")) for key in KEYS]
    return compute_standings(EMA_2016, entrants, plays(), after_session=after_session)


def test_the_standings_at_the_cut_are_the_hand_worked_ones():
    rows = standings(after_session=6)
    assert [(r.rank, r.tied, r.player, r.total) for r in rows[:10]] == [
        (1, False, "p01", 60_000),
        (2, False, "p09", 55_000),
        (3, False, "p05", 50_000),
        (4, False, "p14", 37_000),
        (5, False, "p13", 35_000),
        (6, False, "p17", 30_000),
        (7, False, "p25", 25_000),
        (8, True, "p21", 20_000),
        (8, True, "p22", 20_000),
        (10, False, "p10", 17_000),
    ]


def test_best_session_breaks_the_tie_at_places_8_and_9():
    choice = choose_finalists(standings(after_session=6), 8, [BEST_SESSION])
    assert choice.undecided == ()
    assert [player for player, _how in choice.through] == [
        "p01",
        "p09",
        "p05",
        "p14",
        "p13",
        "p17",
        "p25",
        "p21",
    ]
    assert dict(choice.through)["p21"] == BEST_SESSION  # +30,000 against p22's +10,000
    assert dict(choice.through)["p01"] == BY_TOTAL
    # the organiser decides only a tie the tie-breaks leave: naming p22 here changes nothing
    assert choose_finalists(standings(after_session=6), 8, [BEST_SESSION], decided={"p22"}) == choice


def test_a_tie_the_tie_breaks_leave_is_the_organisers_and_names_the_players():
    rows = standings(after_session=6)
    undecided = choose_finalists(rows, 8, [FEWEST_FOURTHS])  # neither was ever fourth
    assert undecided.undecided == ("p21", "p22")
    assert undecided.open_places == 1
    assert len(undecided.through) == 7
    decided = choose_finalists(rows, 8, [FEWEST_FOURTHS], decided={"p22"})
    assert decided.undecided == ()
    assert decided.through[-1] == ("p22", BY_ORGANISER)
    # two chosen for one place, or a player who is not level at the cut, is no decision
    assert choose_finalists(rows, 8, [FEWEST_FOURTHS], decided={"p21", "p22"}).undecided == ("p21", "p22")
    assert choose_finalists(rows, 8, [FEWEST_FOURTHS], decided={"p10"}).undecided == ("p21", "p22")
    assert choose_finalists(rows, 8, [], decided={"p21"}).through[-1] == ("p21", BY_ORGANISER)


def line(session: int, total: int, place: int) -> SessionLine:
    """A session line with what the tie-breaks read: the session's total and the place at the table."""
    return SessionLine(session, 1, "E", None, total, 0, 0, None, total, place)


def row(rank: int, tied: bool, player: str, *sessions: tuple[int, int]) -> StandingRow:
    lines = tuple(line(number, total, place) for number, (total, place) in enumerate(sessions, start=1))
    return StandingRow(rank, tied, player, "active", lines, sum(total for total, _place in sessions))


# Top 4 after three sessions: p1 alone above the line (50,000); p2 to p5 level at 20,000 for the last three places,
# listed as the standings list a shared place (by key). Tie-breaks best_session, then most_firsts (smaller key is
# better: (-best session, -firsts)):
#   p5  +30,000 (1st)  -5,000 (3rd)  -5,000 (3rd)   best 30,000, 1 first   (-30000, -1)
#   p4  +25,000 (1st) +15,000 (1st) -20,000 (4th)   best 25,000, 2 firsts  (-25000, -2)
#   p3  +25,000 (1st)  +5,000 (2nd) -10,000 (3rd)   best 25,000, 1 first   (-25000, -1)
#   p2  +10,000 (2nd) +10,000 (2nd)       0 (2nd)   best 10,000, 0 firsts  (-10000,  0)
# By the tie-breaks: p5, p4, p3, p2. Three places: p5 is ahead of p3 (the third of the level, the edge) on
# best_session; p4 is ahead of p3 on most_firsts alone (the same best session); p3 takes the last place ahead of p2
# on best_session. p2 is out though first of the four in the standings' order.
LEVEL_AT_THE_CUT = [
    row(1, False, "p1", (30_000, 1), (10_000, 2), (10_000, 2)),
    row(2, True, "p2", (10_000, 2), (10_000, 2), (0, 2)),
    row(2, True, "p3", (25_000, 1), (5_000, 2), (-10_000, 3)),
    row(2, True, "p4", (25_000, 1), (15_000, 1), (-20_000, 4)),
    row(2, True, "p5", (30_000, 1), (-5_000, 3), (-5_000, 3)),
    row(6, False, "p6", (0, 2), (0, 2), (-10_000, 3)),
]


def test_each_finalist_level_at_the_cut_goes_through_on_the_first_tie_break_that_puts_them_ahead():
    assert [r.total for r in LEVEL_AT_THE_CUT] == [50_000, 20_000, 20_000, 20_000, 20_000, -10_000]
    choice = choose_finalists(LEVEL_AT_THE_CUT, 4, [BEST_SESSION, MOST_FIRSTS])
    assert choice == (
        (("p1", BY_TOTAL), ("p5", BEST_SESSION), ("p4", MOST_FIRSTS), ("p3", BEST_SESSION)),
        (),
        0,
    )


def test_a_cut_on_a_clear_total_needs_no_tie_break():
    choice = choose_finalists(standings(after_session=6), 4, [])
    assert choice.through == (("p01", BY_TOTAL), ("p09", BY_TOTAL), ("p05", BY_TOTAL), ("p14", BY_TOTAL))


def test_the_disqualified_never_go_through():
    rows = standings(after_session=6, statuses={"p09": DISQUALIFIED})
    choice = choose_finalists(rows, 8, [BEST_SESSION])
    assert "p09" not in dict(choice.through)
    assert [player for player, _how in choice.through][-2:] == ["p21", "p22"]  # 20,000 each, both go through


def test_halved_kept_and_cleared():
    assert carried(60_000, HALVED) == 30_000
    assert carried(37_000, HALVED) == 18_500
    assert carried(23_301, HALVED) == 11_651  # 11,650.5: a half away from zero
    assert carried(-10_001, HALVED) == -5_001  # -5,000.5: a half away from zero
    assert carried(-10_002, HALVED) == -5_001
    assert carried(37_000, KEPT) == 37_000
    assert carried(37_000, CLEARED) == 0
    with pytest.raises(ScoringError) as refused:
        carried(1, "doubled")
    assert refused.value.code == "cut_carry"
    # the sentence is made from these (tournament/errors/messages/scoring.py: "The carry-over '%(carry)s' is
    # unknown; choose from %(known)s.")
    assert refused.value.params == {"carry": "doubled", "known": "kept, halved, cleared"}


@pytest.mark.parametrize(
    ("top", "field", "sessions", "code", "params"),
    [
        (6, 32, 1, "cut_top_tables", {"top": 6}),
        (0, 32, 1, "cut_top_tables", {"top": 0}),
        (36, 32, 1, "cut_top_field", {"top": 36, "field": 32}),
        (8, 32, 0, "cut_sessions", {"sessions": 0, "most": 4}),  # most: MAX_FINAL_SESSIONS, scoring/limits.py
        (8, 32, 5, "cut_sessions", {"sessions": 5, "most": 4}),
    ],
)
def test_the_cut_is_refused(top, field, sessions, code, params):
    """Refused with the code and the parameters its sentence is made from (tournament/errors/messages/scoring.py:
    "The top %(top)s cannot play a final...", "The top %(top)s is more than the %(field)s players...", "A final
    has 1 to %(most)s sessions, not %(sessions)s.")."""
    with pytest.raises(ScoringError) as refused:
        check_cut(top, field, sessions)
    assert refused.value.code == code
    assert refused.value.params == params


def test_check_cut_accepts_the_whole_field_and_four_sessions():
    check_cut(32, 32, 4)
    check_cut(4, 4, 1)


def test_the_first_final_session_is_seated_by_place():
    through = [
        player for player, _how in choose_finalists(standings(after_session=6), 8, [BEST_SESSION]).through
    ]
    assert seated_by_place(through) == tuple(map(tuple, FINAL_TABLES))


def cut(groups: dict, carry=HALVED) -> Cut:
    return Cut(6, carry, groups)


FINALISTS = dict.fromkeys(CARRY, FINAL)


def test_the_final_ranking_of_the_hand_worked_event():
    rows = final_ranking(standings(), cut(FINALISTS))
    assert [(r.rank, r.tied, r.player, r.total) for r in rows] == FINAL_RANKING
    assert {r.player: r.carry for r in rows if r.group == FINAL} == CARRY
    assert {r.group for r in rows if r.player not in CARRY} == {OUT}
    assert all(r.carry is None for r in rows if r.group == OUT)


def test_before_the_final_is_played_the_finalists_rank_by_their_carry():
    rows = final_ranking(standings(after_session=6), cut(FINALISTS))
    assert [(r.rank, r.player, r.total) for r in rows[:9]] == [
        (1, "p01", 30_000),
        (2, "p09", 27_500),
        (3, "p05", 25_000),
        (4, "p14", 18_500),
        (5, "p13", 17_500),
        (6, "p17", 15_000),
        (7, "p25", 12_500),
        (8, "p21", 10_000),
        (9, "p22", 20_000),
    ]


def test_kept_and_cleared_carry_over():
    kept = {r.player: r.total for r in final_ranking(standings(), cut(FINALISTS, KEPT))}
    assert kept["p09"] == 55_000 + 30_000 and kept["p14"] == 37_000 - 30_000
    cleared = final_ranking(standings(), cut(FINALISTS, CLEARED))
    # cleared: the final alone; p09 and p13 both +30,000 share the first place, p21, p25 and p14 -30,000 share 6th
    assert [(r.rank, r.tied, r.player, r.total) for r in cleared[:8]] == [
        (1, True, "p09", 30_000),
        (1, True, "p13", 30_000),
        (3, True, "p05", 10_000),
        (3, True, "p17", 10_000),
        (5, False, "p01", -10_000),
        (6, True, "p14", -30_000),
        (6, True, "p25", -30_000),
        (6, True, "p21", -30_000),
    ]


def test_the_consolation_group_ranks_after_the_finalists_by_its_totals():
    rows = standings(after_session=6)
    rest = consolation_players(rows, CARRY)
    assert len(rest) == 24 and rest[:2] == ["p22", "p10"]
    groups = FINALISTS | dict.fromkeys(rest, CONSOLATION)
    ranked = final_ranking(standings(), cut(groups))
    assert [r.player for r in ranked[8:10]] == [
        "p22",
        "p10",
    ]  # halved: 10,000 and 8,500, nothing played after
    assert [(r.rank, r.carry, r.total) for r in ranked[8:10]] == [(9, 10_000, 10_000), (10, 8_500, 8_500)]


def test_a_disqualified_finalist_is_ranked_last():
    rows = final_ranking(standings(statuses={"p09": DISQUALIFIED}), cut(FINALISTS))
    assert rows[-1].player == "p09" and rows[-1].rank == 32
    assert rows[0].player == "p13"


def test_prizes_follow_the_final_ranking():
    rows = final_ranking(standings(), cut(FINALISTS))
    places = prize_ranks(rows, [BEST_SESSION])
    assert places["p09"].rank == 1
    assert places["p22"].rank == 9  # 20,000 at the cut, below p21's -20,000 in the final
    assert places["p21"].rank == 8
