"""The read API's person (issue 30, sections 2 to 4) on the three hand-worked events of
tests/tournament/series_event.py: their tournaments as their history page shows them, their series place and
their statistics over the public tournaments; a person of hidden tournaments only is a 404, a hidden tournament is
never named.

By hand, Ann (04000001), EMA 2016 (30,000 to start, uma 15/5/-5/-15 split on ties, 3.6 and 3.6.1): t-three 25,000,
3rd of 4: -5.0 - 5.0 = -10.0, base rank 333; t-one 40,000 shared 1st: +10.0 + (15 + 5) / 2 = +20.0, base rank 1000;
t-two 20,000 shared 3rd with Ben: -10.0 + (-5 - 15) / 2 = -20.0, base rank 333. Series League 2026 (MERS): rank 1,
504.95 (tests/tournament/views/api/test_api_series.py). No score sheets: the places only, 1st once, 3rd twice,
average (1 + 3 + 3) / 3 = 2.33."""

import pytest

from tests.tournament.views.api.test_api_series import league, on_the_day  # noqa: F401 (the fixtures)
from tournament.display.numbers import points
from tournament.models import Tournament
from tournament.services.tournaments import update_tournament

pytestmark = pytest.mark.django_db
ANN = "/api/v1/people/04000001/"


def test_a_persons_history_series_and_statistics(api, client, league):  # noqa: F811
    answer = api.data(ANN)
    assert (answer["ema_id"], answer["first_name"], answer["last_name"], answer["country"]) == (
        "04000001",
        "Ann",
        "Adams",
        "NED",
    )
    lines = [
        (t["tournament"], t["place"], t["players"], t["total"], t["base_rank"]) for t in answer["tournaments"]
    ]
    assert lines == [
        ("t-three", 3, 4, -10_000, 333),
        ("t-one", 1, 4, 20_000, 1000),
        ("t-two", 3, 4, -20_000, 333),
    ]
    assert answer["series"] == [
        {"series": "league", "name": "League 2026", "rule": "mers", "rank": 1, "score": 504.95}
    ]
    total = answer["statistics"]["total"]
    assert (total["sessions"], total["hands"], total["win_rate"], total["average_place"]) == (
        3,
        0,
        None,
        2.33,
    )
    assert [total[f"places_{n}"] for n in range(1, 5)] == [1, 0, 2, 0]
    assert [item["tournament"] for item in answer["statistics"]["tournaments"]] == [
        "t-three",
        "t-one",
        "t-two",
    ]
    html = client.get("/people/04000001/").content.decode()
    for line in answer["tournaments"]:  # the page's figures
        assert f">{points(line['total'])}</td>" in html and f">{line['base_rank']}</td>" in html


def test_hidden_tournaments_are_never_named(api, league):  # noqa: F811
    update_tournament(actor=None, tournament=Tournament.objects.get(slug="t-two"), is_public=False)
    response = api.get(ANN)
    assert response.status_code == 200 and b"t-two" not in response.content
    update_tournament(actor=None, tournament=Tournament.objects.get(slug="t-three"), is_public=False)
    assert api.get("/api/v1/people/04000005/").status_code == 404  # Eve played t-three only
    assert api.get("/api/v1/people/99999999/").status_code == 404


def test_hidden_standings_show_no_figures(api, league):  # noqa: F811
    update_tournament(actor=None, tournament=Tournament.objects.get(slug="t-one"), standings_hidden=True)
    answer = api.data(ANN)
    t_one = next(t for t in answer["tournaments"] if t["tournament"] == "t-one")
    assert (t_one["place"], t_one["total"], t_one["base_rank"]) == (None, None, None)
    assert "t-one" not in [item["tournament"] for item in answer["statistics"]["tournaments"]]
