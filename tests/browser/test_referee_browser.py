"""The referee on a phone (issue 9): log in, enter a table, refusals, a chombo, the preview, saving, conflicts.

Screenshots go to $TENBOU_SCREENSHOTS (or the test's tmp dir) for people to look at."""

import os
import re
from pathlib import Path

import pytest

from tournament.models import Penalty, TableResult
from tournament.services.tournaments import create_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}


@pytest.fixture
def shots(tmp_path):
    folder = Path(os.environ.get("TENBOU_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def log_in(page, base, username, language="en"):
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username" if language == "en" else "Gebruikersnaam").fill(username)
    page.get_by_label("Password" if language == "en" else "Wachtwoord").fill("secret-pass-123")
    page.get_by_role("button", name="Log in" if language == "en" else "Inloggen").click()


def new_phone(browser, language="en"):
    context = browser.new_context(**PHONE, locale="nl-NL" if language == "nl" else "en-GB")
    return context, context.new_page()


def fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= 390


def player(page, wind_name):
    """The raw-score input of a seat, found by its label 'East, <player>'."""
    return page.get_by_label(f"{wind_name}, ", exact=False).and_(page.locator("input.raw"))


def test_a_referee_enters_a_table_from_the_phone(live_server, browser, demo, make_user, shots):
    make_user("rita", tournament=demo, role="referee")
    context, page = new_phone(browser)
    log_in(page, live_server.url, "rita")
    page.wait_for_url("**/t/demo/referee/")
    page.get_by_role("link", name="Session 6", exact=False).and_(page.locator("a.progress-item")).click()
    assert fits_the_phone(page)
    page.screenshot(path=str(shots / "referee-session-390-en.png"), full_page=True)
    page.get_by_role("link", name="Table 1", exact=False).first.click()
    page.wait_for_url("**/sessions/6/tables/1/")
    assert fits_the_phone(page)

    for wind, raw in (("East", "41,200"), ("South", "30.900"), ("West", "25700"), ("North", "22000")):
        player(page, wind).fill(raw)
    page.locator("#preview").get_by_text("200 missing").wait_for()
    page.screenshot(path=str(shots / "referee-typing-390-en.png"), full_page=True)
    page.get_by_role("button", name="Save").click()
    page.locator("#table-form > p.field-error").get_by_text("(200 short)").wait_for()
    page.screenshot(path=str(shots / "referee-error-390-en.png"), full_page=True)
    assert not TableResult.objects.filter(table__session__number=6, table__number=1).exists()

    player(page, "North").fill("22,200")
    page.locator("#preview").get_by_text("adds up").wait_for()
    north = demo.sessions.get(number=6).tables.get(number=1).seats.get(wind="N").registration.player
    page.get_by_role("button", name=f"Chombo ({north})").click()
    page.wait_for_url("**/tables/1/#penalties")
    assert Penalty.objects.filter(kind="chombo", session__number=6).count() == 1
    # the typed values came back from the phone's storage; the preview counts the chombo (3.4.6)
    assert player(page, "North").input_value() == "22,200"
    page.locator("#preview").get_by_text("\u221242.8").wait_for()
    assert fits_the_phone(page)  # the preview's table of five columns too
    page.screenshot(path=str(shots / "referee-preview-390-en.png"), full_page=True)
    page.get_by_role("button", name="Save").click()
    page.get_by_text("saved (version 1)").wait_for()
    assert TableResult.objects.get(table__session__number=6, table__number=1).entered_by_label == "rita"

    page.goto(f"{live_server.url}/t/demo/standings/")
    headers = page.locator("table.standings thead th").all_inner_texts()
    assert "S6" in [h.upper() for h in headers]
    context.close()


def test_two_referees_save_the_same_table_at_once(live_server, browser, demo, make_user):
    make_user("rita", tournament=demo, role="referee")
    make_user("olga", tournament=demo, role="referee")
    pages = []
    for name in ("rita", "olga"):
        context, page = new_phone(browser)
        log_in(page, live_server.url, name)
        page.goto(f"{live_server.url}/t/demo/referee/sessions/6/tables/2/")
        pages.append((context, page))
    (_, rita), (_, olga) = pages
    for page, raws in (
        (rita, ("41200", "30900", "25700", "22200")),
        (olga, ("30000", "30000", "30000", "30000")),
    ):
        for wind, raw in zip(("East", "South", "West", "North"), raws, strict=True):
            player(page, wind).fill(raw)
    rita.get_by_role("button", name="Save").click()
    rita.get_by_text("saved (version 1)").wait_for()
    olga.get_by_role("button", name="Save").click()
    olga.get_by_text("Somebody else saved this table").wait_for()
    assert "rita" in olga.locator(".conflict").inner_text()
    assert fits_the_phone(olga)  # the refusal swapped in, with the saved version's preview
    assert player(olga, "East").input_value() == "30000"  # nothing typed is lost
    assert TableResult.objects.filter(table__session__number=6, table__number=2).count() == 1
    olga.get_by_role("button", name="Save mine as a correction").click()
    olga.get_by_text("saved (version 2)").wait_for()
    versions = TableResult.objects.filter(table__session__number=6, table__number=2).order_by("version")
    assert list(versions.values_list("version", "entered_by_label")) == [(1, "rita"), (2, "olga")]
    for context, _ in pages:
        context.close()


def test_a_referee_of_another_tournament_is_refused(live_server, browser, demo, make_user):
    other = create_tournament(actor=None, slug="other-open", name="Other Open")
    make_user("outsider", tournament=other, role="referee")
    context, page = new_phone(browser)
    log_in(page, live_server.url, "outsider")
    response = page.goto(f"{live_server.url}/t/demo/referee/sessions/6/tables/1/")
    assert response.status == 403
    assert "This page is not open to you" in page.content()
    context.close()


def test_the_pages_in_dutch_fit_the_phone(live_server, browser, demo, make_user, shots):
    make_user("rita", tournament=demo, role="referee")
    context, page = new_phone(browser, "nl")
    log_in(page, live_server.url, "rita", "nl")
    page.goto(f"{live_server.url}/t/demo/referee/sessions/6/tables/3/")
    player(page, "Oost").fill("41200")
    player(page, "Zuid").fill("30900")
    page.locator("#preview").get_by_text("ontbreekt").wait_for()
    assert fits_the_phone(page)
    page.screenshot(path=str(shots / "referee-typing-390-nl.png"), full_page=True)
    player(page, "West").fill("25700")
    player(page, "Noord").fill("22200")
    page.locator("#preview .preview-table").wait_for()  # the sum is right: place, uma, deduction, result
    assert fits_the_phone(page)
    assert page.evaluate(
        "document.querySelector('#preview').scrollWidth <= document.querySelector('#preview').clientWidth"
    )
    page.goto(f"{live_server.url}/t/demo/referee/sessions/6/")
    page.screenshot(path=str(shots / "referee-session-390-nl.png"), full_page=True)
    assert fits_the_phone(page)
    context.close()


def test_a_lost_connection_keeps_the_values_and_a_retry_saves_once(live_server, browser, demo, make_user):
    make_user("rita", tournament=demo, role="referee")
    context, page = new_phone(browser)
    log_in(page, live_server.url, "rita")
    page.goto(f"{live_server.url}/t/demo/referee/sessions/6/tables/4/")
    for wind, raw in zip(
        ("East", "South", "West", "North"), ("41200", "30900", "25700", "22200"), strict=True
    ):
        player(page, wind).fill(raw)
    page.locator("#preview").get_by_text("adds up").wait_for()
    context.set_offline(True)
    page.get_by_role("button", name="Save").click()
    page.get_by_text("Not saved: the connection failed").wait_for()
    assert player(page, "East").input_value() == "41200"
    assert not TableResult.objects.filter(table__session__number=6, table__number=4).exists()
    context.set_offline(False)
    page.reload()  # the typed values and the form's submission key come back from the phone's storage
    page.get_by_text("The values you typed earlier on this phone are back").wait_for()
    assert player(page, "North").input_value() == "22200"
    page.get_by_role("button", name="Save").click()
    page.get_by_text("saved (version 1)").wait_for()
    assert TableResult.objects.filter(table__session__number=6, table__number=4).count() == 1
    page.goto(f"{live_server.url}/t/demo/referee/sessions/6/tables/4/")
    assert page.locator("#restored").is_hidden()  # nothing left over once saved
    context.close()


def test_a_hanchan_in_progress_on_the_digital_sheet(live_server, browser, demo, make_user, shots):
    make_user("rita", tournament=demo, role="referee")
    context, page = new_phone(browser)
    log_in(page, live_server.url, "rita")
    page.goto(f"{live_server.url}/t/demo/referee/sessions/6/tables/5/")
    page.get_by_role("link", name="Digital score sheet").click()
    east, south, west = (page.get_by_role("group", name=re.compile(f"^{wind} ")) for wind in "ESW")
    # hand 1: South riichi, ron on West's discard, 3 fan 40 minipoints (5,200: section 6)
    page.get_by_label("Ron (on a discard)").check()
    south.get_by_label("riichi").check()
    south.get_by_label("won").check()
    south.get_by_label("Fan").fill("3")
    south.get_by_label("Minipoints").select_option("40")
    page.get_by_label("Discarded by").select_option("W")
    page.get_by_role("button", name="Add the hand").click()
    page.get_by_text("35,200").first.wait_for()
    # hand 2: an exhaustive draw, East and West tenpai: South and North pay 1,500 each (3.4.2)
    page.get_by_label("Exhaustive draw").check()
    east.get_by_label("tenpai").check()
    west.get_by_label("tenpai").check()
    page.get_by_role("button", name="Add the hand").click()
    page.get_by_text("1 counter").wait_for()
    assert fits_the_phone(page)
    page.screenshot(path=str(shots / "sheet-in-progress-390-en.png"), full_page=True)
    context.close()


def test_the_sheets_raw_points_fill_the_form_at_once(live_server, browser, demo, make_user):
    """A game ended by the time signal (5.9) after two hands: South's ron 3 fan 40 from West with riichi (5,200,
    section 6) and East's tsumo 2 fan 30 (500 from each non-dealer, 1,000 from the dealer: section 6) ends
    E 32,000 S 34,200 W 24,300 N 29,500, 120,000 in all. Tapping "Use these raw points as the table result" shows
    that sum at once ("adds up"), even on a phone that kept older typing for this table."""
    make_user("rita", tournament=demo, role="referee")
    context, page = new_phone(browser)
    log_in(page, live_server.url, "rita")
    page.goto(f"{live_server.url}/t/demo/referee/sessions/6/tables/5/")
    page.get_by_label("East, ", exact=False).first.fill("30000")  # older typing, kept on this phone
    page.get_by_role("link", name="Digital score sheet").click()
    page.get_by_role("button", name="The 15-minute signal sounded").click()
    south = page.get_by_role("group", name=re.compile("^S "))
    page.get_by_label("Ron (on a discard)").check()
    south.get_by_label("riichi").check()
    south.get_by_label("won").check()
    south.get_by_label("Fan").fill("3")
    south.get_by_label("Minipoints").select_option("40")
    page.get_by_label("Discarded by").select_option("W")
    page.get_by_role("button", name="Add the hand").click()
    page.get_by_text("35,200").first.wait_for()
    east = page.get_by_role("group", name=re.compile("^E "))
    page.get_by_label("Tsumo (self-drawn)").check()
    east.get_by_label("won").check()
    east.get_by_label("Fan").fill("2")
    east.get_by_label("Minipoints").select_option("30")
    page.get_by_role("button", name="Add the hand").click()
    page.get_by_role("link", name="Use these raw points as the table result").click()
    page.get_by_text("These raw points come from the digital score sheet").wait_for()
    sum_box = page.locator("#preview .sum")
    assert "Sum 120,000 of 120,000" in sum_box.inner_text() and "adds up" in sum_box.inner_text()
    page.wait_for_timeout(500)  # the phone's script has run: it kept the sheet's values, not the older typing
    assert page.locator('input[name="E-raw"]').input_value() == "32000"
    assert "missing" not in page.locator("#preview").inner_text()
    context.close()
