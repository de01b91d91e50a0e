"""selectors.results: the standings, the scored tables and the penalty lines, computed from the entered results on
the small event of conftest.py (its figures are computed there by hand).

The query counts are upper bounds that hold without any in-process memo of scored tables: the standings read the
registrations, the current results, their seats and the penalties, whatever the size of the event."""

from tests.tournament.factories import make_event, numbered_people
from tests.tournament.selectors.conftest import RANKS, SESSION_1, TOTALS, enter, key_of
from tournament.selectors.results import last_session, penalty_lines, scored_tables, standings
from tournament.services import checks, players
from tournament.services.tournaments import update_tournament

STANDINGS_QUERIES = (
    5  # registrations, current results, their seat results, penalties, the cut (scoring.finals)
)


def ranked(small, found):
    return [(key_of(small, row.player), row.rank, row.tied) for row in found.rows]


def totals(small, found):
    return {key_of(small, row.player): row.total for row in found.rows}


def test_the_standings_of_the_small_event(small, django_assert_max_num_queries):
    with django_assert_max_num_queries(STANDINGS_QUERIES):
        found = standings(small.tournament)
    assert ranked(small, found) == RANKS
    assert totals(small, found) == TOTALS
    assert found.sessions == (1,) and found.after_session is None and last_session(found) == 1
    assert found.player(found.rows[0]).name == "First01 Last01"


def test_the_session_line_shows_raw_score_uma_and_penalties(small):
    """p02: raw 30,900, score +900, uma +5,000 (3.6.1), chombo 20,000 after uma (3.4.6)."""
    rows = {key_of(small, row.player): row for row in standings(small.tournament).rows}
    (line,) = rows["p02"].sessions
    assert (line.session, line.table, line.wind, line.raw) == (1, 1, "S", 30_900)
    assert (line.score, line.uma, line.penalties, line.total) == (900, 5_000, 20_000, -14_100)
    (tied,) = rows["p05"].sessions  # tied for first: (15,000 + 5,000) / 2 (3.6.1); the obstruction cancelled
    assert (tied.score, tied.uma, tied.penalties) == (5_000, 10_000, 0)


def test_a_correction_counts_its_latest_version_only(small):
    """Version 1 had E and N swapped: p01 would have -7,800 - 15,000; version 2 gives him 26,200."""
    assert totals(small, standings(small.tournament))["p01"] == 26_200
    table_2 = small.one.tables.get(number=2)
    enter(table_2, (20_000, 35_000, 30_000, 35_000), version=1)  # E and N swapped now
    # S and N tie for first (10,000 each), W third (-5,000), E fourth: -10,000 - 15,000
    found = totals(small, standings(small.tournament))
    assert (found["p05"], found["p06"], found["p07"], found["p08"]) == (-25_000, 15_000, -8_000, 15_000)


def test_before_any_result_everybody_shares_first_place_with_nothing(db, django_assert_max_num_queries):
    tournament = make_event("empty", numbered_people(4), [SESSION_1[:1]])
    with django_assert_max_num_queries(STANDINGS_QUERIES):
        found = standings(tournament)
    assert [(row.rank, row.tied, row.total, row.sessions) for row in found.rows] == [(1, True, 0, ())] * 4
    assert found.sessions == () and last_session(found) == 0
    assert scored_tables(tournament) == [] and penalty_lines(tournament) == []


def test_a_withdrawn_player_is_left_out_and_a_disqualified_one_ranked_last(small):
    """Rules-interpretation.md section 4: withdrawn (removed from the results, 5.8) not ranked; disqualified at the
    bottom whatever the total; the others' ranks close up."""
    players.set_status(actor=None, registration=small.regs["p01"], status="disqualified")
    players.set_status(actor=None, registration=small.regs["p06"], status="withdrawn")
    found = standings(small.tournament)
    assert ranked(small, found) == [
        ("p05", 1, False),
        ("p07", 2, False),
        ("p03", 3, False),
        ("p02", 4, False),
        ("p04", 5, False),
        ("p08", 6, False),
        ("p01", 7, False),
    ]
    assert totals(small, found)["p01"] == 26_200  # the result still counts (for the EMA ranking)
    assert len(found.players) == 8  # the withdrawn player is still a player of the tournament


