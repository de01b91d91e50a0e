"""The tournament day on an organiser's phone (issue 20), at 390 px: the attendance page of a session before it
starts (two players marked absent with one tap each), their substitutes from the start chosen on the substitutes
page (a reserve and a guest), the session's clock started a few minutes ago and a third player, not checked in at
the start, marked "Arrived now" (issue 28: a present mark is attendance, not arrival), whose lateness penalty (5.7)
the page proposes and the organiser confirms; then the public session page, the hall
display's seating page and the score-sheet preview name each substitute as substituting. No page scrolls sideways
and the present/absent buttons are at least 44 px high.

The substitutes are chosen before the clock starts (as 5.8's "from the start" has it): the hall display shows the
seating of the next session that has not started, so after the start it shows session 2.

That the standings give the substituted player -30.0 and the others 5.8's uma is
tests/tournament/services/test_substitutes.py::test_the_result_follows_5_8_from_the_start_and_the_standings_give_minus_30.

Screenshots go to $TENBOU_SCREENSHOTS (or the test's tmp dir) for people to look at."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.browser.attendance import tap
from tests.tournament.substitute_event import substitute_event
from tournament.models import Attendance, Penalty
from tournament.services.clock import start_clock

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}
# p02 (First02 Last02, S at table 1) and p07 (First07 Last07, W at table 2) are absent; p05 comes late
JAN_FOR_P02 = "Jan Jansen (for First02 Last02)"
GUEST_FOR_P07 = "Piet Gast (for First07 Last07)"


def no_sideways_scrolling(page) -> bool:
    return page.evaluate("document.scrollingElement.scrollWidth") <= 390


@pytest.fixture
def organiser(live_server, browser, make_user):
    event = substitute_event()
    make_user("olga", tournament=event, role="organiser")
    context = browser.new_context(**PHONE, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("olga")
    page.get_by_label("Password").fill("secret-pass-123")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/organise/**")
    yield event, page
    context.close()


def test_the_day_on_a_phone(live_server, organiser, shots):
    event, page = organiser
    base = f"{live_server.url}/t/day"
    page.goto(f"{base}/referee/sessions/1/attendance/")
    assert no_sideways_scrolling(page)
    tap(page, "Last02, First02", "Absent")
    tap(page, "Last07, First07", "Absent")
    assert page.locator("#player-p02 .attendance-state").inner_text() == "absent"
    assert page.locator("#player-p07 .attendance-state").inner_text() == "absent"
    assert set(
        Attendance.objects.filter(session__number=1, present=False).values_list(
            "registration__key", flat=True
        )
    ) == {"p02", "p07"}
    assert page.get_by_role("heading", name="Reserves").is_visible()
    page.screenshot(path=str(shots / "day-attendance-absent-390-en.png"), full_page=True)

    page.goto(f"{base}/organise/sessions/1/substitutes/")
    assert no_sideways_scrolling(page)
    choose_substitute(page, "p02", reserve="Jan Jansen")
    choose_substitute(page, "p07", guest="Piet Gast")
    assert page.get_by_text(JAN_FOR_P02).is_visible() and page.get_by_text(GUEST_FOR_P07).is_visible()
    assert no_sideways_scrolling(page)
    page.screenshot(path=str(shots / "day-substitutes-390-en.png"), full_page=True)

    page.goto(f"{base}/display/")  # the hall display's seating page: the next session not started, session 1
    page.locator(".hall-page").first.wait_for()
    shown = page.locator("body").inner_text()
    assert JAN_FOR_P02 in shown and GUEST_FOR_P07 in shown
    assert no_sideways_scrolling(page)
    page.screenshot(path=str(shots / "day-display-390-en.png"))

    # the clock started 3 min 30 s ago: p05 arriving now is late 3:30 and a bit, a begun minute whole, 4 minutes
    # (5.7: 1,000 points per minute, 4,000 points)
    start_clock(actor=None, session=event.sessions.get(number=1), at=timezone.now() - timedelta(seconds=210))
    page.goto(f"{base}/referee/sessions/1/attendance/")
    tap(page, "Last06, First06", "Present")  # attendance: no proposal
    assert page.locator(".attendance-proposals").count() == 0
    tap(page, "Last05, First05", "Arrived now")
    proposal = page.locator(".attendance-proposals")
    assert "Last05, First05 (table 2) came 4 minutes late." in proposal.inner_text()
    assert "Proposed: a lateness penalty of 4,000 points." in proposal.inner_text()
    assert no_sideways_scrolling(page)
    page.screenshot(path=str(shots / "day-attendance-late-390-en.png"), full_page=True)
    page.get_by_role("button", name="Confirm the penalty").tap()
    page.get_by_text("Lateness penalty for First05 Last05: 4 minutes, recorded.").wait_for()
    penalty = Penalty.objects.get(registration__key="p05")
    assert (penalty.kind, penalty.minutes, penalty.session.number) == ("lateness", 4, 1)
    assert page.locator(".attendance-proposals").count() == 0

    for url, name, expected in (
        (f"{base}/sessions/1/", "session", (JAN_FOR_P02, GUEST_FOR_P07)),
        # on paper the name and "for <player>" under it, each on a line of its own
        (
            f"{base}/print/score-sheets/?session=1",
            "score-sheets",
            ("Jan Jansen for First02 Last02", "Piet Gast for First07 Last07"),
        ),
    ):
        page.goto(url)
        shown = " ".join(page.locator("body").inner_text().split())
        assert all(text in shown for text in expected), url
        assert no_sideways_scrolling(page), url
        page.screenshot(path=str(shots / f"day-{name}-390-en.png"), full_page=True)


def choose_substitute(page, key: str, *, reserve: str = "", guest: str = ""):
    line = page.locator(f"#player-{key}")
    line.locator("summary").tap()
    if reserve:
        line.get_by_label("A registered reserve").select_option(label=reserve)
    else:
        line.get_by_label("or a guest's name").fill(guest)
    with page.expect_navigation():
        line.get_by_role("button", name="Substitute from the start").tap()
