"""The series' pages and a person's history (issue 30 sections 1 and 2) on the three hand-worked events of
tests/tournament/series_event.py (figures worked in tests/tournament/management/test_series_command.py)."""

import pytest
from django.contrib.auth.models import Permission

from tests.tournament.series_event import mers_league, rank_on_the_day, three_events
from tournament.models import Player, Series, Tournament
from tournament.services import series as services
from tournament.services.tournaments import update_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def on_the_day(monkeypatch):
    rank_on_the_day(monkeypatch)


@pytest.fixture
def league():
    return mers_league()


def page(client, url, status=200):
    response = client.get(url)
    assert response.status_code == status, url
    return response.content.decode()


def test_series_page_ranks_and_explains(client, league):
    html = page(client, "/series/league/")
    assert html.index("Ann Adams") < html.index("Ben Brown") < html.index("Cas Cole") < html.index("Dee Dunn")
    assert "504.95" in html and "437.68" in html and "122.28" in html
    assert "Eve Evans" not in html  # one result: not ranked
    assert "1 more player has too few results to be ranked." in html
    assert "1 result of a player without an EMA number is not in this ranking" in html
    assert (
        "it is not the EMA&#x27;s official ranking" in html or "it is not the EMA's official ranking" in html
    )
    assert "Event t-two" in html


def test_series_page_in_german(client, league):
    client.cookies["django_language"] = "de"
    html = page(client, "/series/league/")
    assert "504,95" in html
    assert "Wertung" in html and "Serienrangliste" not in html


def test_a_hidden_tournament_is_never_named_publicly(client, league):
    update_tournament(actor=None, tournament=Tournament.objects.get(slug="t-two"), is_public=False)
    html = page(client, "/series/league/")
    assert "t-two" not in html and "Event t-two" not in html
    assert "t-two" not in page(client, "/series/league/players/04000001/")
    assert "t-two" not in page(client, "/people/04000001/")


def test_a_hidden_series_is_for_those_who_manage_series(client, league, make_user):
    Series.objects.filter(pk=league.pk).update(is_public=False)
    page(client, "/series/league/", status=404)
    user = make_user("pim")
    user.user_permissions.add(Permission.objects.get(codename="create_tournaments"))
    client.force_login(user)
    response = client.get("/series/league/")
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]


def test_calculation_written_out(client, league):
    html = page(client, "/series/league/players/04000001/")
    # Ann: t-one 1000 x 2 x 1, t-three 333 x 1 x 1, t-two 333 x 1 x 0.5, padded with two results of 0 and weight 1.
    assert (
        "(1000 × 2 × 1 + 333 × 1 × 1 + 333 × 1 × 0.5 + 0 + 0) / (2 × 1 + 1 × 1 + 1 × 0.5 + 1 + 1) = 454.45"
        in html
    )
    assert "(1000 × 2 × 1 + 333 × 1 × 1 + 333 × 1 × 0.5 + 0) / (2 × 1 + 1 × 1 + 1 × 0.5 + 1) = 555.44" in html
    assert "0.5 × 454.45 + 0.5 × 555.44 = 504.95" in html
    assert "50 %" in html
    page(client, "/series/league/players/04000009/", status=404)


def test_public_page_is_cached_with_an_etag(client, league, django_assert_max_num_queries):
    first = client.get("/series/league/")
    assert "public" in first["Cache-Control"]
    assert not first.cookies
    with django_assert_max_num_queries(2):  # the fast path: the site's stamp per request, nothing else
        again = client.get("/series/league/", HTTP_IF_NONE_MATCH=first["ETag"])
        kept = client.get("/series/league/")
    assert again.status_code == 304
    assert kept.content == first.content
    services.remove_tournament(actor=None, series=league, tournament=Tournament.objects.get(slug="t-three"))
    changed = client.get("/series/league/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200
    assert "Event t-three" not in changed.content.decode()


def test_csv_download(client, league):
    response = client.get("/series/league/export/series-ranking-csv/")
    assert response.status_code == 200
    lines = response.content.decode().splitlines()
    assert lines[0] == "rank,ema_id,name,country,score,counted,tournaments,part_a,part_b"
    assert lines[1] == "1,04000001,Ann Adams,NED,504.95,3,3,454.45,555.44"
    assert client.get("/series/league/export/series-ranking-xlsx/").status_code == 200
    assert client.get("/series/league/export/standings-csv/").status_code == 404
    assert client.get("/t/t-one/export/series-ranking-csv/").status_code in (
        302,
        404,
    )  # not a tournament export


def test_history_page(client, league):
    html = page(client, "/people/04000001/")
    # t-three 3rd of 4 (-10.0, base rank 333), t-one 1st= of 4 (+20.0, 1000), t-two 3rd= of 4 (-20.0, 333).
    assert html.index("Event t-three") < html.index("Event t-one") < html.index("Event t-two")
    assert "+20.0" in html and "−10.0" in html and "−20.0" in html
    assert "League 2026" in html and "Rank: 1" in html
    # Her statistics over the three (selectors.statistics.person_statistics): one session each, no score sheets.
    assert 'id="statistics-title"' in html and "No digital score sheets were kept: the places only." in html
    assert '<th scope="row">Sessions played</th><td class="points">3</td>' in html


def test_history_without_ema_number_and_the_link_from_a_tournament(client, league):
    nob = Player.objects.get(first_name="Nob")
    tournament_page = page(client, "/t/t-two/players/nob/")
    assert f'href="/people/player-{nob.pk}/"' in tournament_page
    html = page(client, f"/people/player-{nob.pk}/")
    assert "Event t-two" in html and "Series rankings need an EMA number" in html
    ann = Player.objects.get(ema_id="04000001")
    assert client.get(f"/people/player-{ann.pk}/")["Location"] == "/people/04000001/"
    assert 'href="/people/04000001/"' in page(client, "/t/t-one/players/ann/")


def test_a_person_of_hidden_tournaments_only_is_not_found(client, league):
    update_tournament(actor=None, tournament=Tournament.objects.get(slug="t-three"), is_public=False)
    page(client, "/people/04000005/", status=404)  # Eve played t-three only


def test_hidden_standings_show_no_figures(client, league):
    update_tournament(actor=None, tournament=Tournament.objects.get(slug="t-one"), standings_hidden=True)
    html = page(client, "/people/04000001/")
    assert "+20.0" not in html
    assert "no final standings to show" in html


def test_organiser_creates_and_fills_a_series(client, make_user):
    three_events()
    user = make_user("pim")
    client.force_login(user)
    assert client.get("/organise/series/").status_code == 403
    user.user_permissions.add(Permission.objects.get(codename="create_tournaments"))
    user = type(user).objects.get(pk=user.pk)
    client.force_login(user)
    response = client.post(
        "/organise/series/",
        {"slug": "nl", "name": "Dutch league", "rule": "sum-best", "best": "2", "is_public": "on"},
    )
    assert response.status_code == 302
    assert client.post("/organise/series/nl/", {"tournament": "t-one"}).status_code == 302
    assert list(Series.objects.get(slug="nl").tournaments.values_list("slug", flat=True)) == ["t-one"]
    refused = client.post("/organise/series/", {"slug": "x", "name": "X", "rule": "sum-best"})
    assert refused.status_code == 400
    assert "needs the number of best tournaments" in refused.content.decode()
    assert client.post("/organise/series/nl/", {"remove": "t-one"}).status_code == 302
    assert not Series.objects.get(slug="nl").tournaments.exists()
