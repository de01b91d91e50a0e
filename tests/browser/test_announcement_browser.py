"""The hall announcement in a browser: large at the bottom of the hall display (1920x1080 and 1280x720), the
pages above it still whole; an open display takes it away without a reload when the organiser removes it; the
banner on a phone (390 px) in English and Dutch."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.services.hall_display import remove_announcement, set_announcement

pytestmark = pytest.mark.django_db(transaction=True)

LUNCH = {
    "en": "Lunch break until 13:30 — the next session starts at 13:45 sharp",
    "nl": "Lunchpauze tot 13.30 uur — de volgende sessie begint om 13.45 uur",
}


def test_the_display_shows_it_and_follows_its_removal(live_server, demo, screen, shots):
    set_announcement(actor=None, tournament=demo, texts=LUNCH, ends_at=timezone.now() + timedelta(hours=1))
    for width, height in ((1920, 1080), (1280, 720)):
        page = screen(width, height, locale="en-GB")
        page.goto(f"{live_server.url}/t/demo/display/?poll=1")
        band = page.locator(".hall-announcement")
        band.wait_for()
        box = band.bounding_box()
        assert box["y"] + box["height"] == pytest.approx(height, abs=2) and box["width"] == pytest.approx(
            width, abs=2
        )
        assert band.inner_text().startswith("Lunch break until 13:30")
        page.screenshot(path=shots / f"announcement-display-{width}.png")
    remove_announcement(actor=None, tournament=demo)
    page.locator(".hall-announcement").wait_for(state="detached", timeout=10_000)
    page.screenshot(path=shots / "announcement-display-removed.png")


@pytest.mark.parametrize(("locale", "start"), [("en-GB", "Lunch break"), ("nl-NL", "Lunchpauze")])
def test_the_banner_on_a_phone(live_server, demo, browser, shots, locale, start):
    set_announcement(actor=None, tournament=demo, texts=LUNCH, ends_at=timezone.now() + timedelta(hours=1))
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, locale=locale)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/demo/standings/")
    banner = page.locator(".announcement")
    assert banner.inner_text().startswith(start) and banner.bounding_box()["width"] <= 390
    page.screenshot(path=shots / f"announcement-phone-{locale}.png")
    context.close()
