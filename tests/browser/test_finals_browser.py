"""The organiser's finals page in the browser, on a laptop (1280 px) and a phone (390 px): the form by its labels,
the preview of who goes through with the carry-over (nothing written), the tie the tie-breaks leave decided by
ticking a player, "Make the cut"; every input labelled, on the phone the buttons and the player to tick at least
44 px high, no sideways scroll. The event's figures are worked by hand in tests/scoring/finals_event.py. Screenshots go to
$TENBOU_SCREENSHOTS (or the test's tmp dir)."""

import pytest
from django.contrib.auth import get_user_model

from tests.tournament.finals_event import finals_event
from tournament.models import Cut, TournamentRole

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def event():
    tournament = finals_event(tie_breaks=("fewest_fourths",))
    user = get_user_model().objects.create_user(username="olga", password="secret-pass-123")
    TournamentRole.objects.create(tournament=tournament, user=user, role="organiser")
    return tournament


def log_in(page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("olga")
    page.get_by_label("Password").fill("secret-pass-123")
    page.get_by_role("button", name="Log in").click()


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (390, 844)], ids=["laptop", "phone"])
def test_the_finals_page(live_server, event, browser, shots, width, height):
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="en-GB", is_mobile=width < 500
    )
    page = context.new_page()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/t/open/organise/finals/")
    assert page.locator("h2").first.inner_text() == "Finals"
    page.get_by_label("After session:").fill("6")
    page.get_by_label("Players in the final:").fill("8")
    page.get_by_label("Their scores:").select_option(label="halved")
    page.get_by_role("button", name="Preview").click()
    preview = page.locator("#cut-preview")
    assert "First01 Last01" in preview.inner_text() and "+30.0" in preview.inner_text()
    assert not Cut.objects.exists()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if width < 500:  # touch targets on a phone (tenbou.css)
        for button in (
            page.get_by_role("button", name="Preview"),
            page.get_by_role("button", name="Make the cut"),
        ):
            assert button.bounding_box()["height"] >= 44
        assert (
            page.get_by_label("First22 Last22 (+20.0 → +10.0)").locator("xpath=..").bounding_box()["height"]
            >= 44
        )
    page.screenshot(path=str(shots / f"finals-preview-{width}.png"), full_page=True)
    page.get_by_label("First22 Last22 (+20.0 → +10.0)").check()
    page.get_by_role("button", name="Make the cut").click()
    assert "The cut is made: the top 8 play session 7, seated by place." in page.locator("body").inner_text()
    assert Cut.objects.get().places.get(registration__key="p22").how == "organiser"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(shots / f"finals-made-{width}.png"), full_page=True)
    context.close()
