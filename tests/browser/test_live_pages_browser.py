"""The public live pages in a real browser: the background refresh survives a network drop (the old content stays,
"retrying" shows, the new content comes when the network is back, the scroll position is kept), the rank and the
name stay in view while the session columns scroll on a phone, a marked figure opens on a tap. Screenshots of the
standings at 390 and 1280 px in English and Dutch go to $TENBOU_SHOTS (default: the test's temporary folder)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tournament.services.results import SeatScore, enter_table_result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def open_page(browser):
    contexts = []

    def open_(width: int, language: str = "en"):
        context = browser.new_context(
            viewport={"width": width, "height": 844 if width < 500 else 900},
            device_scale_factor=1,
            is_mobile=width < 500,
            has_touch=width < 500,
            locale=language,
            extra_http_headers={"Accept-Language": language},
        )
        contexts.append(context)
        return context, context.new_page()

    yield open_
    for context in contexts:
        context.close()


def enter_a_result(tournament, session: int = 6, table: int = 1):
    found = tournament.sessions.get(number=session).tables.get(number=table)
    scores = [SeatScore(w, raw) for w, raw in zip("ESWN", (47_300, 33_100, 24_600, 15_000), strict=True)]
    enter_table_result(actor=None, table=found, scores=scores, expected_version=0)


def test_a_network_drop_during_a_refresh_keeps_the_old_standings(live_server, demo, open_page, tmp_path):
    context, page = open_page(390)
    page.clock.install()
    page.goto(f"{live_server.url}/t/demo/standings/")
    heading = page.locator("#live h2")
    expect(heading).to_have_text("Standings after session 5")
    status = page.locator("[data-live-status]")
    page.evaluate("window.scrollTo(0, 400)")
    assert page.evaluate("window.scrollY") > 0
    row_10 = page.locator("table.standings tbody tr").nth(9)
    in_view = row_10.bounding_box()["y"]  # where the reader is, in the window

    context.set_offline(True)
    page.clock.fast_forward(61_000)  # past the refresh interval (45 s and up to 15 s more)
    expect(status).to_contain_text("retrying")
    expect(status).to_have_class("live-status stale")
    expect(heading).to_have_text("Standings after session 5")  # the old content stays
    assert page.locator("table.standings tbody tr").count() == 32
    assert row_10.bounding_box()["y"] == pytest.approx(in_view, abs=2)
    page.screenshot(path=str(Path(os.environ.get("TENBOU_SHOTS", tmp_path)) / "standings-offline-390.png"))

    enter_a_result(demo)
    context.set_offline(False)  # the page asks again when the browser is back online
    page.clock.fast_forward(16_000)  # or at the retry, 15 s after the failure
    expect(heading).to_have_text("Standings after session 6")
    expect(page.locator("#live .notice.provisional")).to_contain_text(
        "Provisional: 1 of 8 tables of session 6"
    )
    expect(status).to_contain_text("Updated")
    expect(status).to_have_class("live-status")
    assert row_10.bounding_box()["y"] == pytest.approx(in_view, abs=2)  # new content, same place


def test_an_unchanged_page_is_not_downloaded_again(live_server, demo, open_page):
    context, page = open_page(1280)
    page.clock.install()
    statuses = []
    page.on(
        "response",
        lambda response: statuses.append(response.status) if "/standings/" in response.url else None,
    )
    page.goto(f"{live_server.url}/t/demo/standings/")
    page.clock.fast_forward(61_000)
    expect(page.locator("[data-live-status]")).to_contain_text("Updated")
    page.wait_for_timeout(300)
    assert statuses[:2] == [200, 304]


def test_rank_and_name_stay_in_view_while_the_sessions_scroll(live_server, demo, open_page):
    _context, page = open_page(390)
    page.goto(f"{live_server.url}/t/demo/standings/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator("#live .table-container")
    box.evaluate("element => element.scrollLeft = 400")
    assert box.evaluate("element => element.scrollLeft") > 100
    rank = page.locator("table.standings tbody tr").first.locator("td.rank").bounding_box()
    name = page.locator("table.standings tbody tr").first.locator("td.name").bounding_box()
    container = box.bounding_box()
    assert rank["x"] == pytest.approx(container["x"] + 1, abs=2)
    assert name["x"] == pytest.approx(rank["x"] + rank["width"], abs=2)


def test_a_marked_figure_opens_on_a_tap(live_server, demo, open_page):
    _context, page = open_page(390)
    page.goto(f"{live_server.url}/t/demo/standings/")
    mark = page.locator('td.penalised summary[title^="Chombo"]').first
    mark.scroll_into_view_if_needed()
    mark.tap()
    expect(page.locator("td.penalised details[open] .pop")).to_have_text("Chombo: \u221220.0")


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("width", [390, 1280])
def test_standings_screenshots(live_server, demo, open_page, tmp_path, language, width):
    folder = Path(os.environ.get("TENBOU_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    enter_a_result(demo)
    _context, page = open_page(width, language)
    page.goto(f"{live_server.url}/t/demo/standings/")
    expect(page.locator("#live h2")).to_contain_text("6")
    mark = page.locator('td.penalised summary[title^="Chombo"]').first
    mark.scroll_into_view_if_needed()
    mark.click()
    page.locator("#live .table-container").evaluate("element => element.scrollLeft = 0")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(folder / f"standings-{language}-{width}.png"), full_page=width > 500)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
