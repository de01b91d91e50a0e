"""The session's substitutes page (issue 20, item 3): organisers and referees pick a free reserve or name a guest
for a seat, and remove a substitute; a refusal is a 400 naming what, nothing changed; ?player= opens that form."""

import pytest

from tests.tournament.services.expect import database
from tests.tournament.substitute_event import seat, substitute_event

URL = "/t/day/organise/sessions/1/substitutes/"


@pytest.fixture
def event(db):
    return substitute_event()


@pytest.fixture
def referee(client, event, make_user):
    client.force_login(make_user("rita", tournament=event, role="referee"))
    return client


def test_a_referee_picks_a_reserve_and_a_guest_and_removes_one(referee, event):
    page = referee.get(URL + "?player=p02").content.decode()
    assert "<details open>" in page.split('id="player-p02"')[1].split("</li>")[0]
    assert '<option value="r01">Jan Jansen</option>' in page
    assert referee.post(URL, {"player": "p02", "reserve": "r01"}).status_code == 302
    assert referee.post(URL, {"player": "p05", "guest": "Piet Gast"}).status_code == 302
    page = referee.get(URL).content.decode()
    assert "Jan Jansen (for First02 Last02)" in page and "Piet Gast (for First05 Last05)" in page
    assert '<option value="r01">' not in page  # no longer free in this session
    assert referee.post(URL, {"player": "p02", "action": "remove"}).status_code == 302
    assert seat(event, 1, "p02").substitute_label == ""


def test_a_refusal_is_a_400_naming_what(referee, event):
    before = database()
    response = referee.post(URL, {"player": "p02", "reserve": "r01", "guest": "Piet"})
    assert response.status_code == 400
    assert "choose either a reserve or a guest" in response.content.decode()
    assert database() == before


def test_the_public_and_other_tournaments_staff_are_kept_out(client, event):
    assert client.get(URL).status_code == 302  # to the login page
    assert client.get("/t/day/organise/sessions/9/substitutes/").status_code in (302, 404)
