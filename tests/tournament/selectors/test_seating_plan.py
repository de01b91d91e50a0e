"""selectors.seating_plan: between the tournament's rows and the seating generator, on the small event of
conftest.py (session 1 played, session 2 seated). The services that write a plan, the limits of session numbers
and the quality report are in tests/tournament/seating/."""

from itertools import combinations

import pytest

from tests.tournament.selectors.conftest import SESSION_1, SESSION_2
from tournament.errors import DomainError
from tournament.selectors.seating_plan import (
    SeatingPlan,
    check_generation,
    check_seated_count,
    group_of,
    plan_by_standings,
    plan_generation,
    planned_seating,
    seated_players,
    stored_seating,
)
from tournament.services import players

STANDINGS_QUERIES = 5  # as selectors.results, without any memo


def by_key(small, seating):
    keys = {reg.pk: key for key, reg in small.regs.items()}
    return {number: [[keys[r] for r in table] for table in tables] for number, tables in seating.items()}


def meetings(sessions) -> dict:
    """How often each pair sat at one table."""
    met: dict = {}
    for tables in sessions:
        for table in tables:
            for pair in combinations(sorted(table), 2):
                met[pair] = met.get(pair, 0) + 1
    return met


def repeats(sessions) -> int:
    """Pairs meeting more than once, each extra meeting counted."""
    return sum(count - 1 for count in meetings(sessions).values())


def test_the_stored_seating(small, django_assert_num_queries):
    with django_assert_num_queries(1):
        seating = stored_seating(small.tournament)
    assert by_key(small, seating) == {1: SESSION_1, 2: SESSION_2}


def test_the_players_to_seat_by_registration(small, django_assert_num_queries):
    players.set_status(actor=None, registration=small.regs["p03"], status="withdrawn")
    players.set_status(actor=None, registration=small.regs["p04"], status="disqualified")  # still seated
    with django_assert_num_queries(1):
        found = [info.key for info in seated_players(small.tournament)]
    assert found == ["p01", "p02", "p04", "p05", "p06", "p07", "p08"]


@pytest.mark.parametrize(
    ("count", "message"),
    [
        (
            7,
            "7 players are active or disqualified, but the seating needs a multiple of 4: register 1 more or make reserves active.",
        ),
        (
            2,
            "2 players are active or disqualified, but the seating needs a multiple of 4: register 2 more or make reserves active.",
        ),
        (
            0,
            "0 players are active or disqualified, but the seating needs a multiple of 4: register 4 more or make reserves active.",
        ),
        (2004, "2,004 players are active or disqualified; the seating generator seats at most 2,000."),
    ],
)
def test_a_count_that_cannot_sit_four_to_a_table(count, message):
    with pytest.raises(DomainError) as refused:
        check_seated_count(count)
    assert refused.value.message == message
    check_seated_count(8)


def test_the_checks_before_a_search(small, django_assert_num_queries):
    with django_assert_num_queries(2):  # the players, the sessions with results
        seated, kept = check_generation(small.tournament, 3)
    assert len(seated) == 8 and kept == [1]
    for sessions, code in ((0, "bad_session_count"), (41, "too_many_sessions"), (1, "all_played")):
        with pytest.raises(DomainError) as refused:
            check_generation(small.tournament, sessions)
        assert refused.value.code == code
    players.set_status(actor=None, registration=small.regs["p08"], status="withdrawn")
    with pytest.raises(DomainError) as refused:
        check_generation(small.tournament, 2)
    assert refused.value.code == "player_count"


def test_a_plan_that_is_already_the_best_comes_back(small):
    """Eight players, two sessions: every table of session 2 seats four players of two session-1 tables, so at
    least two pairs at each table meet again (2-2 gives two pairs, 3-1 three): 4 repeats is the least, and the
    stored session 2 has exactly that. The generator starts from it and keeps it; session 1 (played) is kept."""
    plan = plan_generation(small.tournament, n_sessions=2, seed=0, time_budget=5)
    assert plan.kept == (1,) and sorted(plan.seating) == [2] and plan.source == "generated"
    found = by_key(small, plan.seating)[2]
    assert {frozenset(t) for t in found} == {frozenset(t) for t in SESSION_2}
    assert repeats([SESSION_1, found]) == 4


def test_a_third_session_generated_after_the_two(small):
    plan = plan_generation(small.tournament, n_sessions=3, seed=1, time_budget=5)
    seating = by_key(small, planned_seating(small.tournament, plan))
    assert sorted(seating) == [1, 2, 3] and seating[1] == SESSION_1
    assert sorted(key for table in seating[3] for key in table) == sorted(small.regs)
    # Three sessions of two tables: no pair meets in all three. Then each player's sides (table 1 or 2 in each
    # session) differ from everybody else's: the eight players hold the eight patterns, 4 pairs never meet, and of
    # the 36 meetings 12 are repeats (12 pairs twice, 12 once). Fewer repeats (8) would keep pairs together in
    # all three sessions.
    assert max(meetings(seating.values()).values()) == 2 and repeats(seating.values()) == 12


def test_session_2_by_the_standings_after_session_1(small, django_assert_max_num_queries):
    """1 p01, 2= p05, 2= p06, 4 p07, 5 p03, 6 p02, 7 p04, 8 p08: the leader at table 1, tables in rank order."""
    with django_assert_max_num_queries(STANDINGS_QUERIES + 5):
        plan = plan_by_standings(small.tournament, number=2)
    assert (plan.source, plan.kept, sorted(plan.seating)) == ("standings", (1,), [2])
    first, second = by_key(small, plan.seating)[2]
    assert "p01" in first and sorted(first + second) == sorted(small.regs)
    order = ["p01", "p05", "p06", "p07", "p03", "p02", "p04", "p08"]
    assert min(map(order.index, first)) < min(map(order.index, second))


def test_by_the_standings_is_refused_for_a_session_with_results_or_the_first(small):
    for number, code in ((1, "no_standings"), (4, "session_number")):
        with pytest.raises(DomainError) as refused:
            plan_by_standings(small.tournament, number=number)
        assert refused.value.code == code
    from tests.tournament.selectors.conftest import enter

    enter(small.two.tables.get(number=1), (30_000, 30_000, 30_000, 30_000))
    with pytest.raises(DomainError) as refused:
        plan_by_standings(small.tournament, number=2)
    assert refused.value.code == "session_has_results"


def test_groups_to_avoid(small):
    info = seated_players(small.tournament)[0]._replace(club="  Tonpuu ", country="NED")
    assert (group_of(info, "club"), group_of(info, "country"), group_of(info, None)) == (
        "tonpuu",
        "NED",
        None,
    )
    assert (
        group_of(info._replace(club=" "), "club") is None
        and group_of(info._replace(country=""), "country") is None
    )


def test_a_plan_kept_in_the_browser_comes_back_the_same():
    plan = SeatingPlan({3: [[1, 2, 3, 4]]}, (1, 2), "imported", None, "club")
    data = plan.as_data()
    assert data == {
        "seating": {"3": [[1, 2, 3, 4]]},
        "kept": [1, 2],
        "source": "imported",
        "seed": None,
        "avoid": "club",
    }
    assert SeatingPlan.from_data(data) == plan
