"""The progress selector: per session and table, the current version, who entered it and when, what is missing."""

from tournament.selectors.progress import (
    CORRECTED,
    ENTERED,
    WAITING,
    session_progress,
    sessions_with_results,
    tournament_progress,
)
from tournament.services.results import SeatScore, enter_table_result


def test_the_demo_has_five_complete_sessions_and_three_waiting(demo, django_assert_num_queries):
    with django_assert_num_queries(3):  # current results, tables, sessions: whatever the size of the event
        progress = tournament_progress(demo)
    assert [s.number for s in progress] == list(range(1, 9))
    assert [s.complete for s in progress] == [True] * 5 + [False] * 3
    assert all(s.table_count == 8 for s in progress)
    assert progress[5].missing == tuple(range(1, 9)) and progress[5].entered == 0
    assert sessions_with_results(demo) == {1, 2, 3, 4, 5}


def test_a_correction_is_a_new_version_and_shows_who(demo, make_user):
    referee = make_user("rita", tournament=demo, role="referee")
    table = demo.sessions.get(number=6).tables.get(number=3)
    scores = [SeatScore("E", 40_000), SeatScore("S", 30_000), SeatScore("W", 30_000), SeatScore("N", 20_000)]
    enter_table_result(actor=referee, table=table, scores=scores, expected_version=0)
    six = session_progress(demo, 6)
    third = six.tables[2]
    assert (third.table, third.version, third.entered_by, third.state) == (3, 1, "rita", ENTERED)
    assert six.missing == (1, 2, 4, 5, 6, 7, 8) and not six.complete
    assert six.tables[0].state == WAITING
    scores[0], scores[3] = SeatScore("E", 20_000), SeatScore("N", 40_000)
    enter_table_result(actor=referee, table=table, scores=scores, expected_version=1)
    assert session_progress(demo, 6).tables[2].state == CORRECTED
    assert 6 in sessions_with_results(demo)
