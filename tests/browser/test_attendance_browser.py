"""Attendance without noise (issue 28, item 1) on a referee's phone at 390 px: a 32-player session whose clock has
started, every player marked in the first three minutes (31 present, one absent), a reserve marked present too, and
the absent player arriving 7 minutes after the start, marked "Arrived now": the page proposes exactly one lateness
penalty (5.7), for that player, of 7 minutes. Present marks are attendance, not arrival.

The server's time is the test's: ``django.utils.timezone.now`` gives the moment the test sets (the live server runs
in this process), so "the first three minutes" and "7 minutes" are exact however slow the machine is."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.standings import RESERVE
from tests.browser.attendance import tap as tap_line
from tests.tournament.factories import make_event, numbered_people
from tournament.models import Attendance
from tournament.services import players
from tournament.services.clock import start_clock

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}
KEYS = [f"p{i:02d}" for i in range(1, 33)]
LATE = "p19"  # First19 Last19, table 5


def tap(page, key: str, button: str):
    """The button ``button`` of one player's line, by the player's key."""
    tap_line(page, f"Last{key[1:]}, First{key[1:]}" if key.startswith("p") else key, button)


@pytest.fixture
def referee(live_server, browser, make_user):
    seating = [[KEYS[t * 4 : t * 4 + 4] for t in range(8)]]
    event = make_event("hall", numbered_people(32), seating)
    event.sessions.update(seating_published=True)
    players.register_player(
        actor=None, tournament=event, key="r01", first_name="Jan", last_name="Jansen", status=RESERVE
    )
    make_user("rita", tournament=event, role="referee")
    context = browser.new_context(**PHONE, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("rita")
    page.get_by_label("Password").fill("secret-pass-123")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r".*/(referee|organise|t)/.*"))
    yield event, page
    context.close()


def test_32_players_marked_in_the_first_three_minutes_and_one_late_arrival_give_one_proposal(
    live_server, referee, monkeypatch, shots
):
    event, page = referee
    started = timezone.now().replace(microsecond=0)
    moment = {"now": started}
    monkeypatch.setattr(timezone, "now", lambda: moment["now"])
    start_clock(actor=None, session=event.sessions.get(number=1), at=started)
    page.goto(f"{live_server.url}/t/hall/referee/sessions/1/attendance/")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390

    moment["now"] = started + timedelta(seconds=20)
    tap(page, LATE, "Absent")  # not at the table at the start
    for i, key in enumerate(k for k in KEYS if k != LATE):
        moment["now"] = started + timedelta(seconds=25 + 5 * i)  # the last at 2 min 55 s
        tap(page, key, "Present")
    tap(page, "Jansen, Jan", "Present")  # the reserve
    marks = Attendance.objects.filter(session__tournament=event)
    assert marks.count() == 33
    assert all(mark.marked_at - started < timedelta(minutes=3) for mark in marks)
    assert page.locator(".attendance-proposals li").count() == 0

    moment["now"] = started + timedelta(minutes=6, seconds=30)  # a begun minute counts whole: 7 minutes
    tap(page, LATE, "Arrived now")
    proposals = page.locator(".attendance-proposals li")
    assert proposals.count() == 1
    assert "Last19, First19 (table 5) came 7 minutes late." in proposals.inner_text()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    page.screenshot(path=str(shots / "attendance-one-late-390-en.png"), full_page=True)
