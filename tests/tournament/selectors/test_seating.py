"""selectors.seating: a session's tables, a player's schedule and table mates, withdrawn players' open seats, on the
small event of conftest.py (session 1 played, session 2 seated without results)."""

from tests.tournament.selectors.conftest import SESSION_1, SESSION_2
from tournament.selectors.seating import (
    open_seats,
    player_schedule,
    session_tables,
    table_mates,
    withdrawn_with_open_seats,
)
from tournament.services import players
from tournament.services.schedule import ensure_sessions


def test_a_sessions_tables_in_seat_order(small, django_assert_num_queries):
    with django_assert_num_queries(1):
        tables = session_tables(small.two)
        found = [
            (
                table["number"],
                [
                    (seat.wind, seat.registration.key, seat.registration.player.last_name)
                    for seat in table["seats"]
                ],
            )
            for table in tables
        ]
    assert found == [
        (1, [("E", "p01", "Last01"), ("S", "p05", "Last05"), ("W", "p03", "Last03"), ("N", "p07", "Last07")]),
        (2, [("E", "p02", "Last02"), ("S", "p06", "Last06"), ("W", "p04", "Last04"), ("N", "p08", "Last08")]),
    ]
    assert [[s.registration.key for s in t["seats"]] for t in session_tables(small.one)] == SESSION_1


def test_a_session_without_seating_has_no_tables(small):
    third = ensure_sessions(actor=None, tournament=small.tournament, count=3)[2]
    assert session_tables(third) == []


def test_withdrawn_players_with_seats_in_sessions_without_results(small, django_assert_num_queries):
    """p03 withdraws after session 1: his seat in session 2 is open; once session 2 has results it is not."""
    assert withdrawn_with_open_seats(small.tournament, {1}) == []
    players.set_status(actor=None, registration=small.regs["p03"], status="withdrawn")
    players.set_status(actor=None, registration=small.regs["p04"], status="disqualified")  # still plays
    with django_assert_num_queries(2):
        found = withdrawn_with_open_seats(small.tournament, {1})
        assert [(r.key, r.player.last_name) for r in found] == [("p03", "Last03")]
    assert withdrawn_with_open_seats(small.tournament, {1, 2}) == []
    with django_assert_num_queries(1):
        seats = open_seats(small.regs["p03"], {1})
        assert [(s.session.number, s.table.number, s.wind) for s in seats] == [(2, 1, "W")]
    assert [s.session.number for s in open_seats(small.regs["p03"], set())] == [1, 2]


def test_a_players_schedule_with_table_mates(small, django_assert_num_queries):
    """p05 sits East at table 2 in session 1 and South at table 1 in session 2 (conftest.py)."""
    with django_assert_num_queries(3):  # the player's seats, the mates, the sessions
        lines = player_schedule(small.tournament, small.regs["p05"])
    assert [(line.session.number, line.seat.table.number, line.seat.wind) for line in lines] == [
        (1, 2, "E"),
        (2, 1, "S"),
    ]
    assert [key for key, _name in lines[0].opponents] == ["p06", "p07", "p08"]
    assert lines[1].opponents == [
        ("p01", "First01 Last01"),
        ("p03", "First03 Last03"),
        ("p07", "First07 Last07"),
    ]


def test_an_unpublished_seating_is_not_in_the_schedule(small):
    small.tournament.sessions.filter(number=2).update(seating_published=False)
    lines = player_schedule(small.tournament, small.regs["p05"])
    assert [(line.session.number, line.seat is None, line.opponents) for line in lines][1] == (2, True, [])
    assert lines[0].seat is not None


def test_table_mates_by_table(small, django_assert_num_queries):
    seats = list(small.regs["p08"].seats.all())
    with django_assert_num_queries(1):
        mates = table_mates(seats)
    by_session = {seat.session.number: mates[seat.pk] for seat in seats}
    assert [key for key, _ in by_session[1]] == SESSION_1[1][:3]
    assert [key for key, _ in by_session[2]] == SESSION_2[1][:3]
