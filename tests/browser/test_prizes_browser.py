"""The prize list in the browser: an organiser opens the prizes page from the navigation, sees who wins each prize
(a tie for first broken by the best session, a tie nobody can break, a category prize), adds a prize with the form
(labels, not ids) and the usual ones; the public list on a phone fits its width. The event's figures are worked
by hand in tests/tournament/prize_event.py. Screenshots go to $TENBOU_SCREENSHOTS (or the test's tmp dir)."""

import pytest
from django.contrib.auth import get_user_model

from tests.tournament.prize_event import prize_event
from tournament.models import TournamentRole

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def event():
    tournament = prize_event(name="Leiden Riichi Open", city="Leiden", country="NED")
    user = get_user_model().objects.create_user(username="olga", password="secret-pass-123")
    TournamentRole.objects.create(tournament=tournament, user=user, role="organiser")
    return tournament


@pytest.fixture
def desk(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    yield context.new_page()
    context.close()


def row_text(page, title: str) -> str:
    return " ".join(
        page.locator("table.prizes tr", has=page.get_by_text(title, exact=True)).inner_text().split()
    )


def test_the_organiser_defines_prizes_and_sees_the_winners(live_server, event, desk, shots):
    desk.goto(f"{live_server.url}/accounts/login/")
    desk.get_by_label("Username").fill("olga")
    desk.get_by_label("Password").fill("secret-pass-123")
    desk.get_by_role("button", name="Log in").click()
    desk.goto(f"{live_server.url}/t/prizes/organise/")
    desk.get_by_role("link", name="Prizes", exact=True).click()
    assert desk.locator("h2").first.inner_text() == "Prizes"

    first = row_text(desk, "First place")
    assert (
        "First01 Last01" in first
        and "place decided by the tie-break: the higher best single session" in first
    )
    sixth = row_text(desk, "Sixth place")
    assert "Tie between First07 Last07 and First08 Last08" in sixth
    assert "the tie-breaks cannot separate them" in sixth
    assert "First02 Last02" in row_text(desk, "Best newcomer")
    desk.screenshot(path=str(shots / "prizes-organiser.png"), full_page=True)

    desk.get_by_label("Prize:", exact=True).fill("Fourth place")
    desk.get_by_label("Ranking:").select_option(label="Standings")
    desk.get_by_label("Place:").fill("4")
    desk.get_by_role("button", name="Add the prize").click()
    assert "The prize “Fourth place” is added." in desk.locator("body").inner_text()
    assert "First06 Last06" in row_text(desk, "Fourth place")  # 27,500: fourth (prize_event.py)

    desk.get_by_role("button", name="Add the usual prizes").click()
    assert "prize added: Third place." in desk.locator("body").inner_text()
    assert "First05 Last05" in row_text(desk, "Third place")

    # the papers for the ceremony: the preview of the certificates shows one landscape sheet per winner
    desk.get_by_role("link", name="Preview").nth(1).click()
    sheets = desk.locator("section.certificate")
    assert sheets.count() == 9  # 8 prizes, the sixth place held by two
    assert "First01 Last01" in sheets.nth(0).inner_text()
    box = sheets.nth(0).bounding_box()
    assert box["width"] > box["height"]  # landscape
    sheets.nth(0).screenshot(path=str(shots / "certificate-preview.png"))


def test_the_public_prize_list_on_a_phone(live_server, event, phone, shots):
    phone.goto(f"{live_server.url}/t/prizes/standings/")
    phone.get_by_role("link", name="Prizes and their winners").click()
    assert "Tie between First07 Last07 and First08 Last08" in phone.locator("table.prizes").inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(shots / "prizes-public-phone.png"), full_page=True)
