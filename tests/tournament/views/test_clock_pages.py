"""The clock pages: clock.json (state and the server's time), the hall's clock page, the organiser's clock page and
the referee's table clock. The server's time is frozen where the figures depend on it."""

import json
import re
from datetime import timedelta

import pytest
from django.template.loader import render_to_string
from django.utils import timezone

from tournament.models import AuditEntry, ClockEvent, Tournament
from tournament.selectors.clock_data import format_remaining
from tournament.services.clock import add_extra_time, start_clock

NOW = timezone.now().replace(microsecond=0)


@pytest.fixture
def frozen(monkeypatch):
    monkeypatch.setattr(timezone, "now", lambda: NOW)
    return NOW


@pytest.fixture
def running(demo, frozen):
    """Session 6 started 80 minutes ago (10 left: after the signal), table 3 with 7 extra minutes."""
    session = demo.sessions.get(number=6)
    start_clock(actor=None, session=session, at=NOW - timedelta(minutes=80))
    add_extra_time(actor=None, session=session, minutes=7, table=3, at=NOW - timedelta(minutes=20))
    return session


def inline_scripts(html: str) -> list[str]:
    """Script elements that would run without a src (JSON data elements do not run)."""
    return [
        tag
        for tag in re.findall(r"<script\b[^>]*>", html)
        if "src=" not in tag and 'type="application/json"' not in tag
    ]


def test_clock_json_before_the_start_shows_the_sessions_length(client, demo, frozen):
    data = client.get("/t/demo/clock.json").json()
    assert data["server_time"] == round(NOW.timestamp() * 1000)
    assert data["session"] == 6 and data["title"] == "Session 6"
    assert data["phase"] == "waiting" and data["remaining_ms"] == 90 * 60_000 and data["text"] == "90:00"


def test_clock_json_running_after_the_signal(client, running):
    response = client.get("/t/demo/clock.json")
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]
    data = response.json()
    assert data["phase"] == "running" and data["stage"] == "last_hand" and data["signal_reached"]
    assert data["remaining_ms"] == 10 * 60_000 and data["signal_ms"] == 15 * 60_000
    assert data["tables"] == [
        {"table": 3, "extra_minutes": 7, "remaining_ms": 17 * 60_000, "signal_reached": False}
    ]


def test_clock_json_for_a_chosen_session(client, running):
    data = client.get("/t/demo/clock.json?session=7").json()
    assert data["session"] == 7 and data["phase"] == "waiting"
    assert client.get("/t/demo/clock.json?session=9").status_code == 404  # no such session
    assert client.get("/t/demo/clock.json?session=99").status_code == 400  # no tournament has one


def test_the_clock_page(client, running):
    html = client.get("/t/demo/clock/").content.decode()
    assert "10:00" in html and "Session 6" in html and "Tenbou Demo Open 2026" in html
    assert "Last hand: finish the hand in progress and play one more" in html
    assert 'data-show="last_hand"' in html
    assert inline_scripts(html) == []  # a strict Content-Security-Policy can forbid inline script
    assert 'class="site-header"' not in html  # no menus on the hall's screen


def test_the_clock_page_in_dutch(client, running):
    Tournament.objects.filter(slug="demo").update(language="nl")  # the hall speaks the tournament's language
    html = client.get("/t/demo/clock/", headers={"accept-language": "nl"}).content.decode()
    assert "Laatste ronde: maak de huidige ronde af en speel er nog één" in html and "Sessie 6" in html


def test_the_clock_page_of_a_hidden_tournament_is_a_404(client, demo):
    demo.is_public = False
    demo.save()
    assert client.get("/t/demo/clock/").status_code == 404
    assert client.get("/t/demo/clock.json").status_code == 404


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(5400, "90:00"), (5399.2, "90:00"), (899.9, "15:00"), (0.4, "0:01"), (0, "+0:00"), (-75.6, "+1:15")],
)
def test_the_time_as_text(seconds, text):
    """Counting down a started second shows whole (as clock.js does); overtime counts whole seconds up."""
    assert format_remaining(seconds) == text


def test_organiser_clock_page_needs_the_organiser(client, demo, make_user):
    assert client.get("/t/demo/organise/clock/").status_code == 302
    client.force_login(make_user("ref", tournament=demo, role="referee"))
    assert client.get("/t/demo/organise/clock/").status_code == 403
    assert (
        client.post(
            "/t/demo/organise/clock/", {"action": "start", "session": "6", "minutes": "90"}
        ).status_code
        == 403
    )
    assert not ClockEvent.objects.exists()


