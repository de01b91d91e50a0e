"""scoring.seating.continuation: continuing a schedule after some sessions were played, on hand-made cases (pure
Python: no database, no query)."""

import random
from collections import Counter
from itertools import combinations

import pytest

from scoring.seating import generate_schedule
from scoring.seating.continuation import (
    SETTINGS,
    continue_schedule,
    meeting_counts,
    seat_winds,
    seats_everybody,
)
from scoring.seating.generator import search_settings
from scoring.seating.quality import wind_counts
from scoring.seating.tabu import REPEAT_WEIGHT, Settings, TabuSearch, penalty_matrix


def test_four_players_at_one_table_for_four_sessions_sit_every_wind_once():
    sessions = seat_winds({}, {s: [[0, 1, 2, 3]] for s in range(4)}, 4, random.Random(0))
    assert wind_counts(sessions.values(), 4) == ((1, 1, 1, 1),) * 4
    assert all(sorted(session[0]) == [0, 1, 2, 3] for session in sessions.values())


def test_a_player_who_sat_east_twice_gets_another_wind():
    played = {0: [[0, 1, 2, 3]], 1: [[0, 2, 3, None]]}
    new = seat_winds(played, {2: [[0, 1, 2, 3]]}, 4, random.Random(0))
    assert list(new) == [2]
    ((table,),) = new.values()
    assert table[0] != 0
    assert played == {0: [[0, 1, 2, 3]], 1: [[0, 2, 3, None]]}  # the played tables are kept as they are


def test_same_players_continue_with_the_played_sessions_kept_by_the_generator():
    played = dict(enumerate(generate_schedule(16, 2, seed=3)))
    rest = continue_schedule(16, 5, played, seed=1, time_budget=5)
    assert sorted(rest) == [2, 3, 4]
    whole = [played.get(s) or rest[s] for s in range(5)]
    assert all(sorted(p for t in session for p in t) == list(range(16)) for session in whole)
    assert max(Counter(pair for s in whole for t in s for pair in combinations(sorted(t), 2)).values()) == 1


def test_after_withdrawals_the_new_sessions_avoid_the_played_pairs():
    # 20 players played 2 sessions; players 16..19 withdrew (None), 16 remain: 0..15.
    original = generate_schedule(20, 2, seed=4)
    played = {s: [[p if p < 16 else None for p in t] for t in session] for s, session in enumerate(original)}
    rest = continue_schedule(16, 4, played, seed=2, time_budget=5)
    assert sorted(rest) == [2, 3]
    for session in rest.values():
        assert sorted(p for t in session for p in t) == list(range(16))
    history = list(played.values())
    repeats = _repeats(history + list(rest.values()))
    ignoring_history = _repeats(history + list(generate_schedule(16, 2, seed=2)))  # the search's start
    assert (ignoring_history, repeats) == (10, 1)
    spread = [max(c) - min(c) for c in wind_counts(list(played.values()) + list(rest.values()), 16)]
    assert max(spread) <= 2  # nobody sits one wind three times in four sessions (a few sit one twice)


def _repeats(sessions) -> int:
    met = meeting_counts(sessions, 16)
    return sum(met[p][q] - 1 for p in range(16) for q in range(p + 1, 16) if met[p][q] > 1)


PLAYED = {0: [[0, 1, 2, 3], [4, 5, 6, 7]]}


def test_who_met_whom_and_who_sat_where():
    """Player 4 left after session 1 (None in session 2): his meetings there do not count; 0 and 1 met twice."""
    sessions = [PLAYED[0], [[0, 1, 4, 5], [2, 3, 6, None]]]
    met = meeting_counts(sessions, 8)
    assert (met[0][1], met[1][0], met[0][4], met[2][6], met[7][0], met[0][0]) == (2, 2, 1, 1, 0, 0)
    winds = wind_counts(sessions, 8)
    assert winds[0] == (2, 0, 0, 0) and winds[6] == (0, 0, 2, 0) and winds[7] == (0, 0, 0, 1)


