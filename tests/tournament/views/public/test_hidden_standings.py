"""Standings hidden before the prize ceremony (issue 10): the public sees no standings, no ranks, no downloads;
the tournament's staff still do."""

import re
from pathlib import Path

import pytest

from tournament.services.tournaments import update_tournament


@pytest.fixture
def hidden(demo):
    update_tournament(actor=None, tournament=demo, standings_hidden=True)
    return demo


def test_the_public_sees_a_notice_instead_of_the_standings(client, hidden):
    html = client.get("/t/demo/standings/").content.decode()
    assert "hidden the standings until the prize ceremony" in html and "<table" not in html
    response = client.get("/t/demo/export/standings-csv/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_player_page_keeps_the_results_but_not_the_rank(client, hidden):
    key = hidden.registrations.order_by("id").first().key
    html = client.get(f"/t/demo/players/{key}/").content.decode()
    assert "Rank after" in html  # the column is there, empty
    assert "Running total" in html and 'class="points running" data-label="Running total"></td>' in html


def test_staff_still_see_them(referee_client, hidden):
    html = referee_client.get("/t/demo/standings/").content.decode()
    assert "<table" in html and "hidden the standings" not in html


def standings_slides(html: str) -> int:
    return html.count('data-page="standings"')


@pytest.mark.parametrize("viewer", ["client", "organiser_client"])
def test_the_hall_display_never_shows_hidden_standings(request, hidden, viewer):
    """The hall's screen is seen by the whole hall, whoever is logged in on the browser that shows it."""
    browser = request.getfixturevalue(viewer)
    assert standings_slides(browser.get("/t/demo/display/").content.decode()) == 0
    pages = browser.get("/t/demo/display/pages/").content.decode()
    assert standings_slides(pages) == 0 and 'data-page="seating-tables"' in pages
    assert "+83.5" not in pages  # the leader's total (test_hall_display)


def test_the_hall_display_shows_the_standings_again_once_shown(client, hidden):
    update_tournament(actor=None, tournament=hidden, standings_hidden=False)
    pages = client.get("/t/demo/display/pages/").content.decode()
    assert standings_slides(pages) == 2  # 32 players, 20 a page


def test_staff_may_download_them(referee_client, hidden):
    response = referee_client.get("/t/demo/export/standings-csv/")
    assert response.status_code == 200 and "Joris" in response.content.decode()


def test_one_rule_decides(settings):
    """The public views, exports, player pages, the display and the clock ask selectors.visibility; none reads
    the tournament's switches itself (where a second copy of the rule would start)."""
    root = Path(settings.BASE_DIR) / "tournament"
    readers = [
        str(path.relative_to(root))
        for folder in ("views", "selectors", "exporters", "forms", "tables", "printing")
        for path in (root / folder).rglob("*.py")
        if re.search(r"\.(is_public|standings_hidden)\b", path.read_text())
    ]
    assert readers == ["selectors/visibility.py"]
