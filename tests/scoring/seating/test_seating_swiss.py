"""swiss_session: rank bands, no rematches, winds avoiding the ones of the current block."""

import pytest

from scoring.seating import ScheduleError, swiss_session, validate_schedule
from scoring.seating.schedule import meeting_matrix


def test_without_history_the_tables_are_the_rank_bands():
    ranking = [5, 3, 7, 1, 0, 2, 4, 6]
    session = swiss_session(ranking, ())
    assert [sorted(table) for table in session] == [[1, 3, 5, 7], [0, 2, 4, 6]]


def test_rematches_are_avoided_and_the_top_players_stay_on_top():
    bands = tuple((4 * t, 4 * t + 1, 4 * t + 2, 4 * t + 3) for t in range(8))
    history = (bands, bands, bands)  # every rank band already played together
    session = swiss_session(list(range(32)), history, seed=1)
    validate_schedule((session,), 32)
    met = meeting_matrix(history, 32)
    assert all(met[p][q] == 0 for table in session for p in table for q in table if p != q)
    assert 0 in session[0]  # the leader is at the first table
    assert max(session[0]) < 16  # and the first table is drawn from the top half


def test_winds_avoid_the_ones_already_taken_in_the_block():
    # one played session; at the new rank band tables the four previous winds are all different:
    # 0 was East, 1 North, 2 West, 3 South (tables rotated so), and so on for every band
    played = ((0, 4, 8, 12), (5, 9, 13, 1), (10, 14, 2, 6), (15, 3, 7, 11))
    previous = {p: table.index(p) for table in played for p in table}
    session = swiss_session(list(range(16)), (played,), seed=3)
    assert [sorted(t) for t in session] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]
    for table in session:
        for wind, p in enumerate(table):
            assert wind != previous[p]


def test_same_group_players_are_split():
    groups = ["A", "A", "B", "C", "D", "E", "F", "G"]
    session = swiss_session(list(range(8)), (), groups=groups)
    assert not any({0, 1} <= set(table) for table in session)


def test_a_bad_ranking_is_refused():
    with pytest.raises(ScheduleError):
        swiss_session([0, 1, 2], ())
    with pytest.raises(ScheduleError):
        swiss_session([0, 1, 2, 2], ())
