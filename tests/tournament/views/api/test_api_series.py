"""The read API's series (issue 30, sections 1 and 4) on the three hand-worked events of
tests/tournament/series_event.py: each figure of the ranking equals ``series SLUG ranking --format json`` and the
series page; a hidden series is a 404 and a hidden tournament is never named; cached under the site's stamp.

By hand (tests/tournament/management/test_series_command.py, tests/tournament/views/series/test_series_pages.py),
MERS on 29 Nov. 2026: Ann part A (1000 x 2 x 1 + 333 x 1 x 1 + 333 x 1 x 0.5 + 0 + 0) / (2 + 1 + 0.5 + 1 + 1) =
454.45, part B (1000 x 2 + 333 + 333 x 0.5 + 0) / (2 + 1 + 0.5 + 1) = 555.44, score 504.95; Ben 437.68; Cas
(t-one 333 x 2 x 1, t-two 1000 x 1 x 0.5) part A 1166 / 5.5 = 212.00, part B 1166 / 4.5 = 259.11, score 235.56;
Dee (t-one 0 x 2, t-three 667 x 1) 667 / 6 = 111.17 and 667 / 5 = 133.40: 122.28; Eve one tournament (not
ranked); Nob no EMA number (1 result left out)."""

import json
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import call_command

from tests.tournament.series_event import mers_league, rank_on_the_day
from tests.tournament.views.api.conftest import ApiClient
from tournament.display.numbers import decimal
from tournament.models import Series, Tournament
from tournament.services import series as services
from tournament.services.tournaments import update_tournament

pytestmark = pytest.mark.django_db
RANKING = "/api/v1/series/league/ranking/"


@pytest.fixture(autouse=True)
def on_the_day(monkeypatch):
    rank_on_the_day(monkeypatch)


@pytest.fixture
def league():
    return mers_league()


def command_json(*arguments) -> dict:
    out = StringIO()
    call_command("series", "league", "ranking", "--format", "json", *arguments, stdout=out)
    return json.loads(out.getvalue())


def test_the_ranking_is_the_commands_and_the_hand_worked_figures(api, league):
    answer = api.data(RANKING)
    assert answer == command_json()
    assert answer == api.data(RANKING + "?on=2026-11-29") == command_json("--on", "2026-11-29")
    assert answer["tournaments"] == ["t-three", "t-one", "t-two"] and answer["players_without_ema_id"] == 1
    rows = [(row["rank"], row["ema_id"], row["score"], row["counted"]) for row in answer["rows"]]
    assert rows == [
        (1, "04000001", 504.95, 3),
        (2, "04000002", 437.68, 3),
        (3, "04000003", 235.56, 2),
        (4, "04000004", 122.28, 2),
    ]
    cas = answer["rows"][2]
    assert (cas["part_a"], cas["part_b"]) == (212.0, 259.11)
    ann = answer["rows"][0]
    assert (ann["part_a"], ann["part_b"]) == (454.45, 555.44)
    # best base rank first, the later tournament first on equal ones (issue 30, part A)
    assert [(r["tournament"], r["base_rank"], r["weight"], r["age_factor"]) for r in ann["results"]] == [
        ("t-one", 1000, 2, 1.0),
        ("t-three", 333, 1, 1.0),
        ("t-two", 333, 1, 0.5),  # 17.5 months old: half
    ]


def test_on_another_day(api, league):
    # on 2 Oct. 2026 t-one (3-4 Oct.) and t-three (1 Nov.) have not been played: only t-two counts, nobody has two
    answer = api.data(RANKING + "?on=2026-10-02")
    assert answer == command_json("--on", "2026-10-02")
    assert answer["tournaments"] == ["t-two"] and answer["rows"] == []
    refused = api.get(RANKING + "?on=29.11.2026")
    assert refused.status_code == 400 and "on must be a date written YYYY-MM-DD" in refused.json()["detail"]
    assert api.get(RANKING + "?on=2026-02-30").status_code == 400


def test_each_score_is_the_series_pages(api, client, league):
    html = client.get("/series/league/").content.decode()
    for row in api.data(RANKING)["rows"]:
        assert f'<td class="points total">{decimal(row["score"])}</td>' in html, row["name"]
        person = client.get(f"/series/league/players/{row['ema_id']}/").content.decode()
        assert f"= {decimal(row['part_a'])}" in person and f"= {decimal(row['score'])}" in person


def test_the_list_and_the_detail(api, league):
    services.create_series(actor=None, slug="secret", name="Secret", rule="sum-best", best=2, is_public=False)
    listed = api.data("/api/v1/series/")
    assert listed["count"] == 1 and listed["next"] is None
    assert listed["results"] == [
        {
            "slug": "league",
            "name": "League 2026",
            "rule": "mers",
            "best": None,
            "minimum": None,
            "url": "/api/v1/series/league/",
        }
    ]
    detail = api.data("/api/v1/series/league/")
    assert detail["on"] == "2026-11-29" and detail["ranking"] == RANKING
    assert (detail["ranked"], detail["unranked"], detail["players_without_ema_id"]) == (4, 1, 1)
    assert detail["tournaments"][1] == {
        "slug": "t-one",
        "name": "Event t-one",
        "last_day": "2026-10-04",
        "players": 4,
        "weight": 2,  # two days
    }
    assert api.data("/api/v1/")["series"] == "/api/v1/series/"


def test_a_hidden_series_is_not_found(api, league):
    Series.objects.filter(pk=league.pk).update(is_public=False)
    cache.clear()
    for address in ("/api/v1/series/league/", RANKING, "/api/v1/series/nothing/"):
        assert api.get(address).status_code == 404, address
    assert api.data("/api/v1/series/")["count"] == 0


def test_a_hidden_tournament_is_never_named(api, league):
    update_tournament(actor=None, tournament=Tournament.objects.get(slug="t-two"), is_public=False)
    for address in ("/api/v1/series/league/", RANKING):
        response = api.get(address)
        assert response.status_code == 200 and b"t-two" not in response.content, address
    # without t-two Ann has t-one and t-three; the command counts as the public page does
    assert api.data(RANKING) == command_json()


def test_cached_under_the_sites_stamp_on_the_fast_path(league, django_assert_max_num_queries):
    first = ApiClient().get(RANKING)
    assert "public" in first["Cache-Control"] and not first.cookies
    with django_assert_max_num_queries(2):  # the fast path: the site's stamp, nothing else
        again = ApiClient().get(RANKING, headers={"if-none-match": first["ETag"]})
        kept = ApiClient().get(RANKING)
    assert again.status_code == 304 and again.wsgi_request.fast_public
    assert kept.content == first.content and kept.wsgi_request.fast_public
    services.remove_tournament(actor=None, series=league, tournament=Tournament.objects.get(slug="t-three"))
    changed = ApiClient().get(RANKING, headers={"if-none-match": first["ETag"]})
    assert changed.status_code == 200 and "t-three" not in changed.json()["tournaments"]
