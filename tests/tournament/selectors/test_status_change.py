"""selectors.status_change: where a player stands now and after a change of status, and how many others move; on
the small event of conftest.py (1 p01, 2= p05, 2= p06, 4 p07, 5 p03, 6 p02, 7 p04, 8 p08). A four-player case is in
tests/tournament/views/organise/test_services.py::test_status_change_by_hand."""

from tournament.models import Registration
from tournament.selectors.status_change import Placing, StatusChange, status_change
from tournament.services import players

STANDINGS_QUERIES = 4  # players, current results, seat results, penalties: the standings' own reads


def test_disqualifying_the_leader_moves_everybody_up(small, django_assert_max_num_queries):
    """Disqualified players are ranked after everybody else (rules-interpretation.md section 4): p01 goes from 1 to
    8, the seven others each move up one place (2= becomes 1=, 4 becomes 3, ...)."""
    with django_assert_max_num_queries(STANDINGS_QUERIES):
        found = status_change(small.regs["p01"], "disqualified")
    assert found == StatusChange(Placing(1, False, 26_200, 8), Placing(8, False, 26_200, 8), 7)
    assert Registration.objects.get(pk=small.regs["p01"].pk).status == "active"  # nothing written


def test_withdrawing_one_of_a_tie(small):
    """p06 leaves the results (5.8): p05 keeps rank 2, alone now (not a move); p07..p08 move up one: 5 moved."""
    found = status_change(small.regs["p06"], "withdrawn")
    assert found == StatusChange(Placing(2, True, 15_000, 8), Placing(None, False, None, 7), 5)


def test_the_total_counts_penalties_and_not_the_cancelled_one(small):
    """p02: +900 + 5,000 - 20,000 (chombo, 3.4.6) = -14,100, rank 6; p05's obstruction was cancelled: 15,000."""
    assert status_change(small.regs["p02"], "active").before == Placing(6, False, -14_100, 8)
    assert status_change(small.regs["p05"], "active").before == Placing(2, True, 15_000, 8)
    assert status_change(small.regs["p02"], "active").moved == 0


def test_bringing_a_withdrawn_player_back(small):
    players.set_status(actor=None, registration=small.regs["p08"], status="withdrawn")
    found = status_change(Registration.objects.get(pk=small.regs["p08"].pk), "active")
    assert found == StatusChange(Placing(None, False, None, 7), Placing(8, False, -25_000, 8), 0)


def test_before_any_result(db):
    """All four share rank 1 with 0; disqualified, p01 is ranked 4 and the other three still share rank 1."""
    from tests.tournament.factories import make_event, numbered_people

    tournament = make_event("empty", numbered_people(4))
    first = tournament.registrations.get(key="p01")
    assert status_change(first, "disqualified") == StatusChange(
        Placing(1, True, 0, 4), Placing(4, False, 0, 4), 0
    )
