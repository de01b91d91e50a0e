"""The public pages of the side rankings (issue 22, item 4): one page for each ranking the organiser turns on
(team, country, club, each shown category), a 404 for the others, hidden with the standings, provisional and live
as the standings are. Figures by hand in conftest.py.

Totals after session 2 (conftest.py): e +40.0, f +32.0, b +17.9, a +11.2, g -17.0, c -27.3, d -29.8, h -50.0.
Teams: Dragons e, g, d; Winds f, a, h; Tiles b, c.
- every member counts: Dragons 40.0 - 17.0 - 29.8 = -6.8; Winds 32.0 + 11.2 - 50.0 = -6.8; Tiles 17.9 - 27.3 =
  -9.4: Dragons and Winds share place 1 (1=), Tiles 3.
- the best 3: Tiles has 2 members, fewer than 3: listed after the full teams, place 3.
- the best 2 (the first two of each team in standings order): Winds f + a = 43.2, Dragons e + g = 23.0, Tiles
  b + c = -9.4; h and d are not counted.
Category "newcomer": b, c, g, h ranked among themselves: b 1 (overall 3), g 2 (overall 5), c 3 (overall 6),
h 4 (overall 8).
"""

import html as markup
import re

import pytest

from tests.tournament.views.public.conftest import enter, rows
from tests.tournament.views.public.test_standings_page import SESSION_3_TABLE_1
from tournament.display.numbers import points
from tournament.models import Registration, Tournament
from tournament.selectors.changes import change_stamp
from tournament.selectors.overview import overview
from tournament.selectors.side_rankings import category_ranking, group_ranking
from tournament.services import tournaments

TEAM_URL = "/t/hand-worked/rankings/team/"
NEWCOMER_URL = "/t/hand-worked/rankings/category/newcomer/"
TEAMS = dict.fromkeys("egd", "Dragons") | dict.fromkeys("fah", "Winds") | dict.fromkeys("bc", "Tiles")
NEWCOMERS = ("b", "c", "g", "h")


def cells(row: str) -> list[str]:
    """The text of each cell of a row, tags removed and spaces made single."""
    return [
        " ".join(markup.unescape(re.sub(r"<[^>]+>", " ", cell)).split())
        for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    ]


def table_rows(html: str) -> list[list[str]]:
    return [cells(row) for row in rows(html)]


def set_up(tournament, *, groups=("team",), categories=("newcomer",), team_best=None, **fields):
    """Teams and categories written straight to the rows before the first page is asked (the settings page is
    another part of issue 22)."""
    for key, team in TEAMS.items():
        Registration.objects.filter(tournament=tournament, key=key).update(team=team)
    Registration.objects.filter(tournament=tournament, key__in=NEWCOMERS).update(categories=["newcomer"])
    Tournament.objects.filter(pk=tournament.pk).update(
        shown_groups=list(groups), shown_categories=list(categories), team_best=team_best, **fields
    )
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def ranked(hand_worked):
    return set_up(hand_worked)


def test_the_team_ranking_with_every_member_counted(client, ranked):
    html = client.get(TEAM_URL).content.decode()
    assert "Team ranking after session 2" in html
    assert [(row[0], row[1], row[-1]) for row in table_rows(html)] == [
        ("1=", "Dragons", "−6.8"),
        ("1=", "Winds", "−6.8"),
        ("3", "Tiles", "−9.4"),
    ]
    # the members in standings order, each with their total
    assert table_rows(html)[0][2] == "Ádám Szűcs +40.0 · Åsa Lindqvist −17.0 · Søren Kjær −29.8"
    assert "not counted" not in html and "fewer than" not in html
    assert "Provisional" not in html


def test_a_team_short_of_k_members_is_listed_last_with_a_note(client, hand_worked):
    set_up(hand_worked, team_best=3)
    found = [(row[0], row[1], row[-1]) for row in table_rows(client.get(TEAM_URL).content.decode())]
    assert found == [
        ("1=", "Dragons", "−6.8"),
        ("1=", "Winds", "−6.8"),
        ("3", "Tiles fewer than 3 members", "−9.4"),
    ]


