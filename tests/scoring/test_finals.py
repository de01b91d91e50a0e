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
from scoring.side_rankings import BEST_SESSION, FEWEST_FOURTHS, prize_ranks
from scoring.standings import (
    CONSOLATION,
    DISQUALIFIED,
    FINAL,
    OUT,
    Entrant,
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


@pytest.mark.parametrize(
    ("top", "field", "sessions", "code"),
    [
        (6, 32, 1, "cut_top_tables"),
        (0, 32, 1, "cut_top_tables"),
        (36, 32, 1, "cut_top_field"),
        (8, 32, 0, "cut_sessions"),
        (8, 32, 5, "cut_sessions"),
    ],
)
def test_the_cut_is_refused(top, field, sessions, code):
    with pytest.raises(ScoringError) as refused:
        check_cut(top, field, sessions)
    assert refused.value.code == code


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
