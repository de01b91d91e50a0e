"""The public pages link the side rankings that are on, where the standings link is (issue 22, item 4): in the
header of every public page of the tournament and beside the standings on the tournament's page; none while the
standings are hidden from the reader."""

import re

import pytest

from tests.tournament.views.public.test_rankings_pages import set_up
from tournament.services import tournaments

PAGES = [
    "/t/hand-worked/",
    "/t/hand-worked/standings/",
    "/t/hand-worked/players/a/",
    "/t/hand-worked/sessions/1/",
]


def nav_links(html: str) -> list[tuple[str, str]]:
    nav = html.split('<nav class="site-nav">', 1)[1].split("</nav>", 1)[0]
    return [
        (url, " ".join(text.split()))
        for url, text in re.findall(r'<a href="([^"]+)"[^>]*>(.*?)</a>', nav, re.S)
    ]


def rankings_in(links) -> list[tuple[str, str]]:
    return [(url, text) for url, text in links if "/rankings/" in url]


@pytest.mark.parametrize("url", PAGES)
def test_the_header_links_the_rankings_that_are_on(client, hand_worked, url):
    set_up(hand_worked, groups=("club", "team"), categories=("newcomer", "U 18"))
    links = nav_links(client.get(url).content.decode())
    assert rankings_in(links) == [
        ("/t/hand-worked/rankings/team/", "Teams"),
        ("/t/hand-worked/rankings/club/", "Clubs"),
        ("/t/hand-worked/rankings/category/newcomer/", "Newcomer"),
        ("/t/hand-worked/rankings/category/U%2018/", "U 18"),
    ]
    standings = [text for _url, text in links].index("Standings")
    assert [text for _url, text in links][standings + 1] == "Teams"  # right after the standings


def test_a_category_with_a_space_opens(client, hand_worked):
    set_up(hand_worked, categories=("U 18",))
    response = client.get("/t/hand-worked/rankings/category/U%2018/")
    assert response.status_code == 200 and "U 18: ranking after session 2" in response.content.decode()


def test_no_links_while_nothing_is_on(client, hand_worked):
    assert rankings_in(nav_links(client.get(PAGES[0]).content.decode())) == []


def test_no_links_while_the_standings_are_hidden(client, hand_worked, make_user):
    set_up(hand_worked)
    tournaments.update_tournament(actor=None, tournament=hand_worked, standings_hidden=True)
    for url in PAGES[:2]:
        assert rankings_in(nav_links(client.get(url).content.decode())) == []
    assert "/rankings/" not in client.get(PAGES[0]).content.decode()
    client.force_login(make_user("ref", tournament=hand_worked, role="referee"))
    assert len(rankings_in(nav_links(client.get(PAGES[1]).content.decode()))) == 2


def test_the_tournament_page_offers_them_beside_the_standings(client, hand_worked):
    set_up(hand_worked, groups=("team", "country"))
    html = client.get(PAGES[0]).content.decode()
    buttons = html.split('id="live"', 1)[1].split("</p>", 1)[0]
    found = re.findall(r'<a class="button[^"]*" href="([^"]+)">([^<]+)</a>', buttons)
    assert found == [
        ("/t/hand-worked/standings/", "Standings"),
        ("/t/hand-worked/rankings/team/", "Teams"),
        ("/t/hand-worked/rankings/country/", "Countries"),
        ("/t/hand-worked/rankings/category/newcomer/", "Newcomer"),
    ]


def test_the_links_in_dutch(client, hand_worked):
    set_up(hand_worked, groups=("team", "country", "club"))
    links = nav_links(client.get(PAGES[1], headers={"accept-language": "nl"}).content.decode())
    assert [text for _url, text in rankings_in(links)] == ["Teams", "Landen", "Verenigingen", "Newcomer"]
