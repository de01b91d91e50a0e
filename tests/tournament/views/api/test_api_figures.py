"""The read API's data (issue 30, section 4): each figure equals the public page's and the ``standings`` command's
for the same tournament, and the hand-worked figures (tests/tournament/views/public/conftest.py, EMA 2016 3.6,
3.6.1, 3.4.6, 5.7); the visibility rule of the public pages (a hidden tournament or hidden standings: 404)."""

import json
import re
from io import StringIO

import pytest
from django.core.management import call_command

from tests.tournament.views.api.conftest import CHECKED, OPERATIONS, openapi
from tests.tournament.views.public.test_rankings_pages import set_up
from tournament.display.names import rank_label
from tournament.display.numbers import points, points_full
from tournament.models import Player
from tournament.services.series import add_tournaments, create_series
from tournament.services.tournaments import set_rankings, update_tournament

BASE = "/api/v1/tournaments/hand-worked/"
# every address of the API for the hand-worked event, one per operation
ADDRESSES = [
    "/api/v1/",
    "/api/v1/tournaments/",
    BASE,
    BASE + "standings/",
    BASE + "standings/?after_session=1",
    BASE + "rankings/country/",
    BASE + "sessions/",
    BASE + "sessions/1/",
    BASE + "sessions/3/",
    BASE + "players/",
    BASE + "players/a/",
    BASE + "statistics/",
]
# of no one tournament: the series, a person (player a, given an EMA number in the test)
SITE_WIDE = [
    "/api/v1/series/",
    "/api/v1/series/club/",
    "/api/v1/series/club/ranking/",
    "/api/v1/people/04000042/",
]
# By hand (conftest of the public pages): the totals after session 2, in rank order
TOTALS = [("e", 40_000), ("f", 32_000), ("b", 17_900), ("a", 11_200)]
TOTALS += [("g", -17_000), ("c", -27_300), ("d", -29_800), ("h", -50_000)]


def command_json(*arguments) -> dict:
    out = StringIO()
    call_command("standings", "hand-worked", "--format", "json", *arguments, stdout=out)
    return json.loads(out.getvalue())


@pytest.fixture
def countries_shown(event):
    set_rankings(
        actor=None,
        tournament=event,
        tie_breaks=[],
        team_best=None,
        country_best=None,
        club_best=None,
        shown_groups=["country"],
        shown_categories=[],
    )
    return event


def test_every_operation_answers_its_schema(api, countries_shown):
    club = create_series(actor=None, slug="club", name="Club league", rule="sum-best", best=3)
    add_tournaments(actor=None, series=club, tournaments=[countries_shown])  # not finished: counted later
    Player.objects.filter(registrations__tournament=countries_shown, registrations__key="a").update(
        ema_id="04000042"
    )
    for address in ADDRESSES + SITE_WIDE:
        api.data(address)
    schema = openapi()
    assert schema["openapi"] == "3.1.0"
    operations = {op["operationId"] for methods in schema["paths"].values() for op in methods.values()}
    assert operations == set(OPERATIONS.values())
    assert {name for name, status in CHECKED if status == 200} >= set(OPERATIONS.values()) - {
        "category_ranking"
    }


def test_the_standings_are_the_commands_and_the_hand_worked_figures(api, event):
    answer = api.data(BASE + "standings/")
    assert answer == command_json()
    assert [(row["player"], row["total"]) for row in answer["rows"]] == TOTALS
    assert answer["after_session"] == 2 and answer["rows"][0]["rank"] == 1
    after_one = api.data(BASE + "standings/?after_session=1")
    assert after_one == command_json("--after-session", "1")
    # after session 1: a +26.2, e and f +20.0 each (2= shared: 1st and 2nd split, 3.6.1), d -25.8 (late 3 min)
    ranks = {row["player"]: (row["rank"], row["tied"], row["total"]) for row in after_one["rows"]}
    assert ranks["a"] == (1, False, 26_200) and ranks["e"] == ranks["f"] == (2, True, 20_000)
    assert ranks["d"] == (7, False, -25_800)


def test_each_figure_of_the_standings_is_the_pages(api, client, event):
    answer = api.data(BASE + "standings/")
    html = client.get("/t/hand-worked/standings/").content.decode()
    body = html.split("<tbody", 1)[1].split("</tbody>", 1)[0]
    page_rows = body.split("<tr")[1:]
    assert len(page_rows) == len(answer["rows"])
    for row, page_row in zip(answer["rows"], page_rows, strict=True):
        cells = [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", page_row, re.S)
        ]
        assert f"/players/{row['player']}/" in page_row
        assert cells[0].split()[0] == rank_label(row["rank"], row["tied"])
        assert cells[2] == points(row["total"])
        for line in row["sessions"]:
            assert points(line["total"]) in cells[3 + line["session"]]


