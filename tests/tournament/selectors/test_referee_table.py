"""selectors.referee_table: one table as the referee works on it (its seats, every result version with what
changed, its history newest first), on session 1 of the small event of conftest.py: table 1 was entered with E and
N swapped and corrected; at table 2 p07 was 3 minutes late and p05's obstruction was given and cancelled."""

import pytest

from tests.tournament.selectors.conftest import enter
from tournament.models import Table
from tournament.selectors.referee_table import SeatValue, history, latest_check, table_seats, versions
from tournament.services import checks, penalties
from tournament.services.tournaments import update_tournament


@pytest.fixture
def first(small):
    return Table.objects.get(session=small.one, number=1)


@pytest.fixture
def second(small):
    return Table.objects.get(session=small.one, number=2)


def test_the_seats_in_seat_order(first, django_assert_num_queries):
    with django_assert_num_queries(1):
        seats = table_seats(first)
        assert [(s.wind, s.registration.key, s.registration.player.first_name) for s in seats] == [
            ("E", "p01", "First01"),
            ("S", "p02", "First02"),
            ("W", "p03", "First03"),
            ("N", "p04", "First04"),
        ]


def test_every_version_with_the_seats_that_changed(first, django_assert_num_queries):
    with django_assert_num_queries(3):  # the results, their seat results, the seats
        found = versions(first)
        assert [(v.result.version, v.result.is_current, v.changed) for v in found] == [
            (1, False, ()),
            (2, True, ("E", "N")),
        ]
        assert found[1].in_seat_order == [
            SeatValue("E", 41_200, "", ""),
            SeatValue("S", 30_900, "", ""),
            SeatValue("W", 25_700, "", ""),
            SeatValue("N", 22_200, "", ""),
        ]
        assert found[0].values["E"].raw == 22_200


def test_a_substitute_is_a_change_too(small):
    table = small.two.tables.get(number=2)
    assert versions(table) == []
    enter(table, (30_000, 30_000, 30_000, 30_000))
    enter(table, (30_000, 30_000, 30_000, 30_000), version=1, substitutes={"W": ("mid_session", "Sam")})
    assert versions(table)[1].changed == ("W",)
    assert versions(table)[1].values["W"] == SeatValue("W", 30_000, "mid_session", "Sam")


def test_the_history_newest_first_with_penalties_and_their_cancelling(second, django_assert_num_queries):
    seats = table_seats(second)
    found = versions(second)
    with django_assert_num_queries(2):  # the checks, the penalties of the table's players in the session
        events = history(second, seats, found)
        assert [(e.kind, e.who, (e.penalty.registration.key if e.penalty else None)) for e in events] == [
            ("cancel", "", "p05"),
            ("penalty", "command line", "p05"),
            ("penalty", "command line", "p07"),
            ("version", "command line", None),
        ]
    assert events[-1].version is found[0]


def test_another_tables_penalty_is_not_in_its_history(first, small):
    """p02's chombo (table 1) is in it; a penalty of p01 in session 2 is not in session 1's table history."""
    penalties.give_penalty(
        actor=None, registration=small.regs["p01"], session=small.two, kind="lateness", minutes=1
    )
    kinds = [(e.kind, e.penalty.kind if e.penalty else None) for e in history(first, table_seats(first))]
    assert kinds == [("penalty", "chombo"), ("version", None), ("version", None)]


def test_checks_are_in_the_history_and_the_latest_of_the_current_version(
    second, small, make_user, django_assert_num_queries
):
    assert latest_check(second) is None
    tournament = update_tournament(actor=None, tournament=small.tournament, confirmation_required=True)
    carla = make_user("carla", tournament=tournament, role="referee")
    checks.check_result(actor=carla, table=second, version=1, verdict="disputed", reason="S and W swapped")
    checks.check_result(actor=carla, table=second, version=1, verdict="confirmed")
    with django_assert_num_queries(1):
        assert latest_check(second).verdict == "confirmed"
    events = history(second, table_seats(second))
    assert [(e.kind, e.who) for e in events[:2]] == [("check", "carla"), ("check", "carla")]
    enter(second, (35_000, 30_000, 35_000, 20_000), version=1)
    assert latest_check(second) is None  # the checks were of version 1
