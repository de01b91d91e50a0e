"""One home for display conventions (tournament/display/names.py): shared ranks and alphabetical order."""

import pytest

from tournament.display.names import listed_name, name_sort_key, rank_label, split_surname
from tournament.printing.seating_lists import SeatingByName
from tournament.services import players, schedule
from tournament.services.tournaments import create_tournament

PEOPLE = [("Pim", "Zander"), ("Anna", "de Vries"), ("Joris", "van den Berg"), ("Sven", "Øster")]


def test_rank_label():
    assert (rank_label(2, True), rank_label(2, False)) == ("2=", "2")


@pytest.mark.parametrize(
    "last, prefix, main",
    [
        ("van den Berg", "van den", "Berg"),
        ("de Vries", "de", "Vries"),
        ("De Vries", "", "De Vries"),
        ("van", "", "van"),
    ],
)
def test_dutch_prefixes(last, prefix, main):
    assert split_surname(last) == (prefix, main)


def test_listed_names():
    assert listed_name("van den Berg", "Joris") == "Berg, Joris van den"
    assert listed_name("Zander", "Pim") == "Zander, Pim"
    assert listed_name("Zander", "") == "Zander"


def test_the_order_of_an_alphabetical_list():
    ordered = sorted(PEOPLE, key=lambda p: name_sort_key(p[1], p[0]))
    assert [last for _, last in ordered] == ["van den Berg", "Øster", "de Vries", "Zander"]


@pytest.fixture
def seated(db):
    tournament = create_tournament(actor=None, slug="alpha", name="Alpha Open")
    regs = [
        players.register_player(actor=None, tournament=tournament, first_name=first, last_name=last)
        for first, last in PEOPLE
    ]
    (session,) = schedule.ensure_sessions(actor=None, tournament=tournament, count=1)
    schedule.set_session_seating(actor=None, session=session, tables=[regs])
    session.seating_published = True
    session.save()
    return tournament


def test_screen_and_paper_lists_sort_the_same_way(client, seated):
    html = client.get("/t/alpha/sessions/1/").content.decode()
    seat_list = html.split('class="seat-list"', 1)[1]
    screen = [
        name
        for name in ("Berg, Joris van den", "Øster, Sven", "Vries, Anna de", "Zander, Pim")
        if name in seat_list
    ]
    assert screen == ["Berg, Joris van den", "Øster, Sven", "Vries, Anna de", "Zander, Pim"]
    assert sorted(screen, key=seat_list.index) == screen
    wall = SeatingByName(seated, session=1).context()["pages"][0][0]
    assert [f"{line.surname}, {line.given}" for line in wall] == screen
