"""``standings SLUG --by team|country|club [--best K]`` and ``--category NAME`` (cli.md), and the prize places in
the main standings JSON, on the hand-worked EVENT (tests/tournament/side_event.py; figures worked in
tests/scoring/test_side_rankings.py from EMA 2016 3.6, 3.6.1, 3.4.6 and 5.8)."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.tournament.side_event import SLUG, TIE_SLUG, side_event, tie_event

pytestmark = pytest.mark.django_db


def standings(*options) -> str:
    out = StringIO()
    call_command("standings", SLUG, *options, stdout=out)
    return out.getvalue()


def as_json(*options) -> dict:
    return json.loads(standings(*options, "--format", "json"))


def test_teams_as_json_with_the_tournaments_k():
    side_event(team_best=2)
    data = as_json("--by", "team")
    assert (data["tournament"], data["after_session"], data["by"], data["best"]) == (SLUG, 1, "team", 2)
    assert [
        (r["rank"], r["tied"], r["team"], r["total"], r["members"], r["counted"], r["short"])
        for r in data["rows"]
    ] == [
        (1, False, "Bamboo", 9_000, ["f", "k", "i"], ["f", "k"], False),
        (2, False, "Dragons", 7_000, ["e", "g", "l"], ["e", "g"], False),
        (3, True, "Circles", 0, ["b", "c"], ["b", "c"], False),
        (3, True, "Winds", 0, ["a", "d"], ["a", "d"], False),
        (5, False, "Flowers", 5_000, ["j"], ["j"], True),
    ]


def test_best_overrides_the_tournaments_k():
    side_event(team_best=2)
    data = as_json("--by", "team", "--best", "3")
    # Bamboo f 20,000 - k 11,000 + i 15,000 = 24,000; Dragons 20,000 - 13,000 - 29,000 = -22,000; the others short
    assert [(r["rank"], r["team"], r["total"], r["short"]) for r in data["rows"]] == [
        (1, "Bamboo", 24_000, False),
        (2, "Dragons", -22_000, False),
        (3, "Flowers", 5_000, True),
        (4, "Circles", 0, True),
        (4, "Winds", 0, True),
    ]
    assert data["best"] == 3


def test_countries_best_three_by_default_and_clubs():
    side_event()
    countries = as_json("--by", "country")
    assert countries["best"] == 3
    assert [(r["rank"], r["country"], r["total"]) for r in countries["rows"]] == [
        (1, "NED", 60_000),
        (2, "GER", -3_000),
        (3, "FRA", -9_000),
    ]
    clubs = as_json("--by", "club")
    assert clubs["best"] is None
    assert [(r["rank"], r["club"], r["total"], r["members"]) for r in clubs["rows"]] == [
        (1, "Lotus", 21_000, ["a", "f", "l"]),
        (2, "Tsumo", 20_000, ["e", "b", "c"]),
        (3, "Riichi", -30_000, ["d"]),
    ]


def test_a_category_as_json_keeps_the_players_fields_and_the_overall_rank():
    side_event()
    data = as_json("--category", "NEWCOMER")
    assert data["category"] == "newcomer"
    rows = data["rows"]
    assert [(r["rank"], r["tied"], r["player"], r["overall_rank"], r["overall_tied"]) for r in rows] == [
        (1, True, "e", 2, True),
        (1, True, "f", 2, True),
        (3, False, "j", 5, False),
        (4, False, "c", 6, False),
        (5, False, "i", 11, False),
    ]
    main = {row["player"]: row for row in as_json()["rows"]}
    drop = {"rank", "tied", "prize_rank", "prize_tied"}
    assert {k: v for k, v in rows[0].items() if k not in drop | {"overall_rank", "overall_tied"}} == {
        k: v for k, v in main["e"].items() if k not in drop
    }


def test_the_text_tables():
    side_event()
    teams = standings("--by", "team").splitlines()
    assert "by team after session 1 (best 2 members)" in teams[0]
    assert teams[3].split()[:3] == ["1", "Bamboo", "+9.0"]
    assert "[Ids III]" in teams[3]  # disqualified: counted after the others, so not among the best 2
    assert teams[-1].endswith("(fewer than 2 members)")
    newcomers = standings("--category", "newcomer").splitlines()
    assert newcomers[3].split()[:4] == ["1=", "2=", "Eva", "EEE"]
    assert newcomers[-1].split()[:4] == ["5", "11", "Ids", "III"] and "(DQ)" in newcomers[-1]


def test_csv_of_a_grouping_and_of_a_category():
    side_event()
    teams = standings("--by", "team", "--format", "csv").splitlines()
    assert teams[0] == "rank,team,total,counted,members,short"
    assert teams[3] == "3=,Circles,0,2,Bram BBB; Cor CCC,"
    assert teams[5] == "5,Flowers,5000,1,Joke JJJ,yes"
    newcomers = standings("--category", "newcomer", "--format", "csv").splitlines()
    assert newcomers[0].startswith("rank,overall_rank,player,first_name")
    assert newcomers[1].startswith("1=,2=,e,Eva,EEE")


# -- prize places in the main standings -----------------------------------------------------------------------------


def test_main_json_keeps_rank_and_adds_prize_rank():
    tournament = side_event()
    rows = as_json()["rows"]
    assert [(r["player"], r["rank"], r["tied"], r["prize_rank"], r["prize_tied"]) for r in rows[:4]] == [
        ("a", 1, False, 1, False),
        ("e", 2, True, 2, True),
        ("f", 2, True, 2, True),
        ("b", 4, False, 4, False),
    ]
    tournament.tie_breaks = ["best_session", "most_firsts", "fewest_fourths", "last_session"]
    tournament.save(update_fields=["tie_breaks"])
    rows = as_json()["rows"]
    # e and f: one session each at 20,000, both first at the table: every tie-break equal, still shared
    assert [(r["player"], r["rank"], r["prize_rank"], r["prize_tied"]) for r in rows[1:3]] == [
        ("e", 2, 2, True),
        ("f", 2, 2, True),
    ]


def test_prize_rank_follows_the_tie_breaks_and_rank_stays_shared():
    tournament = tie_event()

    def places():
        out = StringIO()
        call_command("standings", TIE_SLUG, "--format", "json", stdout=out)
        return [
            (r["player"], r["rank"], r["tied"], r["prize_rank"], r["prize_tied"])
            for r in json.loads(out.getvalue())["rows"]
        ]

    assert places()[:2] == [("p", 1, True, 1, True), ("q", 1, True, 1, True)]
    tournament.tie_breaks = ["most_firsts", "best_session"]  # q: two firsts, p one
    tournament.save(update_fields=["tie_breaks"])
    assert places() == [
        ("p", 1, True, 2, False),
        ("q", 1, True, 1, False),
        ("r", 3, False, 3, False),
        ("s", 4, False, 4, False),
    ]


# -- refusals -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--by", "team", "--best", "0"], "--best: the best 0 members: K must be from 1 to 100"),
        (["--by", "team", "--best", "101"], "--best: the best 101 members"),
        (["--by", "teams"], "--by must be one of team, country, club, got 'teams'"),
        (["--best", "2"], "--best goes with --by"),
        (["--by", "club", "--category", "newcomer"], "choose --by or --category, not both"),
        (
            ["--category", "junior"],
            "no player of side-event is in the category 'junior' (categories: ladies, newcomer)",
        ),
        (["--category", " "], "--category: a category needs a name"),
        (["--category", "x" * 40], "longer than 39 characters"),
    ],
)
def test_bad_options_are_refused_in_one_line(options, message):
    side_event()
    with pytest.raises(CommandError) as refused:
        standings(*options)
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)
