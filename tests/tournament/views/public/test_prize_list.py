"""The public prize list (/t/<slug>/prizes/): the prizes and their winners once the organiser defined prizes; it
tells the standings' order, so hidden standings hide it from the public (selectors.visibility), not from staff."""

import pytest

from tests.tournament.prize_event import prize_event
from tournament.services.prizes import delete_prize
from tournament.services.tournaments import update_tournament

URL = "/t/prizes/prizes/"


@pytest.fixture
def event(db):
    return prize_event()


def flat(response) -> str:
    return " ".join(response.content.decode().split())


def test_the_standings_link_the_prize_list(client, event):
    assert f'href="{URL}"' in flat(client.get("/t/prizes/standings/"))


def test_the_public_sees_each_prize_and_its_winner(client, event):
    response = client.get(URL)
    assert response.status_code == 200
    text = flat(response)
    assert "First place" in text and "First01 Last01" in text
    assert "Tie between First07 Last07 and First08 Last08" in text
    assert response["ETag"]  # a live page: a 304 while nothing changed
    assert client.get(URL, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


def test_hidden_standings_hide_the_prize_list_from_the_public_not_from_staff(client, event, make_user):
    update_tournament(actor=None, tournament=event, standings_hidden=True)
    text = flat(client.get(URL))
    assert "hidden the standings until the prize ceremony" in text and "First01 Last01" not in text
    client.force_login(make_user("ref", tournament=event, role="referee"))
    assert "First01 Last01" in flat(client.get(URL))


def test_without_prizes_there_is_no_list(client, event):
    for prize in event.prizes.all():
        delete_prize(actor=None, prize=prize)
    assert client.get(URL).status_code == 404
    assert f'href="{URL}"' not in flat(client.get("/t/prizes/standings/"))


def test_the_prize_list_in_dutch(client, event):
    text = flat(client.get(URL, HTTP_ACCEPT_LANGUAGE="nl"))
    assert "Prijzen" in text and "Gelijk tussen First07 Last07 en First08 Last08" in text
