"""Layout in a real browser (issue 21 item 10): the player page's schedule is not cut off at 1280 px (every column
fits the table's box) and the page never scrolls sideways, at 1280 and 390 px. Screenshots go to $TENBOU_SHOTS
(default: the test's temporary folder)."""

import os
from pathlib import Path

import pytest

from tournament import selectors

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_players_schedule_is_not_cut_off(live_server, demo, browser, tmp_path, language, width):
    context = browser.new_context(
        viewport={"width": width, "height": 900},
        device_scale_factor=1,
        is_mobile=width < 500,
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    key = demo.registrations.order_by("key").first().key
    page.goto(f"{live_server.url}/t/demo/players/{key}/")
    folder = Path(os.environ.get("TENBOU_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"player-{language}-{width}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # the page never scrolls sideways
    box = page.locator("#live .table-container").last
    # every column in view: the table fits its box (at 1280 px it was cut after "Result", issue 21 item 10)
    widths = box.evaluate("element => [element.scrollWidth, element.clientWidth]")
    assert widths[0] <= widths[1], widths
    if width > 500:  # the last heading inside the box, the box inside the window
        last = page.locator("table.my-schedule thead th").last.bounding_box()
        edge = box.bounding_box()
        assert (
            last["x"] + last["width"] <= edge["x"] + edge["width"] + 1 and edge["x"] + edge["width"] <= width
        )
    context.close()


def test_the_logo_and_the_tiles_draw_without_a_cjk_font_on_the_machine(live_server, browser, tmp_path):
    """This machine has no CJK font (fc-list :lang=ja is empty): the logo is a picture and the tiles' characters
    come from the vendored subset font, so neither shows empty boxes."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/calculator/")
    page.wait_for_function("document.fonts.status === 'loaded'")
    assert page.locator("header img.brand-sub").evaluate("image => image.complete && image.naturalWidth > 0")
    assert page.evaluate("document.fonts.check('14px \"Tenbou Tiles\"', '萬筒索一九東南西北發中')")
    assert page.evaluate(
        "Array.from(document.fonts).some(face => face.family.includes('Tenbou Tiles') && face.status === 'loaded')"
    )
    folder = Path(os.environ.get("TENBOU_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / "calculator-tiles-390.png"))
    context.close()


# Each select's options measured with its own font against the room its box leaves beside the arrow (Chromium
# draws the closed select's arrow in about 20 px of the right padding's side): a closed select never wraps, so an
# option wider than that is cut ("Règles de compétition riichi de l'EMA 2" for both EMA rule sets in French).
OPTIONS_THAT_DO_NOT_FIT = """() => [...document.querySelectorAll("main select")].flatMap(select => {
  const style = getComputedStyle(select);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  return [...select.options].filter(option => pen.measureText(option.text).width > room)
    .map(option => `${select.name}: ${option.text} (${Math.ceil(pen.measureText(option.text).width)} > ${room})`);
})"""


@pytest.mark.parametrize("language", ["en", "nl", "de", "fr"])
def test_the_calculators_choices_are_read_whole_on_a_phone(live_server, browser, tmp_path, language):
    """Issue 21: on a 390 px phone the French calculator cut its rule set ("... de l'EMA 2"); every option of
    every select fits its box and the page never scrolls sideways."""
    context = phone_in(browser, language)
    page = context.new_page()
    page.goto(f"{live_server.url}/calculator/")
    folder = Path(os.environ.get("TENBOU_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"calculator-{language}-390.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate(OPTIONS_THAT_DO_NOT_FIT) == []
    context.close()


# The header's staff links that are not wholly in view: cut by the window's or by their strip's edge.
LINKS_CUT = """() => { const width = document.documentElement.clientWidth;
  return [...document.querySelectorAll(".site-nav a")].filter(link => {
    const r = link.getBoundingClientRect(), strip = link.parentElement.getBoundingClientRect();
    return r.left < Math.max(0, strip.left) - 0.5 || r.right > Math.min(width, strip.right) + 0.5;
  }).map(link => link.textContent.trim()); }"""


@pytest.mark.parametrize("language", ["en", "nl", "de", "fr"])
def test_every_staff_link_is_in_view_on_a_phone(live_server, browser, demo, make_user, tmp_path, language):
    """Issue 21: on the organiser's log at 390 px the header's second strip, the staff links, ended in "Joueu" and
    hid the current page's link ("Journal") beyond the edge; the links wrap, each whole and side by side, and the
    page does not scroll sideways."""
    make_user("olga", tournament=demo, role="organiser")
    context = phone_in(browser, language)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.locator("input[name=username]").fill("olga")
    page.locator("input[name=password]").fill("secret-pass-123")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/t/demo/organise/")
    page.goto(f"{live_server.url}/t/demo/organise/log/")
    folder = Path(os.environ.get("TENBOU_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"log-{language}-390.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate(LINKS_CUT) == []
    assert page.locator(".site-nav a[aria-current=page]").is_visible()
    context.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)])
def test_the_halls_table_cards_lie_in_even_rows(live_server, demo, screen, tmp_path, width, height):
    """Issue 21: the demo's next seating (8 tables, 2 pages of 4) showed 3 cards and 1 below them; each page is
    2 + 2, the cards of a row side by side and as wide as each other, all inside the screen."""
    from tournament.services.hall_display import set_hall_display

    set_hall_display(
        actor=None, tournament=demo, pages=["seating-tables"], page_seconds=60, clock_alone=False
    )
    page = screen(width, height, locale="en-GB")
    page.goto(f"{live_server.url}/t/demo/display/")
    page.wait_for_selector("section.slide-seating-tables:not([hidden]) .table-card")
    folder = Path(os.environ.get("TENBOU_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"display-seating-tables-{width}.png"))
    cards = page.locator("section.slide-seating-tables:not([hidden]) .table-card")
    boxes = [cards.nth(i).bounding_box() for i in range(cards.count())]
    rows = {}
    for box in boxes:
        rows.setdefault(round(box["y"]), []).append(box)
    assert [len(row) for row in rows.values()] == [2, 2]
    assert len({round(box["width"]) for box in boxes}) == 1
    assert all(box["x"] >= 0 and box["x"] + box["width"] <= width for box in boxes)
    assert all(box["y"] + box["height"] <= height for box in boxes)


def phone_in(browser, language: str):
    """A 390 px phone whose browser asks for ``language``."""
    return browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=1,
        is_mobile=True,
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )


TEXT_BOXES = """svg => {
  const frame = svg.getBoundingClientRect();
  return Array.from(svg.querySelectorAll('text')).map(text => {
    const box = text.getBoundingClientRect();
    return [text.textContent, box.left - frame.left, frame.right - box.right, box.top - frame.top,
            frame.bottom - box.bottom];
  });
}"""


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_rank_charts_labels_are_whole_on_a_phone(live_server, demo, browser, tmp_path, language):
    """Issue 28: the player page's rank chart cut its y-axis labels on a phone. Every label of the chart (the
    ranks on the axis, the ranks at the dots, the sessions) lies inside the chart at 390 px: every player's in
    English; in German and French (whose words change the session labels, not the ranks) the last four of the
    standings' (the widest ranks, "32" and "31=")."""
    context = phone_in(browser, language)
    page = context.new_page()
    registrations = demo.registrations.order_by("key")
    if language != "en":
        standings = selectors.standings(demo)
        last = [standings.player(row).key for row in standings.rows[-4:]]
        registrations = registrations.filter(key__in=last)
    for registration in registrations:
        page.goto(f"{live_server.url}/t/demo/players/{registration.key}/")
        chart = page.locator("figure.rank-chart svg")
        if not chart.count():  # a reserve who has not played
            continue
        boxes = chart.evaluate(TEXT_BOXES)
        cut = [(text, [round(side, 1) for side in sides]) for text, *sides in boxes if min(sides) < 0]
        assert not cut, (registration.key, cut)
    folder = Path(os.environ.get("TENBOU_SHOTS", tmp_path))
    page.goto(f"{live_server.url}/t/demo/players/{demo.registrations.order_by('key').first().key}/")
    page.locator("figure.rank-chart").screenshot(path=str(folder / f"rank-chart-{language}-390.png"))
    context.close()


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("players", [36, 148, 1000])
def test_the_rank_charts_axis_labels_fit_wide_ranks_and_larger_text(browser, settings, language, players):
    """Issue 28: the y-axis labels were cut on a phone: the axis left 34 units for them whatever their width, and
    a phone whose text is larger than ours (an accessibility setting, a wider system font) pushed "1000" or
    "148" out of the SVG, which clips. At 390 px, with the text at 125 %, every label lies inside the chart."""
    from django.template.loader import render_to_string
    from django.utils import translation

    from tournament.selectors.overview import RankPoint
    from tournament.views.public.chart import rank_chart

    root = Path(settings.BASE_DIR) / "static" / "css"
    css = (root / "tenbou.css").read_text() + (root / "public.css").read_text()
    css += ".rank-chart svg text { font-size: 15px !important; }"  # a phone whose text is 25 % larger
    ranks = [players, players - 1, players, max(1, players - 3)]
    history = [RankPoint(session=n, rank=rank, tied=True, total=0) for n, rank in enumerate(ranks, start=1)]
    with translation.override(language):
        chart = render_to_string("public/_rank_chart.html", {"chart": rank_chart(history, players)})
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.set_content(
        '<html><head><meta name="viewport" content="width=device-width">'
        f"<style>{css}</style></head><body><main>{chart}</main></body></html>"
    )
    boxes = page.locator("figure.rank-chart svg").evaluate(TEXT_BOXES)
    cut = [(text, [round(side, 1) for side in sides]) for text, *sides in boxes if min(sides) < 0]
    context.close()
    assert not cut, cut


SMALL_BUTTONS = """() => Array.from(document.querySelectorAll('main .button')).filter(button => {
  const r = button.getBoundingClientRect();
  return r.width > 0 && (r.width < 44 || r.height < 44);
}).map(button => `${button.getAttribute('aria-label') || button.textContent.trim()} ${Math.round(button.getBoundingClientRect().width)}`)"""


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_button_is_a_44_px_target_on_a_phone(live_server, browser, demo, make_user, tmp_path, language):
    """Issue 28's review: the prize page's move buttons (↑, ↓) were 44 px high but 31 px wide at 390 px; every
    button of a page is at least 44 by 44 px on a phone."""
    from tournament.services.prizes import add_usual_prizes

    if not demo.prizes.exists():
        add_usual_prizes(actor=None, tournament=demo)
    make_user("olga", tournament=demo, role="organiser")
    context = phone_in(browser, language)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.locator("input[name=username]").fill("olga")
    page.locator("input[name=password]").fill("secret-pass-123")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/t/demo/organise/")
    page.goto(f"{live_server.url}/t/demo/organise/prizes/")
    assert page.locator("main .button[aria-label]").count() > 0  # the move buttons are there
    assert page.evaluate(SMALL_BUTTONS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


SMALL_HEADER_LINKS = """() => Array.from(document.querySelectorAll('main thead a')).filter(link => {
  const r = link.getBoundingClientRect();
  return r.width > 0 && r.height < 44;
}).map(link => `${link.textContent.trim()} ${Math.round(link.getBoundingClientRect().height)}`)"""


def test_a_tables_sorting_links_are_44_px_targets_on_a_phone(
    live_server, browser, demo, make_user, language="de"
):
    """Issue 28's review: the player list's column headers (Spieler, Land, Team, Status: tap to sort) were 15 px
    high links on a 390 px phone; a table header's link is a 44 px target like every other control."""
    make_user("olga", tournament=demo, role="organiser")
    context = phone_in(browser, language)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.locator("input[name=username]").fill("olga")
    page.locator("input[name=password]").fill("secret-pass-123")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/t/demo/organise/")
    page.goto(f"{live_server.url}/t/demo/organise/players/")
    assert page.locator("main thead a").count() >= 3
    assert page.evaluate(SMALL_HEADER_LINKS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


SMALL_PILLS = """() => Array.from(document.querySelectorAll('main .session-nav a')).filter(link => {
  const r = link.getBoundingClientRect();
  return r.width > 0 && (r.height < 44 || r.width < 44);
}).map(link => `${link.textContent.trim()} ${Math.round(link.getBoundingClientRect().height)}`)"""


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_pill_navigation_is_44_px_targets_on_a_phone(live_server, browser, demo, make_user, language):
    """Issue 28's review: the public session page's "Session 1 ... Session 8" and the settings' parts (Details,
    Rules, ...) were 28 px high pills on a 390 px phone; each is a 44 px target."""
    context = phone_in(browser, language)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/demo/sessions/6/")
    assert page.locator("main .session-nav a").count() == 8
    assert page.evaluate(SMALL_PILLS) == []
    make_user("olga", tournament=demo, role="organiser")
    page.goto(f"{live_server.url}/accounts/login/")
    page.locator("input[name=username]").fill("olga")
    page.locator("input[name=password]").fill("secret-pass-123")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/t/demo/organise/")
    page.goto(f"{live_server.url}/t/demo/organise/settings/")
    assert page.locator("main .session-nav a").count() >= 5
    assert page.evaluate(SMALL_PILLS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