def test_each_seat_of_a_session_is_the_session_pages_and_the_commands(api, client, event):
    answer = api.data(BASE + "sessions/1/")
    html = client.get("/t/hand-worked/sessions/1/").content.decode()
    lines = {
        (row["player"], line["session"]): line for row in command_json()["rows"] for line in row["sessions"]
    }
    seats = [seat for table in answer["tables"] for seat in table["seats"]]
    assert len(seats) == 8 and all(table["result"] for table in answer["tables"])
    for table in answer["tables"]:
        for seat in table["seats"]:
            line = lines[(seat["player"], 1)]
            figures = seat["figures"]
            assert (line["table"], line["wind"]) == (table["table"], seat["wind"])
            for name in ("raw", "score", "uma", "penalties", "total"):
                assert figures[name] == line[name], (seat["player"], name)
            assert points_full(figures["raw"], sign=False) in html and points(figures["total"]) in html
    # table 1 by hand: a 41,200 -> +11.2 + 15.0 = +26.2; d 22,200 -> -7.8 - 15.0 - 3.0 (late 3 min) = -25.8
    by_player = {seat["player"]: seat["figures"] for seat in seats}
    assert by_player["a"] == {
        "raw": 41_200,
        "place": 1,
        "score": 11_200,
        "uma": 15_000,
        "penalties": 0,
        "total": 26_200,
        "substitute": None,
    }
    assert (by_player["d"]["penalties"], by_player["d"]["total"]) == (3_000, -25_800)
    unplayed = api.data(BASE + "sessions/3/")
    assert [seat["figures"] for table in unplayed["tables"] for seat in table["seats"]] == [None] * 8


def test_a_player_is_their_standings_row(api, event):
    command_row = next(row for row in command_json()["rows"] if row["player"] == "a")
    answer = api.data(BASE + "players/a/")
    assert answer["standing"] == {name: command_row[name] for name in ("rank", "tied", "sessions", "total")}
    assert [(seat["session"], seat["table"], seat["wind"]) for seat in answer["seats"]] == [
        (1, 1, "E"),
        (2, 1, "E"),
        (3, 2, "N"),
    ]
    assert (answer["first_name"], answer["ema_id"], answer["country"]) == ("Anna", "08010039", "NED")


def test_a_side_ranking_is_the_commands(api, countries_shown):
    answer = api.data(BASE + "rankings/country/")
    out = StringIO()
    call_command("standings", "hand-worked", "--by", "country", "--format", "json", stdout=out)
    assert answer == json.loads(out.getvalue())
    # one player a country: each country's total is its player's (HUN e +40.0 first, GBR h -50.0 last)
    assert [(row["country"], row["total"]) for row in answer["rows"]][:1] == [("HUN", 40_000)]
    assert answer["rows"][-1]["country"] == "GBR"
    assert api.get(BASE + "rankings/team/").status_code == 404  # not shown: as its page


def test_a_hidden_tournament_is_a_404_everywhere_and_not_listed(api, event):
    update_tournament(actor=None, tournament=event, is_public=False)
    for address in ADDRESSES[2:]:
        assert api.get(address).status_code == 404, address
    assert api.data("/api/v1/tournaments/")["results"] == []


def test_hidden_standings_hide_the_standings_and_rankings_not_the_tables(api, countries_shown):
    update_tournament(actor=None, tournament=countries_shown, standings_hidden=True)
    for address in (BASE + "standings/", BASE + "standings/?after_session=1", BASE + "rankings/country/"):
        assert api.get(address).status_code == 404, address
    detail = api.data(BASE)
    assert detail["standings_visible"] is False and detail["rankings"] == []
    assert api.data(BASE + "players/a/")["standing"] is None
    assert api.data(BASE + "sessions/1/")["tables"][0]["seats"][0]["figures"]["raw"] == 41_200


def test_unknown_things_are_404_and_wrong_parameters_400_as_json(api, event):
    assert api.get("/api/v1/tournaments/nothing/standings/").status_code == 404
    assert api.get(BASE + "sessions/9/").status_code == 404
    assert api.get(BASE + "players/zz/").status_code == 404
    assert api.get(BASE + "standings/?after_session=9").status_code == 404
    wrong = api.get(BASE + "standings/?after_session=x")
    assert wrong.status_code == 400 and "after_session" in json.loads(wrong.content)["detail"]


def test_teams_and_a_category_are_the_commands_and_the_hand_worked_figures(api, event):
    """The teams and newcomers of tests/tournament/views/public/test_rankings_pages.py, every member counted."""
    set_up(event, groups=("team",), categories=("newcomer",))
    teams = api.data(BASE + "rankings/team/")
    assert teams == command_json("--by", "team")
    # Dragons e, g, d: 40.0 - 17.0 - 29.8 = -6.8; Winds f, a, h: 32.0 + 11.2 - 50.0 = -6.8 (shared 1st); Tiles b,
    # c: 17.9 - 27.3 = -9.4
    assert [(row["team"], row["rank"], row["tied"], row["total"]) for row in teams["rows"]] == [
        ("Dragons", 1, True, -6_800),
        ("Winds", 1, True, -6_800),
        ("Tiles", 3, False, -9_400),
    ]
    newcomers = api.data(BASE + "rankings/category/newcomer/")
    assert newcomers == command_json("--category", "newcomer")
    assert api.data(BASE + "rankings/category/Newcomer/") == newcomers  # any case, as its page
    # b +17.9, g -17.0, c -27.3, h -50.0: 1st to 4th among newcomers, 3rd, 5th, 6th and 8th overall
    places = [(row["player"], row["rank"], row["overall_rank"]) for row in newcomers["rows"]]
    assert places == [("b", 1, 3), ("g", 2, 5), ("c", 3, 6), ("h", 4, 8)]
    assert api.get(BASE + "rankings/category/veterans/").status_code == 404  # not shown
