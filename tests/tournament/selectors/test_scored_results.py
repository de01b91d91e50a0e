"""The scored-table memo in tournament.selectors: never stale, never fed by a transaction that may roll back."""

import pytest
from django.db import transaction

from tournament import selectors
from tournament.services import players, results, schedule, tournaments
from tournament.services.results import SeatScore

pytestmark = pytest.mark.django_db(transaction=True)


def event():
    tournament = tournaments.create_tournament(actor=None, slug="memo-open", name="Memo Open")
    regs = [
        players.register_player(actor=None, tournament=tournament, first_name=f"P{i}", last_name="M")
        for i in range(4)
    ]
    (session,) = schedule.ensure_sessions(actor=None, tournament=tournament, count=1)
    schedule.set_session_seating(actor=None, session=session, tables=[regs])
    return tournament, regs, session.tables.get()


def totals(tournament):
    return [row.total for row in selectors.standings(tournament).rows]


def enter(table, *raws, version):
    results.enter_table_result(
        actor=None,
        table=table,
        scores=[SeatScore(w, r) for w, r in zip("ESWN", raws, strict=True)],
        expected_version=version,
    )


def test_a_correction_shows_at_once():
    tournament, regs, table = event()
    enter(table, 41_200, 30_900, 25_700, 22_200, version=0)
    # 3.6.1: 11,200 + 15,000; 900 + 5,000; -4,300 - 5,000; -7,800 - 15,000
    assert totals(tournament) == [26_200, 5_900, -9_300, -22_800]
    assert totals(tournament) == [26_200, 5_900, -9_300, -22_800]  # the second read comes from the memo
    enter(table, 22_200, 30_900, 25_700, 41_200, version=1)  # E and N were swapped on the sheet
    assert totals(tournament) == [26_200, 5_900, -9_300, -22_800]
    assert [row.player for row in selectors.standings(tournament).rows][0] == regs[3].pk


def test_rows_read_inside_a_transaction_are_not_remembered():
    tournament, regs, table = event()
    with pytest.raises(RuntimeError), transaction.atomic():
        enter(table, 41_200, 30_900, 25_700, 22_200, version=0)
        assert totals(tournament) == [26_200, 5_900, -9_300, -22_800]
        raise RuntimeError("rolled back")
    enter(table, 30_000, 30_000, 30_000, 30_000, version=0)  # may reuse the rolled-back row's id
    assert totals(tournament) == [0, 0, 0, 0]


def test_a_second_read_scores_nothing_again(django_assert_num_queries, monkeypatch):
    """A hit is measured by the queries: the first read loads the seats, the second does not."""
    tournament, regs, table = event()
    enter(table, 41_200, 30_900, 25_700, 22_200, version=0)
    selectors.results._SCORED.clear()
    with django_assert_num_queries(4):  # registrations, current results, seat results, penalties
        first = totals(tournament)
    with django_assert_num_queries(3):  # the seat results come from the memo
        second = totals(tournament)
    assert first == second == [26_200, 5_900, -9_300, -22_800]


def test_a_full_memo_forgets_the_oldest_tables_and_still_answers(monkeypatch):
    """Issue 8: at its limit the memo dropped everything and the caller's lookup raised KeyError."""
    monkeypatch.setattr(selectors.results, "_SCORED_LIMIT", 2)
    selectors.results._SCORED.clear()
    tournament, regs, table = event()
    second_table_regs = [
        players.register_player(actor=None, tournament=tournament, first_name=f"Q{i}", last_name="M")
        for i in range(4)
    ]
    session = table.session
    schedule.set_session_seating(actor=None, session=session, tables=[regs, second_table_regs])
    table_1, table_2 = session.tables.order_by("number")
    enter(table_1, 41_200, 30_900, 25_700, 22_200, version=0)
    enter(table_2, 30_000, 30_000, 30_000, 30_000, version=0)
    assert sorted(totals(tournament), reverse=True) == [26_200, 5_900, 0, 0, 0, 0, -9_300, -22_800]
    assert len(selectors.results._SCORED) == 2
    (session_2,) = schedule.ensure_sessions(actor=None, tournament=tournament, count=2)[1:]
    schedule.set_session_seating(actor=None, session=session_2, tables=[regs, second_table_regs])
    for played in session_2.tables.order_by("number"):
        enter(played, 30_000, 30_000, 30_000, 30_000, version=0)
    # Four tables, a memo of two: the read still answers, and the memo keeps its bound.
    assert sorted(totals(tournament), reverse=True) == [26_200, 5_900, 0, 0, 0, 0, -9_300, -22_800]
    assert len(selectors.results._SCORED) == 2
