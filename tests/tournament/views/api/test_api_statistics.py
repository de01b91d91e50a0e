"""The read API's statistics (issue 30, sections 3 and 4): the rows of ``statistics SLUG --format json`` and the
player page's figures, on the small event of tests/tournament/selectors/conftest.py with session 2 from two score
sheets; the figures worked by hand in tests/tournament/selectors/test_statistics.py and
tests/tournament/views/public/test_player_statistics.py:

p05: 4 hands, ron 1 and tsumo 1 (2 of 4: 0.5), 1 deal-in (0.25), 1 riichi (0.25), average win (5,200 + 3,000) / 2
= 4,100, highest 5,200, places 1st and 4th: average 2.50."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tests.tournament.selectors.conftest import build_small_event
from tests.tournament.selectors.test_statistics import enter_sheets
from tests.tournament.views.api.conftest import ApiClient
from tests.tournament.views.public.test_player_statistics import figures
from tournament.services.tournaments import update_tournament

ADDRESS = "/api/v1/tournaments/small/statistics/"


@pytest.fixture
def sheets(db):
    small = build_small_event()
    enter_sheets(small)
    return small


def command_json() -> dict:
    out = StringIO()
    call_command("statistics", "small", "--format", "json", stdout=out)
    return json.loads(out.getvalue())


def test_the_statistics_are_the_commands_and_the_hand_worked_figures(api, sheets):
    answer = api.data(ADDRESS)
    assert answer == command_json()
    assert (answer["tournament"], answer["tables"], answer["sheets"]) == ("small", 4, 2)
    p05 = next(row for row in answer["rows"] if row["key"] == "p05")
    assert {key: p05[key] for key in ("sessions", "sheets", "hands", "wins", "ron", "tsumo", "deal_ins")} == {
        "sessions": 2,
        "sheets": 1,
        "hands": 4,
        "wins": 2,
        "ron": 1,
        "tsumo": 1,
        "deal_ins": 1,
    }
    assert (p05["riichi"], p05["win_rate"], p05["deal_in_rate"], p05["riichi_rate"]) == (1, 0.5, 0.25, 0.25)
    assert (p05["average_win"], p05["highest_win"], p05["chombos"]) == (4100, 5200, 0)
    assert p05["average_place"] == 2.5
    assert [p05[f"places_{n}"] for n in range(1, 5)] == [1, 0, 0, 1]


def test_each_figure_is_the_player_pages(api, client, sheets):
    answer = api.data(ADDRESS)
    for row in answer["rows"]:
        shown = figures(client.get(f"/t/small/players/{row['key']}/").content.decode())
        assert shown["Sessions played"] == str(row["sessions"])
        assert shown["Average place"] == f"{row['average_place']:.2f}"
        if row["hands"]:
            assert shown["Hands played"] == str(row["hands"])
            assert shown["Win rate"] == f"{row['win_rate'] * 100:.1f}%"
            assert shown["Deal-in rate"] == f"{row['deal_in_rate'] * 100:.1f}%"
            assert shown["Riichi rate"] == f"{row['riichi_rate'] * 100:.1f}%"
            assert shown["Wins (ron / tsumo)"] == f"{row['wins']} ({row['ron']} / {row['tsumo']})"
        if row["wins"]:
            assert shown["Average win"] == f"{row['average_win']:,}"
            assert shown["Highest hand"] == f"{row['highest_win']:,}"


def test_a_hidden_tournament_is_not_found_hidden_standings_keep_the_statistics(api, sheets):
    update_tournament(actor=None, tournament=sheets.tournament, standings_hidden=True)
    # the player page's rule: places at the tables and hands stay public, no total and no rank
    assert api.data(ADDRESS) == command_json()
    update_tournament(actor=None, tournament=sheets.tournament, is_public=False)
    assert api.get(ADDRESS).status_code == 404


def test_cached_by_the_tournaments_stamp_on_the_fast_path(sheets, django_assert_max_num_queries):
    first = ApiClient().get(ADDRESS)
    assert first.status_code == 200 and "public" in first["Cache-Control"]
    with django_assert_max_num_queries(2):  # the fast path: the tournament and its stamp
        again = ApiClient().get(ADDRESS, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304 and again.wsgi_request.fast_public
