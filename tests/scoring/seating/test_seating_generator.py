"""generate_schedule: always a valid schedule, deterministic per seed, the known optima, frozen sessions, ghosts."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.seating import ScheduleError, generate_schedule, quality_report, validate_schedule
from scoring.seating import generator as generator_module

SMALL_EFFORT = 20_000  # swap evaluations: keeps the property tests fast


@settings(max_examples=25, deadline=None)
@given(
    n_players=st.integers(4, 16).map(lambda k: 4 * k),
    n_sessions=st.integers(1, 10),
    seed=st.integers(0, 2**32),
)
def test_always_a_valid_schedule_with_balanced_winds(n_players, n_sessions, seed):
    schedule = generate_schedule(n_players, n_sessions, seed=seed, effort=SMALL_EFFORT)
    validate_schedule(schedule, n_players)
    assert len(schedule) == n_sessions
    assert all(len(session) == n_players // 4 for session in schedule)
    report = quality_report(schedule, n_players=n_players)
    assert report.excess_meetings >= report.lower_bound
    assert report.wind_spread == (0 if n_sessions % 4 == 0 else 1)


@settings(max_examples=15, deadline=None)
@given(
    n_players=st.integers(2, 12).map(lambda k: 4 * k),
    n_sessions=st.integers(1, 8),
    data=st.data(),
)
def test_frozen_tables_and_ghosts_in_any_valid_schedule(n_players, n_sessions, data):
    played = generate_schedule(n_players, n_sessions, seed=data.draw(st.integers(0, 99)), effort=SMALL_EFFORT)
    sessions = data.draw(st.sets(st.integers(0, n_sessions - 1)))
    fixed = {s: played[s][: data.draw(st.integers(1, n_players // 4))] for s in sessions}
    ghosts = data.draw(st.lists(st.integers(0, n_players - 1), max_size=3, unique=True))
    schedule = generate_schedule(
        n_players, n_sessions, seed=1, fixed=fixed, ghosts=ghosts, effort=SMALL_EFFORT
    )
    validate_schedule(schedule, n_players)
    for s, tables in fixed.items():
        assert schedule[s][: len(tables)] == tables


def test_same_seed_same_schedule_other_seed_other_schedule():
    for players, sessions in ((40, 8), (24, 6), (64, 10)):
        first = generate_schedule(players, sessions, seed=7, effort=200_000)
        assert generate_schedule(players, sessions, seed=7, effort=200_000) == first
        assert generate_schedule(players, sessions, seed=8, effort=200_000) != first


@pytest.mark.parametrize(
    ("players", "sessions", "excess", "most"),
    [
        (16, 5, 0, 1),  # the affine plane AG(2, 4)
        (16, 8, 72, 2),  # the counting bound, no pair three times
        (28, 9, 0, 1),  # tight: a resolvable BIBD(28, 4, 1), shipped design
        (32, 8, 0, 1),  # transversal design over GF(8)
        (32, 10, 0, 1),  # tight: the 8-4-10 social golfer design, a 4-RGDD of type 2^16, shipped design
        (40, 13, 0, 1),  # tight: a resolvable BIBD(40, 4, 1), shipped design
        (40, 8, 0, 1),  # tabu search
        (64, 8, 0, 1),
        (100, 10, 0, 1),  # transversal design over GF(25)
        (400, 12, 0, 1),  # GF(4) x GF(25)
    ],
)
def test_reaches_the_optimum(players, sessions, excess, most):
    report = quality_report(generate_schedule(players, sessions, seed=1), n_players=players)
    assert (report.excess_meetings, report.max_pair_meetings) == (excess, most)
    assert report.lower_bound == excess
    assert report.wind_spread == (0 if sessions % 4 == 0 else 1)


def test_groups_kept_apart():
    countries = [p // 8 for p in range(64)]  # 8 countries of 8 players, 16 tables
    report = quality_report(
        generate_schedule(64, 8, seed=3, groups=countries), n_players=64, groups=countries
    )
    assert report.excess_meetings == 0
    assert report.same_group_meetings == 0
    big = ["X" if p < 14 else None for p in range(40)]  # 14 players of one country at 10 tables
    report = quality_report(generate_schedule(40, 8, seed=3, groups=big), n_players=40, groups=big)
    # at least 4 tables hold two of them each session: 4 meetings x 8 sessions = 32, the least possible
    assert report.same_group_meetings == 32
    assert report.excess_meetings == 0


def test_fixed_sessions_are_kept():
    played = generate_schedule(32, 10, seed=5, effort=50_000)
    fixed = {0: played[0], 1: played[1], 2: played[2]}
    schedule = generate_schedule(32, 10, seed=9, fixed=fixed, effort=3_000_000)
    validate_schedule(schedule, 32)
    assert schedule[:3] == played[:3]  # players, table numbers and winds
    report = quality_report(schedule, n_players=32)
    assert report.max_pair_meetings <= 2
    assert report.wind_spread <= 1


def test_partly_fixed_session_keeps_its_tables_first():
    top_table = (3, 1, 2, 0)
    schedule = generate_schedule(16, 4, seed=2, fixed={3: [top_table]}, effort=SMALL_EFFORT)
    validate_schedule(schedule, 16)
    assert schedule[3][0] == top_table


def test_a_session_with_one_free_table_is_left_as_it_is():
    # found by the property test above: with one free table per session there is no swap to make, and the
    # search once swapped a free player with a frozen one (a seat taken twice)
    fixed = {0: [(0, 1, 3, 2)], 1: [(7, 3, 4, 0)]}
    schedule = generate_schedule(8, 2, seed=1, fixed=fixed, effort=SMALL_EFFORT)
    validate_schedule(schedule, 8)
    assert [session[0] for session in schedule] == [(0, 1, 3, 2), (7, 3, 4, 0)]
    assert sorted(schedule[1][1]) == [1, 2, 5, 6]


def test_ghosts_never_share_a_table():
    ghosts = [28, 29, 30, 31]
    for sessions, fixed in ((8, None), (9, None), (6, {0: generate_schedule(32, 1, seed=4)[0]})):
        schedule = generate_schedule(32, sessions, seed=1, ghosts=ghosts, fixed=fixed, effort=1_000_000)
        for s, session in enumerate(schedule):
            if fixed and s in fixed:
                continue
            for table in session:
                assert sum(p in ghosts for p in table) <= 1


def test_a_shipped_design_is_used(monkeypatch):
    # a 4-session design for 16 players: four parallel classes of AG(2, 4), written out by hand
    design = [
        [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]],
        [[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15]],
        [[0, 5, 10, 15], [1, 4, 11, 14], [2, 7, 8, 13], [3, 6, 9, 12]],
        [[0, 6, 11, 13], [1, 7, 10, 12], [2, 4, 9, 15], [3, 5, 8, 14]],
    ]
    calls = []

    def best_design(n_players, n_sessions):
        calls.append((n_players, n_sessions))
        return design if n_players == 16 and n_sessions <= len(design) else None

    monkeypatch.setattr(generator_module, "best_design", best_design)
    monkeypatch.setattr(generator_module, "repeat_free_rounds", lambda n, wanted: [])
    schedule = generate_schedule(16, 3, seed=1, effort=0)
    assert quality_report(schedule, n_players=16).excess_meetings == 0  # no search (effort 0): the design
    schedule = generate_schedule(16, 4, seed=1, effort=0)
    assert quality_report(schedule, n_players=16).excess_meetings == 0
    assert (16, 4) in calls
    schedule = generate_schedule(16, 5, seed=1, effort=0)  # longer than the design: searched (effort 0)
    assert quality_report(schedule, n_players=16).excess_meetings > 0


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"n_players": 30, "n_sessions": 4}, "player_count"),
        ({"n_players": 16, "n_sessions": -1}, "session_count"),
        ({"n_players": 16, "n_sessions": 2, "groups": ["A"] * 15}, "groups_length"),
        ({"n_players": 16, "n_sessions": 2, "fixed": {2: [(0, 1, 2, 3)]}}, "fixed_session"),
        ({"n_players": 16, "n_sessions": 2, "fixed": {0: [(0, 1, 2)]}}, "fixed_table_size"),
        ({"n_players": 16, "n_sessions": 2, "fixed": {0: [(0, 1, 2, 3), (3, 4, 5, 6)]}}, "fixed_player"),
        ({"n_players": 16, "n_sessions": 2, "ghosts": [16]}, "unknown_ghost"),
        ({"n_players": 8, "n_sessions": 2, "start": [[(0, 1, 2, 3), (4, 5, 6, 7)]]}, "start_sessions"),
        ({"n_players": 8, "n_sessions": 1, "start": [[(0, 1, 2, 3), (4, 5, 6, 6)]]}, "player_twice"),
    ],
)
def test_bad_input_is_refused(kwargs, code):
    with pytest.raises(ScheduleError) as error:
        generate_schedule(**kwargs)
    assert error.value.code == code


def test_no_sessions():
    assert generate_schedule(16, 0) == ()


def test_reseating_from_the_plan_keeps_a_plan_that_is_still_optimal():
    plan = generate_schedule(28, 9, seed=2)  # the shipped design (or the best search): no repeats
    assert quality_report(plan, n_players=28).excess_meetings == 0
    fixed = {s: plan[s] for s in range(3)}
    # player 5 withdrew after session 3; a substitute takes the seats (one ghost: nothing to separate)
    again = generate_schedule(28, 9, seed=2, fixed=fixed, ghosts=[5], start=plan, effort=100_000)
    assert again[:3] == plan[:3]
    assert quality_report(again, n_players=28).excess_meetings == 0
    assert [sorted(map(sorted, s)) for s in again] == [sorted(map(sorted, s)) for s in plan]


def test_reseating_with_two_substitutes_separates_them():
    plan = generate_schedule(32, 8, seed=4)
    ghosts = [plan[3][0][0], plan[3][0][1]]  # two withdrawn players who would meet in session 4
    fixed = {s: plan[s] for s in range(3)}
    again = generate_schedule(32, 8, seed=4, fixed=fixed, ghosts=ghosts, start=plan, effort=500_000)
    assert again[:3] == plan[:3]
    for session in again[3:]:
        assert all(sum(p in ghosts for p in table) <= 1 for table in session)
    assert quality_report(again, n_players=32).max_pair_meetings <= 2


def test_reseating_late_in_the_event_keeps_the_plans_winds():
    plan = generate_schedule(40, 8, seed=1)
    fixed = {s: plan[s] for s in range(5)}  # 5 of 8 played: the last three must finish the second block
    again = generate_schedule(40, 8, seed=2, fixed=fixed, ghosts=[3], start=plan, effort=200_000)
    report = quality_report(again, n_players=40)
    assert (report.excess_meetings, report.wind_spread) == (0, 0)
