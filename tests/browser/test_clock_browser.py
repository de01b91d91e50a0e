"""The hall's clock and display in Chromium (issue 12): two pages opened at different moments (one on a device whose
own clock is seven minutes off) show the same second; the signal changes the state and sounds; overtime counts up;
the clock counts on through a network drop; the display pages fit 1920x1080 and 1280x720 and follow the
organiser's change without a reload. The clock is driven by events placed in the past (a 90-minute session
started 75 minutes minus a few seconds ago reaches its signal in those seconds).

Screenshots go to $TENBOU_SCREENSHOTS (or the test's tmp dir) for people to look at."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.services.clock import add_extra_time, start_clock
from tournament.services.hall_display import set_hall_display

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# what the page shows this instant, in the server's time, as clock.js computes it
REMAINING_NOW = """() => {
  const clock = window.tenbouClock.clocks[0];
  return clock.remaining(clock.data.remaining_ms, clock.serverNow());
}"""
SKEWED_CLOCK = "(() => { const real = Date.now; Date.now = () => real() + 7 * 60 * 1000; })();"


def time_fits(page) -> bool:
    """The digits (not their box) are inside the screen."""
    return page.evaluate(
        """() => {
          const range = document.createRange();
          range.selectNodeContents(document.querySelector('[data-clock-time]'));
          const r = range.getBoundingClientRect();
          return r.width > 0 && r.left >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
        }"""
    )


def started(demo, minutes_ago: float, number: int = 6):
    session = demo.sessions.get(number=number)
    start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=minutes_ago))
    return session


def seconds(text: str) -> int:
    sign = -1 if text.startswith("+") else 1
    minutes, secs = text.lstrip("+").split(":")
    return sign * (int(minutes) * 60 + int(secs))


def open_clock(screen, url, **options):
    page = screen(**options)
    page.goto(url)
    page.wait_for_selector("[data-clock][data-ready]")
    page.wait_for_function("window.tenbouClock && window.tenbouClock.clocks.length === 1")
    return page


def test_two_clock_pages_opened_at_different_moments_show_the_same_time(live_server, demo, screen, shots):
    session = started(demo, 10)
    add_extra_time(actor=None, session=session, minutes=5, table=3)
    add_extra_time(actor=None, session=session, minutes=2, table=7)
    url = f"{live_server.url}/t/demo/clock/"
    first = open_clock(screen, url)
    time.sleep(1.7)
    second = screen()
    second.add_init_script(SKEWED_CLOCK)  # this device's own clock is 7 minutes fast
    second.goto(url)
    second.wait_for_function("window.tenbouClock && window.tenbouClock.clocks.length === 1")
    second.wait_for_timeout(300)
    before = time.monotonic()
    a = first.evaluate(REMAINING_NOW)
    between = time.monotonic()
    b = second.evaluate(REMAINING_NOW)
    after = time.monotonic()
    # the second reading was taken (about) this much later; the time left went down by as much
    later_ms = ((between + after) / 2 - (before + between) / 2) * 1000
    assert abs(a - later_ms - b) < 500
    shown = [page.locator("[data-clock-time]").inner_text() for page in (first, second)]
    assert abs(seconds(shown[0]) - seconds(shown[1])) <= 1
    assert 79 * 60 <= seconds(shown[0]) <= 80 * 60  # 90 minutes, 10 gone
    assert second.evaluate("Date.now() - new Date().getTime()") > 6 * 60 * 1000  # the skew was real
    tables = first.locator("[data-clock-tables] li").all_inner_texts()
    assert [text.split()[:2] for text in tables] == [["Table", "3"], ["Table", "7"]]
    assert time_fits(first)
    first.screenshot(path=str(shots / "clock-running-1920.png"))


def test_the_signal_changes_the_state_and_sounds(live_server, demo, screen, shots):
    started(demo, 75 - 4 / 60)  # the signal in 4 seconds
    page = open_clock(screen, f"{live_server.url}/t/demo/clock/")
    assert page.locator("[data-clock]").get_attribute("data-show") == "playing"
    page.get_by_role("button", name="Turn the sound on").click()  # the operator allows sound, once
    assert page.locator(".sound-on").is_visible()
    page.wait_for_selector('[data-clock][data-show="last_hand"]', timeout=10_000)
    assert page.locator("[data-clock]").get_attribute("data-beeps") == "1"  # the chime sounded once
    assert page.get_by_text("Last hand: finish the hand in progress and play one more").is_visible()
    assert seconds(page.locator("[data-clock-time]").inner_text()) in (900, 899, 898)
    page.wait_for_timeout(1500)
    assert page.locator("[data-clock]").get_attribute("data-beeps") == "1"  # and not again
    assert time_fits(page)
    page.screenshot(path=str(shots / "clock-after-signal-1920.png"))


def test_overtime_counts_up_after_zero(live_server, demo, screen, shots):
    started(demo, 92)
    page = open_clock(screen, f"{live_server.url}/t/demo/clock/")
    assert page.locator("[data-clock]").get_attribute("data-show") == "overtime"
    text = page.locator("[data-clock-time]").inner_text()
    assert text.startswith("+2:0")
    page.wait_for_timeout(1200)
    assert seconds(page.locator("[data-clock-time]").inner_text()) < seconds(text)  # counting up
    assert page.get_by_text("Time is up: finish the last hand").is_visible()
    assert time_fits(page)
    page.screenshot(path=str(shots / "clock-overtime-1920.png"))
    small = open_clock(screen, f"{live_server.url}/t/demo/clock/", width=1280, height=720)
    assert time_fits(small)
    small.screenshot(path=str(shots / "clock-overtime-1280.png"))


def test_the_clock_counts_on_through_a_network_drop(live_server, demo, screen):
    started(demo, 20)
    page = open_clock(screen, f"{live_server.url}/t/demo/clock/?poll=1")
    page.route("**/clock.json*", lambda route: route.abort())
    page.wait_for_selector("[data-clock][data-offline]", timeout=5000)
    assert page.get_by_text("No connection: the clock counts on by itself").is_visible()
    before = seconds(page.locator("[data-clock-time]").inner_text())
    page.wait_for_timeout(2100)
    assert seconds(page.locator("[data-clock-time]").inner_text()) <= before - 2
    page.unroute("**/clock.json*")
    page.wait_for_selector("[data-clock]:not([data-offline])", timeout=5000)


def step_through(page) -> list[str]:
    """Every page of the display once: (page kind and count) as shown, advancing by hand."""
    seen = []
    for _ in range(12):
        key = page.evaluate(
            "document.querySelector('[data-hall]').dataset.showing + ' ' "
            "+ document.querySelector('[data-hall-count]').textContent"
        )
        if key in seen:
            break
        seen.append(key)
        yield key
        page.evaluate("window.tenbouHall.next()")
        page.wait_for_timeout(150)


def fits(page) -> bool:
    """Nothing on the page shown runs past the screen's edges."""
    return page.evaluate(
        """() => {
          const slide = [...document.querySelectorAll('.slide')].find((s) => !s.hidden);
          const box = slide.getBoundingClientRect();
          const inside = [...slide.querySelectorAll('li, .table-card')].every((el) => {
            const r = el.getBoundingClientRect();
            return r.bottom <= window.innerHeight + 1 && r.right <= window.innerWidth + 1;
          });
          return inside && box.bottom <= window.innerHeight + 1 && document.documentElement.scrollWidth <= window.innerWidth;
        }"""
    )


