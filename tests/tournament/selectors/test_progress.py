"""The progress selector: per session and table, the current version, who entered it and when, what is missing."""

from tests.tournament.selectors.conftest import enter
from tournament.models import Session
from tournament.selectors.progress import (
    CONFIRMED,
    CORRECTED,
    DISPUTED,
    ENTERED,
    WAITING,
    results_final,
    session_numbers,
    session_progress,
    sessions_with_results,
    tournament_progress,
)
from tournament.services.checks import check_result
from tournament.services.results import SeatScore, enter_table_result
from tournament.services.schedule import ensure_sessions
from tournament.services.tournaments import create_tournament, update_tournament


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


def test_the_small_event_session_by_session(small, django_assert_num_queries):
    """conftest.py: session 1 complete (table 1 corrected to version 2), session 2 seated and waiting."""
    with django_assert_num_queries(3):
        one, two = tournament_progress(small.tournament)
    assert [(t.table, t.version, t.state) for t in one.tables] == [(1, 2, CORRECTED), (2, 1, ENTERED)]
    assert one.complete and one.entered == 2 and one.missing == () and one.published
    assert one.last_entered_at == max(t.entered_at for t in one.tables)
    assert [t.state for t in two.tables] == [WAITING, WAITING] and two.missing == (1, 2) and not two.complete
    assert two.last_entered_at is None and two.confirmed == 0
    with django_assert_num_queries(1):
        assert sessions_with_results(small.tournament) == {1}
    with django_assert_num_queries(1):
        assert session_numbers(small.tournament) == (1, 2)
    assert session_progress(small.tournament, 3) is None


def test_a_session_without_seating_has_no_tables_and_is_not_complete(db, django_assert_num_queries):
    tournament = create_tournament(actor=None, slug="bare", name="Bare Open")
    assert tournament_progress(tournament) == [] and sessions_with_results(tournament) == set()
    ensure_sessions(actor=None, tournament=tournament, count=1)
    with django_assert_num_queries(3):
        (session,) = tournament_progress(tournament)
    assert (session.tables, session.missing, session.complete, session.published) == ((), (), False, False)
    assert not results_final(tournament.sessions.get())  # no tables: never final


def test_verdicts_of_the_second_check(small, make_user):
    """The latest check of the current version decides: confirmed, then disputed; a correction starts again."""
    update_tournament(actor=None, tournament=small.tournament, confirmation_required=True)
    checker = make_user("carla", tournament=small.tournament, role="referee")
    table = small.one.tables.get(number=2)
    check_result(actor=checker, table=table, version=1, verdict=CONFIRMED)
    assert session_progress(small.tournament, 1).tables[1].state == CONFIRMED
    assert session_progress(small.tournament, 1).confirmed == 1
    check_result(actor=checker, table=table, version=1, verdict=DISPUTED, reason="S and W swapped")
    found = session_progress(small.tournament, 1).tables[1]
    assert (found.state, found.confirmed) == (DISPUTED, False)
    enter(table, (35_000, 30_000, 35_000, 20_000), version=1)
    assert session_progress(small.tournament, 1).tables[1].state == CORRECTED


def test_results_are_final_when_every_table_has_one_and_the_check_confirmed_it(
    small, make_user, django_assert_max_num_queries
):
    session = Session.objects.get(pk=small.one.pk)
    with django_assert_max_num_queries(3):  # the tables, the tournament, the current results
        assert results_final(session)
    assert not results_final(small.two)
    tournament = update_tournament(actor=None, tournament=small.tournament, confirmation_required=True)
    session = Session.objects.select_related("tournament").get(pk=small.one.pk)
    assert session.tournament == tournament and not results_final(session)
    checker = make_user("carla", tournament=tournament, role="referee")
    for number, version in ((1, 2), (2, 1)):
        check_result(
            actor=checker, table=session.tables.get(number=number), version=version, verdict=CONFIRMED
        )
    assert results_final(Session.objects.select_related("tournament").get(pk=small.one.pk))