def test_organiser_starts_adds_time_and_pauses(organiser_client, demo):
    page = organiser_client.get("/t/demo/organise/clock/").content.decode()
    assert "Start session 6" in page and 'value="90"' in page
    response = organiser_client.post(
        "/t/demo/organise/clock/", {"action": "start", "session": "6", "minutes": "85"}
    )
    assert response.status_code == 302 and response["Location"].endswith("?session=6")
    organiser_client.post(
        "/t/demo/organise/clock/", {"action": "extra", "session": "6", "minutes": "3", "table": "2"}
    )
    organiser_client.post(
        "/t/demo/organise/clock/", {"action": "extra", "session": "6", "minutes": "2", "table": ""}
    )
    organiser_client.post("/t/demo/organise/clock/", {"action": "pause", "session": "6"})
    events = list(ClockEvent.objects.values_list("kind", "minutes", "table_number", "by_label"))
    assert events == [
        ("start", 85, None, "org"),
        ("extra", 3, 2, "org"),
        ("extra", 2, None, "org"),
        ("pause", None, None, "org"),
    ]
    page = organiser_client.get("/t/demo/organise/clock/?session=6").content.decode()
    assert "Resume" in page and "Session 6: the clock is paused." in page


def test_organiser_refusals_are_messages(organiser_client, demo):
    response = organiser_client.post(
        "/t/demo/organise/clock/", {"action": "pause", "session": "6"}, follow=True
    )
    assert "Session 6: the clock has not been started yet." in response.content.decode()
    organiser_client.post("/t/demo/organise/clock/", {"action": "start", "session": "6", "minutes": "90"})
    response = organiser_client.post(
        "/t/demo/organise/clock/", {"action": "extra", "session": "6", "minutes": "-5", "table": ""}
    )
    assert response.status_code == 200
    assert "the hall has only 0 extra minutes to take back" in response.content.decode()
    response = organiser_client.post(
        "/t/demo/organise/clock/", {"action": "extra", "session": "6", "minutes": "500", "table": ""}
    )
    assert "less than or equal to 120" in response.content.decode()
    assert ClockEvent.objects.count() == 1
    assert AuditEntry.objects.filter(action__startswith="clock.").count() == 1


def test_the_staff_navigation_has_the_clock(organiser_client):
    page = organiser_client.get("/t/demo/organise/seating/").content.decode()
    assert 'href="/t/demo/organise/clock/"' in page and 'href="/t/demo/organise/display/"' in page


def test_the_table_clock_box_for_the_referee(running, rf):
    request = rf.get("/")
    html = render_to_string(
        "components/table_clock.html", {"session": running, "table_number": 3}, request=request
    )
    assert "17:00" in html and "with <span data-clock-extra-minutes>7</span> extra minutes" in html
    assert 'data-clock-table="3"' in html and "/t/demo/clock.json?session=6" in html
    other = render_to_string("components/table_clock.html", {"session": running, "table_number": 4})
    assert "10:00" in other and "data-clock-extra hidden" in other
    waiting = render_to_string(
        "components/table_clock.html",
        {"session": running.tournament.sessions.get(number=7), "table_number": 1},
    )
    assert waiting.strip() == ""  # nothing before the clock starts


def test_clock_json_is_the_same_whatever_the_state_is_asked_from(client, running):
    """The JSON embedded in the page and the JSON of clock.json are the same data (the page starts from it)."""
    html = client.get("/t/demo/clock/").content.decode()
    embedded = json.loads(
        re.search(r'<script id="clock-initial" type="application/json">(.*?)</script>', html).group(1)
    )
    assert embedded == client.get("/t/demo/clock.json").json()


def test_a_tournament_without_sessions(client, db):
    from tournament.services.tournaments import create_tournament

    create_tournament(actor=None, slug="empty-open", name="Empty Open")
    data = client.get("/t/empty-open/clock.json").json()
    assert data["session"] is None and data["phase"] == "none" and data["tables"] == []
    assert "No session to show" in client.get("/t/empty-open/clock/").content.decode()
    display = client.get("/t/empty-open/display/").content.decode()
    assert "Empty Open" in display and 'data-page="idle"' in display
    assert 'data-page="standings"' not in client.get("/t/empty-open/display/pages/").content.decode()
