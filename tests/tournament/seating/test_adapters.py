"""The product's adapters around scoring.seating, on hand-made cases (no database)."""

from collections import Counter
from itertools import combinations

from scoring.seating import generate_schedule
from tournament.selectors.seating_continuation import (
    balance_winds,
    continue_schedule,
    meeting_counts,
    wind_counts,
)


def test_four_players_at_one_table_for_four_sessions_sit_every_wind_once():
    counts = [[0, 0, 0, 0] for _ in range(4)]
    sessions = balance_winds([[[0, 1, 2, 3]]] * 4, counts)
    assert counts == [[1, 1, 1, 1]] * 4
    assert all(sorted(session[0]) == [0, 1, 2, 3] for session in sessions)


def test_a_player_who_sat_east_twice_gets_another_wind():
    counts = [[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    ((table,),) = balance_winds([[[0, 1, 2, 3]]], counts)
    assert table[0] != 0
    assert counts[0][0] == 2


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
