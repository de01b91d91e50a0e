"""The archive's additions of the side rankings (archive-format.md, "Additions of the tournament-day and
side-ranking capabilities"; docs/formats.md, "The rankings' settings in the archive"): a player's ``"team"`` and
``"categories"``, the tournament's ``"tie_breaks"``, and the optional keys this program adds beside them: the
tournament's ``"team_best"``, ``"country_best"``, ``"club_best"``, ``"shown_groups"``, ``"shown_categories"`` and
the top-level ``"prizes"``. Each is written only when it is not the default, so an archive without them (an older
one) imports and exports as before; with them, export -> import -> export is byte-identical."""

import copy
import json

import pytest

from tests.tournament.archive.test_archive import HAND_WORKED
from tournament.exporters.archive_writer import dumps_archive, export_archive
from tournament.models import Prize, Tournament
from tournament.readers.archive import ArchiveError, validate_archive
from tournament.services.archive_import import import_archive

TEAMS = {"a": "Lotus", "b": "Lotus", "e": "Tulip", "f": None}  # f: null, in no team
CATEGORIES = {"a": ["ladies", "newcomer"], "g": ["ladies"], "c": ["junior"]}
PRIZES = [
    {"title": "Winner", "ranking": "overall", "place": 1},
    {"title": "Best team", "ranking": "team", "place": 1},
    {"title": "Best lady", "ranking": "category", "category": "ladies", "place": 1},
]


def with_side_rankings() -> dict:
    data = copy.deepcopy(HAND_WORKED)
    for player in data["players"]:
        if player["key"] in TEAMS:
            player["team"] = TEAMS[player["key"]]
        if player["key"] in CATEGORIES:
            player["categories"] = CATEGORIES[player["key"]]
    data["tournament"].update(
        tie_breaks=["most_firsts", "best_session"],
        team_best=2,
        country_best=None,
        club_best=4,
        shown_groups=["team", "country"],
        shown_categories=["ladies", "junior"],
    )
    data["prizes"] = copy.deepcopy(PRIZES)
    return data


@pytest.mark.django_db
def test_teams_categories_tie_breaks_settings_and_prizes_round_trip_byte_for_byte():
    tournament = import_archive(actor=None, data=with_side_rankings())
    registrations = {r.key: r for r in tournament.registrations.all()}
    assert {key: r.team for key, r in registrations.items() if r.team} == {
        "a": "Lotus",
        "b": "Lotus",
        "e": "Tulip",
    }
    assert {key: r.categories for key, r in registrations.items() if r.categories} == CATEGORIES
    assert (tournament.tie_breaks, tournament.team_best, tournament.country_best, tournament.club_best) == (
        ["most_firsts", "best_session"],
        2,
        None,
        4,
    )
    assert (tournament.shown_groups, tournament.shown_categories) == (
        ["team", "country"],
        ["ladies", "junior"],
    )
    assert list(
        Prize.objects.filter(tournament=tournament).values_list("title", "ranking", "category", "place")
    ) == [
        ("Winner", "overall", "", 1),
        ("Best team", "team", "", 1),
        ("Best lady", "category", "ladies", 1),
    ]
    text = dumps_archive(export_archive(tournament))
    exported = json.loads(text)
    players = {p["key"]: p for p in exported["players"]}
    assert (players["a"]["team"], players["a"]["categories"]) == ("Lotus", ["ladies", "newcomer"])
    assert "team" not in players["f"] and "categories" not in players["b"]  # written only when set
    assert exported["tournament"]["tie_breaks"] == ["most_firsts", "best_session"]
    assert exported["tournament"]["country_best"] is None  # every member, not the default 3
    assert exported["prizes"] == PRIZES
    import_archive(actor=None, data=exported, replace=True)
    assert dumps_archive(export_archive(Tournament.objects.get(slug="hand-worked"))) == text


@pytest.mark.django_db
def test_a_prize_named_after_its_place_has_its_kind_and_no_title_and_round_trips_byte_for_byte():
    """``"kind": "place"`` (optional, docs/organisers.md, "Prizes and certificates"): the prize is named in the
    reader's language; a prize without it (every older archive's) keeps its title as typed."""
    data = with_side_rankings()
    data["prizes"] = [
        {"title": "Dritter Platz", "ranking": "overall", "place": 3},
        {"kind": "place", "ranking": "overall", "place": 3},
        {"kind": "place", "ranking": "category", "category": "ladies", "place": 1},
    ]
    tournament = import_archive(actor=None, data=copy.deepcopy(data))
    assert list(tournament.prizes.values_list("kind", "title", "ranking", "category", "place")) == [
        ("", "Dritter Platz", "overall", "", 3),
        ("place", "", "overall", "", 3),
        ("place", "", "category", "ladies", 1),
    ]
    text = dumps_archive(export_archive(tournament))
    assert json.loads(text)["prizes"] == data["prizes"]
    import_archive(actor=None, data=json.loads(text), replace=True)
    assert dumps_archive(export_archive(Tournament.objects.get(slug="hand-worked"))) == text