def test_the_counted_members_are_marked(client, hand_worked):
    set_up(hand_worked, team_best=2)
    html = client.get(TEAM_URL).content.decode()
    found = table_rows(html)
    assert [(row[0], row[1], row[-1]) for row in found] == [
        ("1", "Winds", "+43.2"),
        ("2", "Dragons", "+23.0"),
        ("3", "Tiles", "−9.4"),
    ]
    assert (
        found[0][2] == "Şükrü Yılmaz +32.0 · Anna de Vries +11.2 · not counted: =cmd|' /C calc'!A0 Evil −50.0"
    )
    winds = rows(html)[0]
    counted = re.findall(r'class="member counted"><a href="/t/hand-worked/players/(\w)/"', winds)
    assert counted == ["f", "a"]
    assert "the best 2 members" in html


def test_the_figures_are_the_selectors(client, hand_worked):
    """The page shows what selectors.side_rankings computes from the overview's standings, nothing of its own."""
    set_up(hand_worked, groups=("team", "country"), team_best=2)
    view = overview(hand_worked, change_stamp(hand_worked))
    for url, ranking in (
        (TEAM_URL, group_ranking(view.latest, "team")),
        ("/t/hand-worked/rankings/country/", group_ranking(view.latest, "country")),
    ):
        found = [
            (row[0], row[1].split(" fewer")[0], row[-1])
            for row in table_rows(client.get(url).content.decode())
        ]
        expected = [(f"{g.rank}{'=' if g.tied else ''}", g.name, points(g.total)) for g in ranking]
        assert found == expected
    html = client.get(NEWCOMER_URL).content.decode()
    expected = [
        (
            f"{r.rank}",
            view.latest.players[r.player].name,
            f"{r.overall.rank}",
            points(r.overall.total),
        )
        for r in category_ranking(view.latest, "newcomer")
    ]
    assert [tuple(row) for row in table_rows(html)] == expected


def test_the_category_ranking(client, ranked):
    html = client.get(NEWCOMER_URL).content.decode()
    assert "Newcomer: ranking after session 2" in html
    assert table_rows(html) == [
        ["1", "Łukasz Wiśniewski", "3", "+17.9"],
        ["2", "Åsa Lindqvist", "5", "−17.0"],
        ["3", "Jiří Dvořák", "6", "−27.3"],
        ["4", "=cmd|' /C calc'!A0 Evil", "8", "−50.0"],
    ]
    assert '<a href="/t/hand-worked/players/b/">' in rows(html)[0]


def test_a_category_is_found_in_any_case(client, ranked):
    response = client.get("/t/hand-worked/rankings/category/NewComer/")
    assert response.status_code == 200 and "Łukasz Wiśniewski" in response.content.decode()


def test_a_disqualified_player_is_last_in_the_category(client, hand_worked):
    set_up(hand_worked)
    Registration.objects.filter(tournament=hand_worked, key="b").update(status="disqualified")
    found = table_rows(client.get(NEWCOMER_URL).content.decode())
    # b's +17.9 stands (EMA 2016 5.8) but ranks after everyone: overall 8 of 8, and last among the newcomers
    assert [row[0] for row in found] == ["1", "2", "3", "4"]
    assert found[-1] == ["4", "Łukasz Wiśniewski disqualified", "8", "+17.9"]


@pytest.mark.parametrize(
    "url",
    [
        "/t/hand-worked/rankings/country/",  # not turned on
        "/t/hand-worked/rankings/club/",
        "/t/hand-worked/rankings/nation/",  # no such grouping
        "/t/hand-worked/rankings/category/ladies/",  # a category not shown
        "/t/hand-worked/rankings/category/",
    ],
)
def test_a_ranking_not_turned_on_is_a_404(client, ranked, url):
    assert client.get(url).status_code == 404


def test_nothing_turned_on_is_a_404_for_the_staff_too(organiser_client, demo):
    assert organiser_client.get("/t/demo/rankings/team/").status_code == 404


