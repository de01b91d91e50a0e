"""What people read is right (issue 21): each defect of the issue read in a real browser as a person reads the page,
in Dutch: the visible text, no internal code (snake_case), every number in the page's format (1.000, not 1,000).

One server, one demo (32 players, 5 of 8 sessions played, EMA 2016 rules), several pages:
- item 1, the player's rank chart: its SVG text reads 1 to 32 down the axis, S1 to S5 along it, and the end label is
  the rank the standings show (a shared rank with '=');
- item 2, the referee's refusal of a wrong sum: "1.000 te veel", a sentence starting with a capital;
- item 3, the hall display marks provisional standings as the standings page does;
- item 4, the organiser's log: field labels and "20.000 punten", no field name;
- item 5, the calculator: Dutch yaku and minipoint words, no code, the dealer with seat wind South refused;
- item 7, the sheet's "use these raw points" sum box: tests/browser/test_referee_browser.py::
  test_the_sheets_raw_points_fill_the_form_at_once (not repeated here);
- item 9, the EMA check is not "Ready" with unconfirmed results; the tournament page says "Nu: Sessie 6".

Screenshots go to $TENBOU_SCREENSHOTS (or the test's tmp dir)."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.models import Registration, TableResult, Tournament
from tournament.services.clock import start_clock
from tournament.services.penalties import give_penalty
from tournament.services.results import SeatScore, enter_table_result
from tournament.services.tournaments import update_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # an internal code such as confirmation_required or pair_wait
ENGLISH_THOUSANDS = re.compile(r"\d,\d{3}\b")  # 1,000 is English; Dutch writes 1.000


def dutch_phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        locale="nl-NL",
        extra_http_headers={"Accept-Language": "nl"},
    )
    return context, context.new_page()


def log_in(page, base, username):
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Gebruikersnaam").fill(username)
    page.get_by_label("Wachtwoord").fill("secret-pass-123")
    page.get_by_role("button", name="Inloggen").click()
    page.wait_for_load_state()


def visible(page, selector="main") -> str:
    return page.locator(selector).first.inner_text()


def svg_texts(page, kind: str) -> list[str]:
    return page.locator(f"figure.rank-chart svg text.{kind}").all_text_contents()


def read_rank_chart(page, base):
    """Item 1: the chart of the 11th player (the issue's garbled chart said "1" for an 11th), read from its SVG
    text nodes, and the standings' rank of that player (a shared rank's '=': the view test test_rank_chart_dutch)."""
    page.goto(f"{base}/t/demo/standings/")
    row = page.locator("table.standings tbody tr").nth(10)
    rank = row.locator("td.rank").inner_text().split()[0]  # without the movement arrow
    assert rank == "11"
    row.locator("td.name a").click()
    page.wait_for_url("**/players/**")
    ticks = svg_texts(page, "tick")
    assert ticks[0] == "1" and ticks[-1] == "32", ticks  # 32 players, rank 1 at the top
    assert all(re.fullmatch(r"\d+", tick) for tick in ticks), ticks
    assert svg_texts(page, "session") == ["S1", "S2", "S3", "S4", "S5"]
    assert svg_texts(page, "rank")[-1] == rank  # the end label is the rank the standings show
    ys = [float(t.get_attribute("y")) for t in page.locator("figure.rank-chart svg text.tick").all()]
    assert ys == sorted(ys)  # the coordinates are numbers a browser reads (never '24,0')


def read_sum_refusal(page, base):
    """Item 2: 41.000 + 30.000 + 30.000 + 20.000 = 121.000, 1.000 more than 4 x 30.000 (3.6)."""
    page.goto(f"{base}/t/demo/referee/sessions/6/tables/2/")
    for wind, raw in zip(
        ("Oost", "Zuid", "West", "Noord"), ("41000", "30000", "30000", "20000"), strict=True
    ):
        page.get_by_label(f"{wind}, ", exact=False).and_(page.locator("input.raw")).fill(raw)
    page.get_by_role("button", name="Opslaan").click()
    refusal = page.locator("#table-form > p.field-error").first
    refusal.wait_for()
    text = refusal.inner_text()
    assert "tellen op tot 121.000; dat moet 120.000 zijn (1.000 te veel)" in text, text
    assert text[:1].isupper(), text  # a sentence starts with a capital
    assert not ENGLISH_THOUSANDS.search(text) and "-1" not in text
    assert not TableResult.objects.filter(table__session__number=6, table__number=2).exists()


def test_a_dutch_reader_reads_every_page_right(live_server, browser, demo, make_user, shots):
    base = live_server.url
    context, page = dutch_phone(browser)
    read_rank_chart(page, base)  # the demo after session 5 has a shared rank
    page.screenshot(path=str(shots / "reading-player-390-nl.png"), full_page=True)

    olga = make_user("olga", tournament=demo, role="organiser")
    # the log's entries and the EMA check's unconfirmed results: the second check on, a chombo of 20.000 (3.4.6)
    update_tournament(actor=olga, tournament=demo, confirmation_required=True)
    give_penalty(
        actor=olga,
        registration=Registration.objects.filter(tournament=demo).order_by("key").first(),
        session=demo.sessions.get(number=6),
        kind="chombo",
    )
    # session 6 playing: its clock runs and 1 of its 8 tables is entered (4 x 30.000 = 120.000)
    start_clock(actor=None, session=demo.sessions.get(number=6), at=timezone.now() - timedelta(minutes=20))
    scores = [SeatScore(w, r) for w, r in zip("ESWN", (40_000, 30_000, 30_000, 20_000), strict=True)]
    enter_table_result(actor=None, table=demo.sessions.get(number=6).tables.get(number=1), scores=scores)
    Tournament.objects.filter(pk=demo.pk).update(language="nl")  # the hall speaks the tournament's language

    # item 9: the tournament page says what is playing now
    page.goto(f"{base}/t/demo/")
    assert "Nu: Sessie 6" in page.locator("ul.now-next").inner_text()
    assert "Volgende" not in page.locator("ul.now-next").inner_text()

    # item 3: the hall's standings slide is marked provisional with the standings page's words
    page.goto(f"{base}/t/demo/standings/")
    page.reload()  # read at the start of the test: within its max-age the browser may show its own copy (issue 23)
    note = " ".join(page.locator("p.notice.provisional").inner_text().split())
    assert note.startswith("Voorlopig: 1 van de 8 tafels van sessie 6 ingevoerd")
    page.goto(f"{base}/t/demo/display/pages/")
    slide = page.locator('[data-page="standings"]').first
    assert " ".join(slide.locator("p.provisional").text_content().split()) == note

    # item 5: the calculator in Dutch (4.1.1, 4.2.1: 1 fan 40 minipoints, 1.300 from the discarder: section 6)
    page.goto(
        f"{base}/calculator/?tiles_form=1&tiles=111m234p567p99s555z&win_tile=9s&melds=pon:111m&seat_wind=S"
    )
    text = visible(page)
    assert "Pung Draken (wit)" in text and "wachten op het sluitpaar 2" in text
    assert "1.300" in text and not ENGLISH_THOUSANDS.search(text)
    assert not SNAKE.findall(text), SNAKE.findall(text)
    page.screenshot(path=str(shots / "reading-calculator-390-nl.png"), full_page=True)
    page.goto(f"{base}/calculator/?tiles_form=1&tiles=234m567p99s234678s&win_tile=8s&dealer=on&seat_wind=S")
    assert "is aangevinkt, maar de Eigen Wind is Zuid" in visible(page)

    log_in(page, base, "olga")
    read_sum_refusal(page, base)
    page.screenshot(path=str(shots / "reading-refusal-390-nl.png"), full_page=True)

    # item 4: the organiser's log, field labels and Dutch numbers
    page.goto(f"{base}/t/demo/organise/log/")
    text = visible(page)
    assert "chombo, 20.000 punten" in text and "Tweede controle van uitslagen gewijzigd" in text
    assert not SNAKE.findall(text), SNAKE.findall(text)
    page.screenshot(path=str(shots / "reading-log-390-nl.png"), full_page=True)

    # item 9: the EMA check waits for the unconfirmed results
    page.goto(f"{base}/t/demo/organise/ema/")
    text = visible(page)
    assert "nog niet bevestigd (tweede controle)" in text
    assert "Klaar" not in text.split()
    context.close()
