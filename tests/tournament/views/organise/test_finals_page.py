"""The organiser's finals page (docs/organisers.md, "Finals and cuts"): the preview (GET) writes nothing and shows
who goes through with the carry-over; a tie the tie-breaks leave is offered to the organiser; "Make the cut" writes
it; undo before the first final result. Then the public standings show the final's group with the carry-over, the
player page says "finalist" and the hall display announces the finalists. Figures: tests/scoring/finals_event.py,
worked by hand."""

import pytest

from tests.tournament.finals_event import finals_event, play_the_final
from tests.tournament.services.expect import database
from tournament.models import Cut

URL = "/t/open/organise/finals/"
CUT = {"after_session": "6", "top": "8", "carry": "halved", "sessions": "1"}


@pytest.fixture
def organiser(client, db, make_user):
    tournament = finals_event(tie_breaks=("fewest_fourths",))
    client.force_login(make_user("olga", tournament=tournament, role="organiser"))
    return client


def test_preview_decide_the_tie_make_the_cut_and_undo(organiser):
    page = organiser.get(URL).content.decode()
    assert 'name="after_session"' in page and 'value="6"' in page
    before = database()
    preview = organiser.get(URL, CUT).content.decode()
    assert database() == before
    assert "First01 Last01" in preview and "+30.0" in preview  # 60,000 at the cut, halved
    assert 'name="through" value="p21"' in preview and 'name="through" value="p22"' in preview
    refused = organiser.post(URL, CUT)
    assert (
        refused.status_code == 400
        and "First21 Last21 (p21), First22 Last22 (p22)" in refused.content.decode()
    )
    assert organiser.post(URL, CUT | {"through": "p22"}).status_code == 302
    made = organiser.get(URL).content.decode()
    assert "the organiser&#x27;s decision" in made or "the organiser's decision" in made
    assert "Undo the cut" in made
    assert organiser.post(URL + "undo/").status_code == 302
    assert not Cut.objects.exists()


def test_the_public_pages_after_the_cut(organiser, client):
    organiser.post(URL, CUT | {"through": "p21"})
    standings = client.get("/t/open/standings/").content.decode()
    assert '<tr class="group-heading"><th colspan="10" scope="rowgroup">Final</th></tr>' in standings
    assert "carried +30.0" in standings
    assert (
        'class="move' not in standings
    )  # the cut orders everybody anew: no places gained or lost since session 5
    assert (
        standings.index("First21 Last21")
        < standings.index("As they stood at the cut")
        < standings.index("First22 Last22")
    )
    player = client.get("/t/open/players/p01/").content.decode()
    assert "finalist" in player and "Plays the final, carrying over +30.0." in player
    assert "finalist" not in client.get("/t/open/players/p22/").content.decode()
    slides = client.get("/t/open/display/pages/").content.decode()
    assert 'data-title="The final: the top 8 after session 6"' in slides
    assert slides.index('data-page="finalists"') < slides.index('data-page="standings"')
    play_the_final(Cut.objects.get().tournament)
    assert "A final session has results" in organiser.get(URL).content.decode()
