"""The session's substitutes page (issue 20, item 3): organisers and referees pick a free reserve or name a guest
for a seat, and remove a substitute; a refusal is a 400 naming what, nothing changed; ?player= opens that form."""

import pytest

from tests.tournament.services.expect import database
from tests.tournament.substitute_event import seat, substitute_event
from tournament.services.results import SeatScore, enter_table_result

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


def test_a_table_with_a_result_offers_the_correction_checkbox_and_refuses_without_it(referee, event):
    """Issue 20, "Bad input": the checkbox only at the seats of a table with a result; unticked a 400 naming the
    table, nothing written; ticked a new version of the result with the seat substituted from the start (5.8)."""
    table = event.sessions.get(number=1).tables.get(number=1)
    scores = [
        SeatScore(wind, raw) for wind, raw in zip("ESWN", (35_000, 40_000, 25_000, 20_000), strict=True)
    ]
    enter_table_result(actor=None, table=table, scores=scores)
    page = referee.get(URL).content.decode()
    assert 'id="correct-p02"' in page and '<label for="correct-p02">Correct the result</label>' in page
    assert 'id="correct-p05"' not in page  # table 2 has no result
    before = database()
    response = referee.post(URL, {"player": "p02", "reserve": "r01"})
    assert response.status_code == 400
    assert "Session 1, table 1 already has a result" in response.content.decode()
    assert database() == before
    response = referee.post(URL, {"player": "p02", "reserve": "r01", "correct": "1"}, follow=True)
    assert "The result of table 1 is corrected" in response.content.decode()
    current = table.results.get(is_current=True)
    assert (current.version, current.seat_results.get(seat__wind="S").substitute_name) == (2, "Jan Jansen")
    assert referee.post(URL, {"player": "p02", "action": "remove"}).status_code == 400
    assert referee.post(URL, {"player": "p02", "action": "remove", "correct": "1"}).status_code == 302
    assert table.results.get(is_current=True).seat_results.get(seat__wind="S").substitute == ""


def test_the_page_shows_who_is_absent_without_a_substitute(referee, event):
    """Issue 28 item 5: the players marked absent whose seat nobody plays yet are named at the top, each linked to
    their form; once a substitute plays the seat the player is no longer named there."""
    from tournament.services.attendance import mark

    mark(actor=None, tournament=event, session_number=1, key="p02", present=False)
    mark(actor=None, tournament=event, session_number=1, key="p07", present=False)
    mark(actor=None, tournament=event, session_number=1, key="p03", present=True)
    page = referee.get(URL).content.decode()
    block = page.split('absent-without-substitute"')[1].split("</section>")[0]
    assert "Absent without a substitute" in block
    assert '<a href="?player=p02#player-p02">' in block and "First02 Last02 (table 1)" in block
    assert "First07 Last07 (table 2)" in block and "First03" not in block
    referee.post(URL, {"player": "p02", "reserve": "r01"})
    page = referee.get(URL).content.decode()
    block = page.split('absent-without-substitute"')[1].split("</section>")[0]
    assert "First02" not in block and "First07 Last07 (table 2)" in block
    referee.post(URL, {"player": "p07", "guest": "Piet Gast"})
    assert 'absent-without-substitute"' not in referee.get(URL).content.decode()
