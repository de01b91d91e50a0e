"""The player page shows the player's team and, for each side ranking the public pages show, where the player
stands in it: their team's (country's, club's) place and their place in each shown category they belong to (issue
22, item 4). Figures by hand in test_rankings_pages.py: Dragons 1=, Winds 1=, Tiles 3 (every member counted);
newcomers b 1, g 2, c 3, h 4."""

import re

from tests.tournament.views.public.test_rankings_pages import set_up
from tournament.services import tournaments


def meta(html: str) -> str:
    """The line under the player's name (country, club, team, EMA number)."""
    line = html.split('id="live"', 1)[1].split('<p class="meta">', 1)[1].split("</p>", 1)[0]
    return " ".join(re.sub(r"<[^>]+>", " ", line).split())


def places(html: str) -> list[tuple[str, str, str]]:
    """(address, words of the link, place) of each side place on the page."""
    found = re.search(r'<p class="figures-inline side-places">(.*?)</p>', html, re.S)
    if not found:
        return []
    return re.findall(r'<a href="([^"]+)">([^<]+)</a>: <strong>([^<]+)</strong>', found.group(1))


def test_the_team_and_the_places_of_a_newcomer(client, hand_worked):
    set_up(hand_worked)
    html = client.get("/t/hand-worked/players/b/").content.decode()
    assert "Team Tiles" in meta(html)
    assert places(html) == [
        ("/t/hand-worked/rankings/team/", "Team Tiles", "3 of 3"),
        ("/t/hand-worked/rankings/category/newcomer/", "Newcomer", "1 of 4"),
    ]


def test_a_shared_team_place_and_no_category(client, hand_worked):
    set_up(hand_worked, groups=("team", "country"))
    # e is in Dragons (1=) and no category; every country has one player, fewer than the best 3 counted, so all
    # eight are ranked among themselves by their one total: HUN (e, +40.0) first
    assert places(client.get("/t/hand-worked/players/e/").content.decode()) == [
        ("/t/hand-worked/rankings/team/", "Team Dragons", "1= of 3"),
        ("/t/hand-worked/rankings/country/", "Country HUN", "1 of 8"),
    ]


def test_no_places_for_rankings_that_are_off(client, hand_worked):
    set_up(hand_worked, groups=(), categories=())
    html = client.get("/t/hand-worked/players/b/").content.decode()
    assert "Team Tiles" in meta(html)  # the team is the player's, like the club
    assert places(html) == [] and "/rankings/" not in html


def test_hidden_standings_hide_the_places(client, hand_worked, make_user):
    set_up(hand_worked)
    tournaments.update_tournament(actor=None, tournament=hand_worked, standings_hidden=True)
    html = client.get("/t/hand-worked/players/b/").content.decode()
    assert "Team Tiles" in meta(html) and places(html) == []
    client.force_login(make_user("ref", tournament=hand_worked, role="referee"))
    assert len(places(client.get("/t/hand-worked/players/b/").content.decode())) == 2


def test_the_places_in_dutch(client, hand_worked):
    set_up(hand_worked)
    html = client.get("/t/hand-worked/players/b/", headers={"accept-language": "nl"}).content.decode()
    assert [(words, place) for _url, words, place in places(html)] == [
        ("Team Tiles", "3 van 3"),
        ("Newcomer", "1 van 4"),
    ]