def grid_shown(page) -> bool:
    """The page shown is laid out as the grid the server gave it (data-columns, data-rows): that many columns
    side by side, and a full column of rows filling most of the page's height."""
    return page.evaluate(
        """() => {
          const slide = [...document.querySelectorAll('.slide')].find((s) => !s.hidden);
          const columns = Number(slide.dataset.columns), rows = Number(slide.dataset.rows);
          if (!columns) { return true; }  // the clock
          const cells = [...slide.querySelectorAll('.columns > ol, .seating-tables > .table-card')];
          const lefts = new Set(cells.map((el) => Math.round(el.getBoundingClientRect().left)));
          const first = slide.querySelector('.columns li, .table-card');
          const height = first.getBoundingClientRect().height;
          const page = window.innerHeight * 0.85;
          return lefts.size === Math.min(columns, cells.length) && height * rows <= page * 1.01
            && height * rows >= page * 0.8;
        }"""
    )


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_the_hall_display_pages_fit_the_screen(live_server, demo, screen, shots, width, height):
    session = started(demo, 30)
    add_extra_time(actor=None, session=session, minutes=4, table=5)
    page = screen(width, height)
    page.goto(f"{live_server.url}/t/demo/display/")
    page.wait_for_function("window.tenbouHall && window.tenbouClock")
    shown = []
    for key in step_through(page):
        assert fits(page), key
        assert grid_shown(page), key
        name = key.replace(" ", "-").replace("/", "of").rstrip("-")
        page.screenshot(path=str(shots / f"display-{name}-{width}.png"))
        shown.append(key.strip())
    # session 6 runs: its clock; session 7 is next: its seating (8 tables: 4 + 4) and names; 32 standings: 16 + 16
    assert shown == [
        "clock",
        "seating-tables 1/2",
        "seating-tables 2/2",
        "seating-names",
        "standings 1/2",
        "standings 2/2",
    ]


def test_the_display_follows_the_organisers_change_without_a_reload(live_server, demo, screen):
    page = screen()
    page.goto(f"{live_server.url}/t/demo/display/?poll=1")
    page.wait_for_function("window.tenbouHall")
    page.evaluate("window.notReloaded = true")
    assert page.locator("[data-hall]").get_attribute("data-showing") == "seating-tables"
    set_hall_display(actor=None, tournament=demo, pages=["standings"], page_seconds=5, clock_alone=False)
    page.wait_for_function(
        "document.querySelector('[data-hall]').dataset.showing === 'standings'", timeout=5000
    )
    assert page.evaluate("window.notReloaded") is True
    assert page.locator("[data-hall-pages] .slide").count() == 2
    assert page.locator("[data-hall-count]").inner_text() == "1/2"
    # 5 seconds a page now
    page.wait_for_function("document.querySelector('[data-hall-count]').textContent === '2/2'", timeout=7000)
