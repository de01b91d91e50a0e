"""Every input a refused form points at its message with (``aria-describedby``, set by Django for a field with
errors or help text) finds that message on the page: a screen reader reads the error with the field. An id that
names nothing is an error nobody hears."""

import re

import pytest

from tests.tournament.views.organise.conftest import page
from tests.tournament.views.organise.test_settings import sessions_data
from tournament.services.tournaments import create_tournament

DESCRIBED_BY = re.compile(r'aria-describedby="([^"]+)"')


def dangling(html: str) -> list[str]:
    ids = set(re.findall(r'\bid="([^"]+)"', html))
    return [ref for refs in DESCRIBED_BY.findall(html) for ref in refs.split() if ref not in ids]


def refused(response) -> str:
    assert response.status_code == 400
    html = response.content.decode()
    assert "aria-describedby" in html
    return html


def test_the_staff_forms(organiser_client, demo):
    html = refused(organiser_client.post(page("staff/appoint/"), {"username": "nobody", "role": "referee"}))
    assert dangling(html) == []
    html = refused(
        organiser_client.post(page("staff/new-login/"), {"username": "bad name!", "role": "referee"})
    )
    assert dangling(html) == []


@pytest.mark.parametrize("changes", [{"minutes_2": "0"}, {"start_2": "yesterday"}])
def test_the_settings_sessions(organiser_client, demo, changes):
    html = refused(organiser_client.post(page("settings/"), sessions_data(demo, 8, **changes)))
    assert dangling(html) == []


def test_the_settings_rules(client, make_user):
    fresh = create_tournament(actor=None, slug="fresh", name="Fresh Open")
    client.force_login(make_user("olga", tournament=fresh, role="organiser"))
    html = refused(
        client.post(page("settings/", "fresh"), {"part": "rules", "ruleset": "ema-2016", "uma": "x"})
    )
    assert dangling(html) == []


def test_the_calculator(client, db):
    html = refused(client.get("/calculator/", {"fan_form": "1", "fan": "2"}))
    assert dangling(html) == []
    html = refused(
        client.get("/calculator/", {"tiles_form": "1", "tiles": "123m456p789s234s55z"})
    )  # no winning tile
    assert dangling(html) == []
