"""``series SLUG create|add|remove|ranking`` (issue 30's command-line contract, docs/commands.md) on the three
hand-worked events of tests/tournament/series_event.py; the rules' own figures are pinned in
tests/scoring/test_series.py."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.tournament.series_event import finished_event, three_events
from tournament.models import AuditEntry, Series, Tournament
from tournament.services.tournaments import update_tournament

pytestmark = pytest.mark.django_db
ON = "2026-11-29"


def series(*args) -> str:
    out = StringIO()
    call_command("series", *args, stdout=out)
    return out.getvalue()


def ranking(slug="league", *options) -> dict:
    return json.loads(series(slug, "ranking", "--on", ON, "--format", "json", *options))


@pytest.fixture
def league():
    three_events()
    series("league", "create", "--name", "League 2026", "--rule", "mers")
    series("league", "add", "t-one", "t-two", "t-three")


def test_mers_ranking_worked_by_hand(league):
    data = ranking()
    assert (data["series"], data["rule"], data["on"]) == ("league", "mers", ON)
    assert data["tournaments"] == ["t-three", "t-one", "t-two"]
    assert data["players_without_ema_id"] == 1  # Nob: in t-two's standings only
    rows = [(r["rank"], r["ema_id"], r["name"], r["country"], r["score"], r["counted"]) for r in data["rows"]]
    # Eve played t-three only: one result, not ranked.
    # Ann: t-one 1000 (w 2), t-three 333 (w 1), t-two 333 (w 1, age 1/2; after t-three on the equal base rank).
    #   A = (1000x2 + 333 + 333x0.5) / (2 + 1 + 0.5 + 2 padded) = 2499.5 / 5.5 = 454.45
    #   B = 2499.5 / (3.5 + 1 padded) = 555.44; score (454.4545 + 555.4444) / 2 = 504.95
    # Ben: t-one 1000 (w 2), t-two 333 (age 1/2), t-three 0: A = 2166.5 / 5.5 = 393.91, B = 2166.5 / 4.5 = 481.44,
    #   score 437.68
    # Cas: t-two 1000 (age 1/2), t-one 333 (w 2): A = (500 + 666) / (0.5 + 2 + 3) = 212.00, B = 1166 / 4.5 =
    #   259.11, score 235.56
    # Dee: t-three 667, t-one 0 (w 2): A = 667 / (1 + 2 + 3) = 111.17, B = 667 / 5 = 133.40, score 122.28
    assert rows == [
        (1, "04000001", "Ann Adams", "NED", 504.95, 3),
        (2, "04000002", "Ben Brown", "GER", 437.68, 3),
        (3, "04000003", "Cas Cole", "NED", 235.56, 2),
        (4, "04000004", "Dee Dunn", "FRA", 122.28, 2),
    ]
    assert [(r["part_a"], r["part_b"]) for r in data["rows"]] == [
        (454.45, 555.44),
        (393.91, 481.44),
        (212.0, 259.11),
        (111.17, 133.4),
    ]
    ann = data["rows"][0]["results"]
    assert ann == [
        {
            "tournament": "t-one",
            "place": 1,
            "players": 4,
            "total": 20_000,
            "base_rank": 1000,
            "weight": 2,
            "age_factor": 1.0,
            "counted": True,
        },
        {
            "tournament": "t-three",
            "place": 3,
            "players": 4,
            "total": -10_000,
            "base_rank": 333,
            "weight": 1,
            "age_factor": 1.0,
            "counted": True,
        },
        {
            "tournament": "t-two",
            "place": 3,
            "players": 4,
            "total": -20_000,
            "base_rank": 333,
            "weight": 1,
            "age_factor": 0.5,
            "counted": True,
        },
    ]


def test_sum_best_and_its_minimum():
    three_events()
    series("sums", "create", "--name", "Sums", "--rule", "sum-best", "--best", "2")
    series("sums", "add", "t-one", "t-two", "t-three")
    # Totals (EMA 2016 3.6, 3.6.1): t-one Ann, Ben +20,000 (40,000 - 30,000 + (15,000 + 5,000) / 2), Cas -10,000,
    # Dee -30,000; t-two Cas +30,000, Ann, Ben -20,000; t-three Eve +35,000, Dee +5,000, Ann -10,000, Ben -30,000.
    # Best 2: Eve 35,000 (one result, minimum 1), Cas 30,000 - 10,000, Ann 20,000 - 10,000, Ben 20,000 - 20,000,
    # Dee 5,000 - 30,000.
    assert [(r["rank"], r["name"], r["score"], r["counted"]) for r in ranking("sums")["rows"]] == [
        (1, "Eve Evans", 35_000, 1),
        (2, "Cas Cole", 20_000, 2),
        (3, "Ann Adams", 10_000, 2),
        (4, "Ben Brown", 0, 2),
        (5, "Dee Dunn", -25_000, 2),
    ]
    series("avg", "create", "--name", "Average", "--rule", "average-best", "--best", "2", "--minimum", "2")
    series("avg", "add", "t-one", "t-two", "t-three")
    # Average of the best 2, at least 2: Cas 10,000, Ann 5,000, Ben 0, Dee -12,500; Eve not ranked.
    assert [(r["rank"], r["name"], r["score"]) for r in ranking("avg")["rows"]] == [
        (1, "Cas Cole", 10_000.0),
        (2, "Ann Adams", 5_000.0),
        (3, "Ben Brown", 0.0),
        (4, "Dee Dunn", -12_500.0),
    ]


def test_hidden_tournaments(league):
    series("league", "remove", "t-three")
    assert ranking()["tournaments"] == ["t-one", "t-two"]
    update_tournament(actor=None, tournament=Tournament.objects.get(slug="t-two"), is_public=False)
    assert ranking()["tournaments"] == ["t-one"]  # a public series counts public tournaments only
    assert ranking()["rows"] == []  # one result each: nobody ranked
    series("back", "create", "--name", "Back office", "--rule", "mers", "--hidden")
    series("back", "add", "t-one", "t-two")
    assert ranking("back")["tournaments"] == ["t-one", "t-two"]  # a hidden series counts it
    update_tournament(actor=None, tournament=Tournament.objects.get(slug="t-one"), standings_hidden=True)
    assert ranking()["tournaments"] == []  # hidden standings: as hidden for a public series


def test_unfinished_tournament_does_not_count():
    finished_event("t-one")
    finished_event("t-three", play=False)
    series("league", "create", "--name", "League", "--rule", "mers")
    series("league", "add", "t-one", "t-three")
    assert ranking()["tournaments"] == ["t-one"]


def test_table_and_csv():
    three_events()
    series("league", "create", "--name", "League", "--rule", "mers")
    series("league", "add", "t-one", "t-two", "t-three")
    table = series("league", "ranking", "--on", ON).splitlines()
    assert table[0].split() == [
        "rank",
        "ema_id",
        "name",
        "country",
        "score",
        "counted",
        "tournaments",
        "part_a",
        "part_b",
    ]
    assert table[1].split() == [
        "1",
        "04000001",
        "Ann",
        "Adams",
        "NED",
        "504.95",
        "3",
        "3",
        "454.45",
        "555.44",
    ]
    csv = series("league", "ranking", "--on", ON, "--format", "csv").splitlines()
    assert csv[1] == "1,04000001,Ann Adams,NED,504.95,3,3,454.45,555.44"


@pytest.mark.parametrize(
    "args, says",
    [
        (["nope", "ranking"], "no series 'nope'"),
        (["league", "add", "t-one", "nope"], "no tournament 'nope'"),
        (["league", "add", "t-one"], "t-one is in the series league already"),
        (["league", "add", "t-two", "t-two"], "t-two is in the series league already"),
        (["league", "remove", "t-three"], "t-three is not in the series league"),
        (["other", "create", "--name", "X", "--rule", "sum-best", "--best", "0"], "from 1 to 100, not 0"),
        (["other", "create", "--name", "X", "--rule", "best-of"], "Unknown ranking rule best-of"),
        (["other", "create", "--name", "X", "--rule", "sum-best"], "needs the number of best tournaments"),
        (["other", "create", "--name", "X", "--rule", "mers", "--best", "3"], "leave out the best"),
        (["league", "create", "--name", "X", "--rule", "mers"], "exists already"),
        (["league", "ranking", "--on", "2026-13-01"], "'2026-13-01' is not a date"),
        (["league", "ranking", "--on", "tomorrow"], "is not a date"),
    ],
)
def test_refusals_one_line_nothing_written(args, says):
    finished_event("t-one")
    finished_event("t-two")
    finished_event("t-three", play=False)
    series("league", "create", "--name", "League", "--rule", "mers")
    series("league", "add", "t-one")
    before = (
        Series.objects.count(),
        AuditEntry.objects.count(),
        list(Series.objects.get().tournaments.all()),
    )
    with pytest.raises(CommandError) as refused:
        series(*args)
    message = str(refused.value)
    assert says in message
    assert "\n" not in message
    assert (
        Series.objects.count(),
        AuditEntry.objects.count(),
        list(Series.objects.get().tournaments.all()),
    ) == before


def test_changes_are_audited(league):
    actions = list(
        AuditEntry.objects.filter(action__startswith="series.").values_list("action", "data__tournament")
    )
    assert actions.count(("series.add", "t-one")) == 1
    assert ("series.create", None) in actions
