"""Issue 20, item 3 on the player's own page: a player whose seat is played from the start by a substitute (5.8)
reads so in their next table and schedule; the reserve who takes it sees the seat (table, wind, "for ...") there."""

import html

import pytest

from tests.tournament.substitute_event import substitute_event
from tournament.services.substitutes import substitute


@pytest.fixture
def event(db):
    tournament = substitute_event()
    substitute(tournament=tournament, session_number=1, player_key="p02", reserve_key="r01", actor=None)
    return tournament


def page(client, key: str, **headers) -> str:
    response = client.get(f"/t/day/players/{key}/", **headers)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def next_table(shown: str) -> str:
    return shown.split('<section class="next-table')[1].split("</section>")[0]


def test_the_substituted_player_reads_who_plays_their_seat(client, event):
    shown = page(client, "p02")
    assert "Substituted by Jan Jansen in session 1" in next_table(shown)
    assert "Table <strong>" not in next_table(shown)  # no table to go to in session 1
    row = shown.split('data-anchor="session-1"')[1].split("</tr>")[0]
    assert "Substituted by Jan Jansen in session 1" in row
    assert "Substituted by" not in shown.split('data-anchor="session-2"')[1].split("</tr>")[0]


def test_the_reserve_sees_the_seat_they_take(client, event):
    shown = page(client, "r01")
    box = next_table(shown)
    assert "Table <strong>1</strong>" in box and "<strong>S</strong> (South)" in box
    assert "for First02 Last02" in box
    row = shown.split('data-anchor="session-1"')[1].split("</tr>")[0]
    assert "for First02 Last02" in row and ">South<" in row
    assert "First01 Last01" in row and "First03 Last03" in row and "First04 Last04" in row
    assert "First02 Last02</a>" not in row  # the player they substitute for is not a table mate
    assert ">—<" in shown.split('data-anchor="session-2"')[1].split("</tr>")[0]  # no seat in session 2


def test_in_dutch(client, event):
    assert "Vervangen door Jan Jansen in sessie 1" in page(client, "p02", HTTP_ACCEPT_LANGUAGE="nl")
    assert "voor First02 Last02" in next_table(page(client, "r01", HTTP_ACCEPT_LANGUAGE="nl"))


def test_a_new_substitute_shows_at_once(client, event):
    assert "Substituted by" not in page(client, "p03")  # the page is built and remembered
    substitute(tournament=event, session_number=1, player_key="p03", guest="Piet Gast", actor=None)
    assert "Substituted by Piet Gast in session 1" in page(client, "p03")
