"""selectors.phones: a player finding themself by name or EMA number, and their next table; on the small event of
conftest.py (session 1 played, session 2 seated and published). Cases on the demo's names (accents, "van den
Berg") are in tests/tournament/views/test_find_player.py."""

import re
from datetime import timedelta

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring.limits import MAX_FOUND_PLAYERS
from tournament.models import Registration
from tournament.selectors.phones import NextSeat, find_players, listed, next_seat
from tournament.services import players
from tournament.services.clock import end_clock, start_clock


def keys(found):
    return [info.key for info in found]


def test_by_every_word_of_the_name_or_the_start_of_the_ema_number(small, django_assert_num_queries):
    players.update_person(
        actor=None,
        player=small.regs["p04"].player,
        first_name="Øster",
        last_name="Dijk",
        ema_id="08010004",
        country="GER",
    )
    with django_assert_num_queries(1):
        assert keys(find_players(small.tournament, "ostER")) == ["p04"]
    assert keys(find_players(small.tournament, "dijk, oster")) == ["p04"]
    assert (
        keys(find_players(small.tournament, "080100"))
        == ["p04"]
        == keys(find_players(small.tournament, "0801 0004"))
    )
    assert keys(find_players(small.tournament, "0802")) == []
    # alphabetical by last name: Dijk before Last01 (every name holds an i)
    assert keys(find_players(small.tournament, "I"))[:3] == ["p04", "p01", "p02"]
    assert listed(find_players(small.tournament, "oster")[0]) == "Dijk, Øster"


def test_nothing_for_an_empty_query_and_at_most_thirty(small, django_assert_num_queries):
    with django_assert_num_queries(0):
        assert find_players(small.tournament, "  , ") == []
    for number in range(9, 9 + MAX_FOUND_PLAYERS):
        players.register_player(
            actor=None,
            tournament=small.tournament,
            key=f"x{number}",
            first_name="Many",
            last_name=f"M{number:02d}",
        )
    assert len(find_players(small.tournament, "many")) == MAX_FOUND_PLAYERS == 30


def test_a_withdrawn_player_is_still_found(small):
    """Their player page still shows their results."""
    players.set_status(actor=None, registration=small.regs["p03"], status="withdrawn")
    assert keys(find_players(small.tournament, "last03")) == ["p03"]


def test_the_next_seat_is_in_the_first_session_not_finished(small, django_assert_num_queries):
    """p05: session 1 has its result, so session 2, table 1, South; playing while session 2's clock runs."""
    five = Registration.objects.select_related("tournament").get(pk=small.regs["p05"].pk)
    with django_assert_num_queries(3):  # the seat, its session, table and names, the live session
        assert next_seat(five) == NextSeat(2, None, 1, "S", False)
    start_clock(actor=None, session=small.two, at=timezone.now() - timedelta(minutes=10))
    assert next_seat(five) == NextSeat(2, None, 1, "S", True)
    end_clock(actor=None, session=small.two)
    assert next_seat(five) is None  # session 2 ended: nothing after it


def test_a_table_with_its_result_is_finished_before_the_session(small):
    from tests.tournament.selectors.conftest import enter

    enter(small.two.tables.get(number=1), (30_000, 30_000, 30_000, 30_000))
    assert next_seat(small.regs["p05"]) is None  # table 1 of session 2 is done
    assert next_seat(small.regs["p06"]) == NextSeat(2, None, 2, "S", False)  # table 2 still plays


def test_no_next_seat_before_the_seating_is_published(small):
    small.tournament.sessions.filter(number=2).update(seating_published=False)
    assert next_seat(small.regs["p05"]) is None


def test_no_statement_of_the_next_seat_names_more_than_seven_tables(small):
    """One statement of nine tables (the seat, its session and table, the player and the reserve with their
    names, the clock's end, the table's result) took PostgreSQL 45 ms to plan for a 0.5 ms run on the 400-player
    event: most of a player's page after a change. The seat is found first, its names then."""
    five = Registration.objects.select_related("tournament").get(pk=small.regs["p05"].pk)
    with CaptureQueriesContext(connection) as queries:
        assert next_seat(five) == NextSeat(2, None, 1, "S", False)
    tables = [len(re.findall(r'(?:FROM|JOIN) "', query["sql"])) for query in queries.captured_queries]
    assert max(tables) <= 7 and len(tables) == 3
