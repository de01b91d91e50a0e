"""selectors.session_seats: who sits where in one session as plain tuples, in one query."""

from tournament.selectors.session_seats import SeatLine, session_seats
from tournament.services.schedule import ensure_sessions


def test_tables_in_order_with_their_seats_in_seat_order(small, django_assert_num_queries):
    regs = small.regs
    with django_assert_num_queries(1):
        tables = session_seats(small.two.pk)
    assert list(tables) == [1, 2]
    assert tables[1] == [
        SeatLine(1, "E", regs["p01"].pk, "p01", "First01", "Last01"),
        SeatLine(1, "S", regs["p05"].pk, "p05", "First05", "Last05"),
        SeatLine(1, "W", regs["p03"].pk, "p03", "First03", "Last03"),
        SeatLine(1, "N", regs["p07"].pk, "p07", "First07", "Last07"),
    ]
    assert [line.key for line in tables[2]] == ["p02", "p06", "p04", "p08"]


def test_a_withdrawn_player_keeps_the_seat_until_it_is_changed(small):
    from tournament.services import players

    players.set_status(actor=None, registration=small.regs["p06"], status="withdrawn")
    assert [line.key for line in session_seats(small.two.pk)[2]] == ["p02", "p06", "p04", "p08"]


def test_a_session_without_seating_and_an_unknown_session(small):
    third = ensure_sessions(actor=None, tournament=small.tournament, count=3)[2]
    assert session_seats(third.pk) == {}
    assert session_seats(0) == {}