def test_the_search_weighs_a_played_meeting_above_a_shared_club():
    """REPEAT_WEIGHT (8) per meeting already played, plus 1 for the same group; an unknown group never counts."""
    groups = ["A", "A", None, None, "B", "B", "B", "A"]
    met, penalty = meeting_counts(PLAYED.values(), 8), penalty_matrix(8, groups)
    cost = [
        [REPEAT_WEIGHT * m + pen for m, pen in zip(*rows, strict=True)]
        for rows in zip(met, penalty, strict=True)
    ]
    assert (cost[0][1], cost[0][2], cost[2][3], cost[4][5], cost[0][7], cost[1][4]) == (
        REPEAT_WEIGHT + 1,
        REPEAT_WEIGHT,
        REPEAT_WEIGHT,
        REPEAT_WEIGHT + 1,
        1,
        0,
    )
    assert penalty_matrix(8, None)[0][7] == 0


def test_seats_everybody_only_when_nobody_left_and_nobody_came():
    assert seats_everybody(PLAYED, 8)
    assert not seats_everybody({0: [[0, 1, 2, 3], [4, 5, 6, None]]}, 8)  # somebody withdrew
    assert not seats_everybody(PLAYED, 12)  # four players registered later
    assert seats_everybody({}, 8)


def test_nothing_to_continue_when_every_session_is_played():
    assert continue_schedule(8, 1, PLAYED, seed=0) == {}


def test_eight_players_after_a_withdrawal_and_a_late_registration():
    """Player 7 left and player 8 came (now players 0..7 with 7 the newcomer): session 1 cannot be fixed for the
    generator. By hand, the fewest repeated meetings: two of 0-3 at each table (one repeated pair each), 4-6 split
    two and one, the newcomer with the one: 3 repeats (a 3-1 split of 0-3 costs 3 + 1 or more). And everybody
    gets a wind other than the one they sat."""
    played = {0: [[0, 1, 2, 3], [4, 5, 6, None]]}
    (session,) = continue_schedule(8, 2, played, seed=0, time_budget=5).values()
    assert sorted(p for table in session for p in table) == list(range(8))
    for table in session:
        assert (
            len([p for p in table if p < 4]) == 2
        )  # two of the first table, two of the second (or the newcomer)
    for table in session:
        for wind, player in enumerate(table):
            assert player == 7 or wind != [p for t in played[0] for p in t].index(player) % 4


def test_one_search_with_each_callers_values():
    """The generator and the continuation run the same TabuSearch (tabu.py) with their own values: a long tenure
    and restarts after a stagnation that grows with the players, or a short tenure and a stop after 1,000
    iterations without gain; both look at MAX_SEARCH_POSITIONS conflicts per iteration."""
    assert search_settings(16) == Settings(tenure=(4, 50), stall_limit=640, restart=True, max_positions=40)
    assert search_settings(4) == Settings(tenure=(4, 50), stall_limit=500, restart=True, max_positions=40)
    continuation = Settings(tenure=(4, 20), stall_limit=1_000, restart=False, max_positions=40)
    assert continuation == SETTINGS


def test_one_table_a_session_is_returned_as_it_is_without_searching(monkeypatch):
    """Four players left after withdrawals: one table a session, so no swap exists (a swap is between two tables).
    The played session's meetings cost something that no schedule can lower; the search returns at once instead
    of spending its whole budget (1.5 million evaluations) looking for a swap."""
    monkeypatch.setattr(TabuSearch, "best_move", lambda *args: pytest.fail("searched for a swap"))
    played = {0: [[0, 1, None, None], [2, 3, None, None]]}
    new = continue_schedule(4, 3, played)
    assert sorted(new) == [1, 2]
    assert all(len(tables) == 1 and sorted(tables[0]) == [0, 1, 2, 3] for tables in new.values())
    sessions = [[[0, 1, 2, 3]], [[3, 2, 1, 0]]]
    search = TabuSearch(
        4, sessions, meeting_counts(played.values(), 4), penalty_matrix(4, None), random.Random(0), SETTINGS
    )
    assert search.run(1_500_000, 0) == (sessions, search.cost)