def test_hidden_standings_hide_every_side_ranking(client, hand_worked, make_user):
    set_up(hand_worked, groups=("team", "country", "club"))
    tournaments.update_tournament(actor=None, tournament=hand_worked, standings_hidden=True)
    for url in (TEAM_URL, "/t/hand-worked/rankings/country/", NEWCOMER_URL):
        html = client.get(url).content.decode()
        assert "hidden the standings until the prize ceremony" in html
        assert "<table" not in html and "Dragons" not in html and "+17.9" not in html
    client.force_login(make_user("ref", tournament=hand_worked, role="referee"))
    assert "Dragons" in client.get(TEAM_URL).content.decode()  # the staff still see them


def test_an_incomplete_session_makes_the_rankings_provisional(client, ranked):
    enter(ranked, 3, 1, SESSION_3_TABLE_1)
    for url in (TEAM_URL, NEWCOMER_URL):
        html = client.get(url).content.decode()
        note = re.search(r'<p class="notice provisional">(.*?)</p>', html, re.S).group(1)
        assert note.startswith("Provisional: 1 of 2 tables of session 3 entered · last result")
        assert "after session 3" in html
    # session 3, table 1: h +30.0, g +10.0, f -10.0, e -30.0 (test_standings_page): Winds -6.8 - 10.0 + 30.0 =
    # +13.2, Dragons -6.8 - 30.0 + 10.0 = -26.8
    assert [row[:2] + row[-1:] for row in table_rows(client.get(TEAM_URL).content.decode())] == [
        ["1", "Winds", "+13.2"],
        ["2", "Tiles", "−9.4"],
        ["3", "Dragons", "−26.8"],
    ]


def test_results_not_confirmed_yet_make_the_rankings_provisional(client, hand_worked):
    """With the second check on and unconfirmed results counted, the standings mark each such figure; a ranking
    has no session figures, so it says so in its provisional line."""
    set_up(hand_worked, confirmation_required=True, count_unconfirmed=True)
    html = client.get(TEAM_URL).content.decode()
    assert "Provisional: includes results not confirmed yet" in html


def test_the_ranking_is_live_like_the_standings(client, ranked):
    first = client.get(TEAM_URL)
    assert first["Cache-Control"] == "public, max-age=5, stale-while-revalidate=10"  # as the standings
    assert client.get(TEAM_URL, headers={"if-none-match": first["ETag"]}).status_code == 304
    assert 'data-live data-etag="' in first.content.decode()
    enter(ranked, 3, 1, SESSION_3_TABLE_1)
    after = client.get(TEAM_URL, headers={"if-none-match": first["ETag"]})
    assert after.status_code == 200 and "+13.2" in after.content.decode()


def test_each_ranking_has_its_own_page_in_the_cache(client, hand_worked):
    set_up(hand_worked, groups=("team", "country"))
    team = client.get(TEAM_URL)
    country = client.get("/t/hand-worked/rankings/country/")
    assert team["ETag"] != country["ETag"]
    assert "Country ranking after session 2" in country.content.decode()
    assert "HUN" in country.content.decode() and "Dragons" not in country.content.decode()


def test_the_ranking_in_dutch(client, ranked):
    html = client.get(TEAM_URL, headers={"accept-language": "nl"}).content.decode()
    assert "Teamklassement na sessie 2" in html
    assert [row[-1] for row in table_rows(html)] == ["−6,8", "−6,8", "−9,4"]
    html = client.get(NEWCOMER_URL, headers={"accept-language": "nl"}).content.decode()
    assert "Newcomer: klassement na sessie 2" in html and "+17,9" in html


def test_a_ranking_page_costs_little_once_rendered(client, ranked, django_assert_max_num_queries):
    """Read from the overview (built once per change, as the standings') and rendered once per change: a second
    reader costs what a second reader of the standings costs (test_live_cache)."""
    client.get(TEAM_URL)
    client.get(NEWCOMER_URL)
    for url in (TEAM_URL, NEWCOMER_URL):
        with django_assert_max_num_queries(4):  # tournament, stamp, the layout's seating link (, session)
            assert client.get(url).status_code == 200
