"""The standings read what is in the database now: a correction, a rolled-back transaction, rows replaced
underneath with the same ids (a restored backup) all show at the next read, in the same process, without a
restart. (Each process used to remember scored tables by result id, and showed the old figures after a restore.)"""

import pytest
from django.db import transaction

from tournament import selectors
from tournament.models import SeatResult
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
    assert totals(tournament) == [26_200, 5_900, -9_300, -22_800]
    enter(table, 22_200, 30_900, 25_700, 41_200, version=1)  # E and N were swapped on the sheet
    assert totals(tournament) == [26_200, 5_900, -9_300, -22_800]
    assert [row.player for row in selectors.standings(tournament).rows][0] == regs[3].pk


def test_rows_read_inside_a_rolled_back_transaction_do_not_linger():
    tournament, regs, table = event()
    with pytest.raises(RuntimeError), transaction.atomic():
        enter(table, 41_200, 30_900, 25_700, 22_200, version=0)
        assert totals(tournament) == [26_200, 5_900, -9_300, -22_800]
        raise RuntimeError("rolled back")
    enter(table, 30_000, 30_000, 30_000, 30_000, version=0)  # may reuse the rolled-back row's id
    assert totals(tournament) == [0, 0, 0, 0]


def test_results_replaced_underneath_with_the_same_ids_show_at_once():
    """A backup restored under a running server holds other results under the same row ids."""
    tournament, regs, table = event()
    enter(table, 41_200, 30_900, 25_700, 22_200, version=0)
    # 3.6 / 3.6.1: 11,200 + 15,000; 900 + 5,000; -4,300 - 5,000; -7,800 - 15,000
    assert standing(tournament) == [
        (regs[0].pk, 26_200),
        (regs[1].pk, 5_900),
        (regs[2].pk, -9_300),
        (regs[3].pk, -22_800),
    ]
    seats = list(SeatResult.objects.filter(result__table=table).order_by("seat__order"))
    swapped = (22_200, 25_700, 30_900, 41_200)  # E and N, S and W swapped: the same rows, other figures
    for seat, raw in zip(seats, swapped, strict=True):
        SeatResult.objects.filter(pk=seat.pk).update(raw_score=raw)
    assert standing(tournament) == [
        (regs[3].pk, 26_200),
        (regs[2].pk, 5_900),
        (regs[1].pk, -9_300),
        (regs[0].pk, -22_800),
    ]


def standing(tournament):
    return [(row.player, row.total) for row in selectors.standings(tournament).rows]
