"""The side rankings' pages in a real browser (issue 22, item 4): a category page on a phone (390 px) fits the
screen without sideways scrolling, in readable type, with every link of the header in view; the team page too.
Screenshots of both pages (and a player page with their places) at 390 and 1280 px, in English and Dutch, go to $TENBOU_SCREENSHOTS (or the test's tmp
dir) for people to look at."""

import pytest

from tournament.models import Registration, Tournament
from tournament.services.hall_display import set_hall_display

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = ["Dragon Tails Utrecht", "Kreuzberger Kans", "Nordic Winds", "Red Fives", "Les Dames de Paris"]
CATEGORY = "/t/demo/rankings/category/newcomer/"
TEAM = "/t/demo/rankings/team/"


@pytest.fixture
def ranked(demo):
    """The demo's players in five teams of six and a team of two (short of the best 4 counted), every third player
    a newcomer; the team, country and club rankings and the newcomers shown."""
    players = list(Registration.objects.filter(tournament=demo, status="active").order_by("key"))
    for index, registration in enumerate(players):
        registration.team = TEAMS[index % len(TEAMS)] if index < 30 else "Solo"
        registration.categories = ["newcomer"] if index % 3 == 0 else []
        registration.save(update_fields=["team", "categories"])
    Tournament.objects.filter(pk=demo.pk).update(
        shown_groups=["team", "country", "club"], shown_categories=["newcomer"], team_best=4
    )
    return demo


def open_page(browser, url: str, width: int, language: str):
    context = browser.new_context(
        viewport={"width": width, "height": 844},
        device_scale_factor=1,
        is_mobile=width < 500,
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    page.goto(url)
    return context, page


def fits(page, width: int) -> None:
    """Nothing scrolls sideways: not the page, not the table in its box; every header link is in view."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.locator("#live .table-container")
    widths = box.evaluate("element => [element.scrollWidth, element.clientWidth]")
    assert widths[0] <= widths[1], widths
    for link in page.locator(".site-header a").all():
        edge = link.bounding_box()
        assert edge["x"] >= 0 and edge["x"] + edge["width"] <= width, link.inner_text()


def test_the_category_page_on_a_phone(live_server, ranked, browser):
    context, page = open_page(browser, live_server.url + CATEGORY, 390, "en")
    rows = page.locator("table.ranking tbody tr")
    categories = Registration.objects.filter(tournament=ranked).values_list("categories", flat=True)
    assert rows.count() == sum("newcomer" in found for found in categories) == 11
    first = rows.nth(0).locator("td").all_inner_texts()
    assert first[0] == "1" and first[3].startswith(("+", "-"))
    fits(page, 390)
    # readable: the figures and names are at least 14 px, the place in the standings beside them
    sizes = page.locator("table.ranking tbody tr:first-child td").evaluate_all(
        "cells => cells.map(cell => parseFloat(getComputedStyle(cell).fontSize))"
    )
    assert min(sizes) >= 14, sizes
    assert page.get_by_role("link", name="Newcomer").count() >= 1  # the header links the page
    context.close()


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("language", ["en", "nl"])
def test_screenshots_of_the_team_category_and_player_pages(
    live_server, ranked, browser, shots, width, language
):
    player = (
        "/t/demo/players/"
        + Registration.objects.filter(tournament=ranked, team="Red Fives").first().key
        + "/"
    )
    for name, url in (("team", TEAM), ("category", CATEGORY), ("player", player)):
        context, page = open_page(browser, live_server.url + url, width, language)
        page.screenshot(path=str(shots / f"ranking-{name}-{language}-{width}.png"), full_page=True)
        fits(page, width)
        context.close()


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_the_hall_display_shows_a_ranking_in_large_type(live_server, ranked, screen, shots, width, height):
    set_hall_display(actor=None, tournament=ranked, pages=["rankings"], page_seconds=60, clock_alone=False)
    page = screen(width, height, locale="en-GB")
    page.goto(f"{live_server.url}/t/demo/display/?poll=1")
    slide = page.locator('section[data-page="rankings"]:not([hidden])')
    slide.wait_for()
    assert page.locator(".display-slide-title").inner_text() == "Team ranking after session 5"
    rows = slide.locator("li")
    assert rows.count() == 6 and rows.nth(0).locator(".name").inner_text() == "Dragon Tails Utrecht"
    # large type: a row is a tenth of the page's height, its text half of that (display.css)
    assert float(rows.nth(0).evaluate("li => parseFloat(getComputedStyle(li).fontSize)")) >= height * 0.02
    for index in range(rows.count()):  # every row's words in view, none cut at the column's edge
        assert rows.nth(index).evaluate("li => li.scrollWidth <= li.clientWidth")
    page.screenshot(path=shots / f"ranking-display-{width}.png")
