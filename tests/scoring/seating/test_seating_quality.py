"""The quality report, the lower bound and validation, on hand-made schedules counted by hand."""

import pytest

from scoring.seating import ScheduleError, lower_bound, quality_report, validate_schedule

ROWS = ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15))
# Session 2 takes one player from each row per table, except:
#   table 1 (0, 1, 4, 8): 0 and 1 were together in row A  -> pair (0, 1) meets twice
#   table 4 (7, 11, 14, 15): 14 and 15 were together in row D -> pair (14, 15) meets twice
# every other pair of session 2 is new.
SESSION_2 = ((0, 1, 4, 8), (2, 5, 9, 12), (3, 6, 10, 13), (7, 11, 14, 15))
TWO_SESSIONS = (ROWS, SESSION_2)


def test_excess_meetings_and_worst_pairs_counted_by_hand():
    report = quality_report(TWO_SESSIONS, n_players=16)
    assert (report.players, report.sessions, report.tables) == (16, 2, 4)
    assert report.excess_meetings == 2  # (0, 1) and (14, 15): one meeting too many each
    assert report.repeated_pairs == 2
    assert report.max_pair_meetings == 2
    assert report.worst_pairs == ((0, 1, 2), (14, 15, 2))
    assert report.lower_bound == 0  # 3 * 2 = 6 meetings per player <= 15 others


def test_wind_counts_and_spread():
    report = quality_report(TWO_SESSIONS, n_players=16)
    # player 0 is first (East) at its table in both sessions; player 4: East in row B, West at (0, 1, 4, 8)
    assert report.wind_counts[0] == (2, 0, 0, 0)
    assert report.wind_counts[4] == (1, 0, 1, 0)
    assert report.wind_counts[15] == (0, 0, 0, 2)  # last (North) in row D and at (7, 11, 14, 15)
    assert report.wind_spread == 2


def test_table_visits():
    # same table number in both sessions: 0 and 1 (table 1), 5 (table 2), 10 (table 3), 14 and 15 (table 4)
    assert quality_report(TWO_SESSIONS, n_players=16).max_table_visits == 2
    # the two tables of 8 players swap numbers: nobody returns to a table (but every pair repeats)
    swapped = (((0, 1, 2, 3), (4, 5, 6, 7)), ((4, 5, 6, 7), (0, 1, 2, 3)))
    assert quality_report(swapped, n_players=8).max_table_visits == 1


def test_same_group_meetings():
    groups = [None] * 16
    groups[0] = groups[4] = "NL"  # (0, 4) share table 1 of session 2: 1 meeting
    groups[1] = groups[14] = "DE"  # never at one table: 0
    groups[2] = groups[5] = groups[9] = "BE"  # all three at table 2 of session 2: 3 pairs, 1 meeting each
    report = quality_report(TWO_SESSIONS, n_players=16, groups=groups)
    assert report.same_group_meetings == 4
    assert quality_report(TWO_SESSIONS, n_players=16).same_group_meetings is None


def test_a_pair_meeting_three_times():
    # the same four players together in three sessions: 6 pairs x (3 - 1) = 12 excess; the other table the same
    session = ((0, 1, 2, 3), (4, 5, 6, 7))
    report = quality_report((session, session, session), n_players=8)
    assert report.excess_meetings == 24
    assert report.repeated_pairs == 12
    assert report.max_pair_meetings == 3
    assert report.worst_pairs[0] == (0, 1, 3)
    assert report.max_table_visits == 3
    assert report.wind_spread == 3  # everybody kept the same wind three times


def test_report_as_dict_and_text():
    report = quality_report(TWO_SESSIONS, n_players=16, groups=["X"] * 16)
    data = report.as_dict()
    assert data["excess_meetings"] == 2
    assert data["worst_pairs"] == [[0, 1, 2], [14, 15, 2]]
    assert data["wind_counts"][0] == [2, 0, 0, 0]
    text = report.format_text()
    assert "16 players, 2 sessions, 4 tables" in text
    assert "excess meetings: 2 (lower bound 0)" in text
    assert "1 & 2 x2" in text  # players are numbered from 1 for people
    assert "same group" in text
    named = report.format_text(names=[f"P{p}" for p in range(16)])
    assert "P0 & P1 x2" in named


@pytest.mark.parametrize(
    ("players", "sessions", "bound"),
    [
        (16, 5, 0),  # 15 meetings per player, 15 others
        (16, 8, 72),  # 24 - 15 = 9 repeats per player, 16 * 9 / 2
        (24, 8, 12),  # 24 - 23 = 1 per player, 24 / 2
        (28, 9, 0),  # 27 = 27
        (32, 11, 32),  # 33 - 31 = 2 per player, 32 * 2 / 2
        (8, 5, 32),  # 15 - 7 = 8 per player, 8 * 8 / 2
        (400, 12, 0),
    ],
)
def test_lower_bound(players, sessions, bound):
    assert lower_bound(players, sessions) == bound


@pytest.mark.parametrize(
    ("schedule", "code", "where"),
    [
        (((0, 1, 2, 3), (4, 5, 6)), "table_size", "session 2, table 2: 3 players"),
        (((0, 1, 2, 3), (4, 5, 6, 9)), "unknown_player", "player 9"),
        (((0, 1, 2, 3), (4, 5, 6, 3)), "player_twice", "player 3 is seated at table 1 and at table 2"),
    ],
)
def test_validation_names_session_table_and_player(schedule, code, where):
    with pytest.raises(ScheduleError) as error:
        validate_schedule((((0, 1, 2, 3), (4, 5, 6, 7)), schedule), 8)
    assert error.value.code == code
    assert where in str(error.value)
    assert "session 2" in str(error.value)


def test_validation_missing_player_and_bad_count():
    with pytest.raises(ScheduleError, match="session 1: player 4 has no seat"):
        validate_schedule((((0, 1, 2, 3),),), 8)
    with pytest.raises(ScheduleError) as error:
        validate_schedule((), 10)
    assert error.value.code == "player_count"
    validate_schedule(TWO_SESSIONS, 16)  # a valid schedule passes