@pytest.mark.django_db
def test_an_archive_without_them_imports_with_the_defaults_and_exports_without_them():
    tournament = import_archive(actor=None, data=copy.deepcopy(HAND_WORKED))
    assert (tournament.tie_breaks, tournament.team_best, tournament.country_best, tournament.club_best) == (
        [],
        None,
        3,
        None,
    )
    assert (tournament.shown_groups, tournament.shown_categories, tournament.prizes.count()) == ([], [], 0)
    exported = export_archive(tournament)
    assert exported["players"] == HAND_WORKED["players"]
    assert set(exported["tournament"]) == set(HAND_WORKED["tournament"]) and "prizes" not in exported


def broken(change) -> dict:
    data = with_side_rankings()
    change(data)
    return data


def player(data, index: int) -> dict:
    return data["players"][index]


@pytest.mark.parametrize(
    ("change", "where", "reason"),
    [
        (lambda d: player(d, 0).update(team=5), "players[0].team", "must be text"),
        (lambda d: player(d, 0).update(team="T" * 101), "players[0].team", "longer than 100"),
        (lambda d: player(d, 0).update(team="Lotus\x07"), "players[0].team", "control character"),
        (lambda d: player(d, 0).update(categories="ladies"), "players[0].categories", "must be a list"),
        (
            lambda d: player(d, 0).update(categories=["ladies", ""]),
            "players[0].categories[1]",
            "needs a name",
        ),
        (
            lambda d: player(d, 0).update(categories=["c" * 40]),
            "players[0].categories[0]",
            "longer than 39 characters",
        ),
        (
            lambda d: player(d, 0).update(categories=["ladies", "Ladies"]),
            "players[0].categories[1]",
            "appears more than once",
        ),
        (
            lambda d: player(d, 0).update(categories=[" ladies"]),
            "players[0].categories[0]",
            "spaces",
        ),
        (
            lambda d: player(d, 0).update(categories=[f"c{i}" for i in range(11)]),
            "players[0].categories",
            "at most 10",
        ),
        (lambda d: d["tournament"].update(tie_breaks=["coin_toss"]), "tournament.tie_breaks[0]", "coin_toss"),
        (
            lambda d: d["tournament"].update(tie_breaks=["most_firsts", "most_firsts"]),
            "tournament.tie_breaks[1]",
            "chosen twice",
        ),
        (
            lambda d: d["tournament"].update(tie_breaks="most_firsts"),
            "tournament.tie_breaks",
            "must be a list",
        ),
        (lambda d: d["tournament"].update(team_best=0), "tournament.team_best", "from 1 to 100"),
        (lambda d: d["tournament"].update(country_best=True), "tournament.country_best", "from 1 to 100"),
        (
            lambda d: d["tournament"].update(shown_groups=["city"]),
            "tournament.shown_groups[0]",
            "team, country, club",
        ),
        (
            lambda d: d["tournament"].update(shown_groups=["team", "team"]),
            "tournament.shown_groups[1]",
            "appears more than once",
        ),
        (
            lambda d: d["tournament"].update(shown_categories=["x" * 40]),
            "tournament.shown_categories[0]",
            "longer than 39",
        ),
        (lambda d: d["prizes"][0].update(title=""), "prizes[0].title", "must not be empty"),
        (lambda d: d["prizes"][0].update(ranking="luck"), "prizes[0].ranking", "must be one of"),
        (lambda d: d["prizes"][2].pop("category"), "prizes[2].category", "needs the category"),
        (
            lambda d: d["prizes"][0].update(category="ladies"),
            "prizes[0].category",
            "only for a prize of a category",
        ),
        (lambda d: d["prizes"][0].update(place=0), "prizes[0].place", "a whole number from 1"),
        (lambda d: d["prizes"][0].update(colour="gold"), "prizes[0].colour", "unknown key"),
        (lambda d: d["prizes"][0].update(kind="gold"), "prizes[0].kind", "must be one of place"),
        (lambda d: d["prizes"][0].update(kind="place"), "prizes[0].title", "has no title"),
        (lambda d: d["prizes"][0].pop("title"), "prizes[0].title", "missing"),
        (lambda d: d["tournament"].update(best_of="team"), "tournament.best_of", "unknown key"),
    ],
)
def test_bad_side_rankings_name_the_json_path(change, where, reason):
    with pytest.raises(ArchiveError) as error:
        validate_archive(broken(change))
    assert (error.value.path, reason in error.value.reason) == (where, True), error.value.reason
