"""Players' phones: finding yourself by name or EMA number, and the next-table box."""

from datetime import timedelta

import pytest
from django.template.loader import render_to_string
from django.utils import timezone

from tournament.models import Registration
from tournament.selectors.phones import find_players, next_seat
from tournament.services.clock import end_clock, start_clock


@pytest.fixture
def joris(demo):
    return Registration.objects.select_related("player").get(
        tournament=demo, player__last_name="van den Berg"
    )


def test_one_match_goes_to_the_players_page(client, joris):
    response = client.get("/t/demo/find/", {"q": "  BERG   joris "})
    assert response.status_code == 302 and response["Location"] == f"/t/demo/players/{joris.key}/"


def test_by_ema_number(client, joris):
    response = client.get("/t/demo/find/", {"q": joris.player.ema_id})
    assert response["Location"] == f"/t/demo/players/{joris.key}/"
    assert [info.key for info in find_players(joris.tournament, joris.player.ema_id[:6])] == [joris.key]


def test_accents_and_case_do_not_matter(demo):
    assert [info.last_name for info in find_players(demo, "angstrom")] == ["Ångström"]
    assert [info.last_name for info in find_players(demo, "WOJCIK")] == ["Wójcik"]


def test_several_matches_are_listed_alphabetically(client, demo):
    html = client.get("/t/demo/find/", {"q": "jo"}).content.decode()
    names = [info.last_name for info in find_players(demo, "jo")]
    assert len(names) > 1 and "Tap your name:" in html
    assert names.index("van den Berg") < names.index("Gonçalves")  # Berg under B (tournament.display.names)
    assert "Berg, Joris van den" in html


def test_nobody_found(client, demo):
    html = client.get("/t/demo/find/", {"q": "Zzyzx"}).content.decode()
    assert "Nobody matches “Zzyzx”" in html
    dutch = client.get("/t/demo/find/", {"q": "Zzyzx"}, headers={"accept-language": "nl"}).content.decode()
    assert "Niemand past bij “Zzyzx”" in dutch


def test_an_empty_or_long_query(client, demo):
    assert client.get("/t/demo/find/").status_code == 200
    assert client.get("/t/demo/find/", {"q": "x" * 5000}).status_code == 200


def test_the_next_seat_follows_the_sessions(demo, joris):
    seat = next_seat(joris)
    assert seat.session == 6 and not seat.playing  # sessions 1-5 have results
    six = demo.sessions.get(number=6)
    start_clock(actor=None, session=six, at=timezone.now() - timedelta(minutes=10))
    assert next_seat(joris).session == 6 and next_seat(joris).playing
    end_clock(actor=None, session=six)
    assert next_seat(joris).session == 7
    demo.sessions.filter(number__gte=7).update(seating_published=False)
    assert next_seat(joris) is None


def test_the_next_table_box(demo, joris):
    seat = next_seat(joris)
    html = render_to_string("components/next_table.html", {"registration": joris})
    assert "Next: session 6" in html and f"<strong>{seat.table}</strong>" in html
    demo.sessions.update(seating_published=False)
    assert render_to_string("components/next_table.html", {"registration": joris}).strip() == ""
