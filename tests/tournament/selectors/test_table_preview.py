"""selectors.table_preview: what the referee sees before saving, on table 1 of session 1 of the small event of
conftest.py (E p01, S p02, W p03, N p04; p02 has a chombo in that session)."""

import pytest

from scoring.ruleset import build_ruleset
from tournament.models import Seat
from tournament.selectors.referee_table import table_seats
from tournament.selectors.table_preview import build_preview, session_deductions
from tournament.services import penalties


@pytest.fixture
def seats(small):
    return table_seats(small.one.tables.get(number=1))


def rows(preview):
    return [
        (row.seat.wind, row.raw, row.place, row.score, row.uma, row.deduction, row.result)
        for row in preview.seats
    ]


def test_four_right_scores_give_places_uma_penalties_and_results(small, seats, django_assert_num_queries):
    """3.6: score = raw - 30,000; 3.6.1 uma 15,000 / 5,000 / -5,000 / -15,000; 3.4.6 p02's chombo -20,000."""
    typed = {"E": 41_200, "S": 30_900, "W": 25_700, "N": 22_200}
    with django_assert_num_queries(1):  # the session's penalties of these players
        preview = build_preview(small.tournament.rules, small.one, seats, typed, {})
    assert (preview.typed_sum, preview.expected, preview.missing, preview.complete) == (
        120_000,
        120_000,
        0,
        True,
    )
    assert rows(preview) == [
        ("E", 41_200, 1, 11_200, 15_000, 0, 26_200),
        ("S", 30_900, 2, 900, 5_000, -20_000, -14_100),
        ("W", 25_700, 3, -4_300, -5_000, 0, -9_300),
        ("N", 22_200, 4, -7_800, -15_000, 0, -22_800),
    ]


def test_while_typing_the_sum_and_what_is_missing(small, seats):
    preview = build_preview(small.tournament.rules, small.one, seats, {"E": 41_200, "S": 30_900}, {})
    assert (preview.typed_sum, preview.missing, preview.complete) == (72_100, 47_900, False)
    assert rows(preview)[0] == ("E", 41_200, None, None, None, 0, None)
    assert rows(preview)[2] == ("W", None, None, None, None, 0, None)
    assert preview.seats[1].penalties == 20_000  # shown before the scores are complete


def test_four_scores_that_do_not_add_up_are_not_scored(small, seats):
    typed = {"E": 42_200, "S": 30_900, "W": 25_700, "N": 22_200}
    preview = build_preview(small.tournament.rules, small.one, seats, typed, {})
    assert (preview.typed_sum, preview.missing, preview.complete) == (121_000, -1_000, False)
    assert {row.place for row in preview.seats} == {None}


def test_a_substitute_from_the_start_and_a_tie(small, seats):
    """5.8: the substitute (S) takes part in the placement of the others; the seat records -15,000 and -15,000.
    E and W tie for second behind the substitute: (5,000 - 5,000) / 2 = 0 each (3.6.1)."""
    typed = {"E": 30_000, "S": 40_000, "W": 30_000, "N": 20_000}
    preview = build_preview(small.tournament.rules, small.one, seats, typed, {"S": "from_start"})
    assert rows(preview) == [
        ("E", 30_000, 2, 0, 0, 0, 0),
        ("S", 40_000, 1, -15_000, -15_000, -20_000, -50_000),
        ("W", 30_000, 2, 0, 0, 0, 0),
        ("N", 20_000, 4, -10_000, -15_000, 0, -25_000),
    ]
    assert preview.seats[1].substitute == "from_start"


def test_lost_leftover_sticks_lower_the_table_total(small, seats):
    """With leftover bets lost (a ruleset option), two sticks left make the total 120,000 - 2 x 1,000."""
    rules = build_ruleset("ema-2016", {"leftover_riichi": "lost"})
    typed = {"E": 40_200, "S": 30_900, "W": 25_700, "N": 21_200}
    preview = build_preview(rules, small.one, seats, typed, {}, leftover_sticks=2)
    assert (preview.expected, preview.missing, preview.complete) == (118_000, 0, True)


def test_session_deductions_leave_out_cancelled_penalties_and_other_sessions(
    small, django_assert_num_queries
):
    """Table 2: p07 3 minutes late (5.7: 3,000); p05's obstruction was cancelled; p08's lateness in session 2 is in
    another session."""
    penalties.give_penalty(
        actor=None, registration=small.regs["p08"], session=small.two, kind="lateness", minutes=2
    )
    seats = list(Seat.objects.filter(table__session=small.one, table__number=2))
    with django_assert_num_queries(1):
        found = session_deductions(small.tournament.rules, small.one, seats)
    assert found == {
        small.regs["p05"].pk: 0,
        small.regs["p06"].pk: 0,
        small.regs["p07"].pk: 3_000,
        small.regs["p08"].pk: 0,
    }