def test_after_session_counts_the_sessions_up_to_it(small):
    two = small.two.tables.order_by("number")
    enter(two[0], (30_000, 30_000, 30_000, 30_000))  # four tied: 0 each (3.6.1)
    enter(two[1], (45_000, 35_000, 25_000, 15_000))  # p02 +30,000, p06 +10,000, p04 -10,000, p08 -30,000
    after_1, latest = standings(small.tournament, after_session=1), standings(small.tournament)
    assert totals(small, after_1) == TOTALS and after_1.sessions == (1,) and last_session(after_1) == 1
    assert latest.sessions == (1, 2) and last_session(latest) == 2
    found = totals(small, latest)
    assert (found["p02"], found["p06"], found["p04"], found["p08"]) == (15_900, 25_000, -32_800, -55_000)
    assert found["p01"] == 26_200


def test_the_query_count_does_not_grow_with_the_event(demo, django_assert_max_num_queries):
    """32 players, 5 sessions of 8 tables: the same four queries as the small event (no query per table)."""
    with django_assert_max_num_queries(STANDINGS_QUERIES):
        found = standings(demo)
    assert len(found.rows) == 32 and found.sessions == (1, 2, 3, 4, 5)
    assert all(len(row.sessions) == 5 for row in found.rows)


def test_scored_tables_in_session_and_table_order(small, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):  # current results, their seat results
        tables = scored_tables(small.tournament)
    assert [(t.session, t.table) for t in tables] == [(1, 1), (1, 2)]
    first = tables[0].outcomes
    assert [(o.wind, o.raw, o.place, o.score, o.uma) for o in first] == [
        ("E", 41_200, 1, 11_200, 15_000),
        ("S", 30_900, 2, 900, 5_000),
        ("W", 25_700, 3, -4_300, -5_000),
        ("N", 22_200, 4, -7_800, -15_000),
    ]
    assert scored_tables(small.tournament, after_session=0) == []


def test_a_substitute_from_the_start_places_the_others_and_scores_the_seat(small):
    """5.8 (rules-interpretation.md section 2): the substitute for p07 (N) wins with 50,000; the others are placed
    behind: p01 (E) 2nd, p05 (S) 3rd, p03 (W) 4th; the seat records -15,000 and uma -15,000 for p07."""
    table = small.two.tables.get(number=1)
    enter(table, (30_000, 25_000, 15_000, 50_000), substitutes={"N": ("from_start", "Sam Stand-in")})
    (scored,) = scored_tables(small.tournament, after_session=2)[2:]
    by_wind = {o.wind: (o.score, o.uma) for o in scored.outcomes}
    assert by_wind == {
        "E": (0, 5_000),
        "S": (-5_000, -5_000),
        "W": (-15_000, -15_000),
        "N": (-15_000, -15_000),
    }
    found = totals(small, standings(small.tournament))
    assert (found["p01"], found["p05"], found["p03"], found["p07"]) == (31_200, 5_000, -39_300, -38_000)


def test_penalty_lines_leave_out_cancelled_penalties(small, django_assert_num_queries):
    """Chombo 20,000 (3.4.6), lateness 3 x 1,000 (5.7); the cancelled obstruction is not a line."""
    with django_assert_num_queries(1):
        lines = penalty_lines(small.tournament)
    assert sorted((key_of(small, line.player), line.session, line.points) for line in lines) == [
        ("p02", 1, 20_000),
        ("p07", 1, 3_000),
    ]
    assert penalty_lines(small.tournament, after_session=0) == []


def test_with_the_second_check_only_confirmed_results_count(small, make_user):
    """Only confirmed results count unless the organiser counts unconfirmed ones (the second check: docs/referees.md,
    "Corrections")."""
    tournament = update_tournament(
        actor=None, tournament=small.tournament, confirmation_required=True, count_unconfirmed=False
    )
    assert standings(tournament).sessions == () and scored_tables(tournament) == []
    checker = make_user("carla", tournament=tournament, role="referee")
    checks.check_result(actor=checker, table=small.one.tables.get(number=2), version=1, verdict="confirmed")
    found = totals(small, standings(tournament))
    assert (found["p05"], found["p06"], found["p07"], found["p08"]) == (15_000, 15_000, -8_000, -25_000)
    assert (found["p01"], found["p02"]) == (0, -20_000)  # table 1 not confirmed: only the chombo counts
    tournament = update_tournament(actor=None, tournament=tournament, count_unconfirmed=True)
    assert totals(small, standings(tournament)) == TOTALS
