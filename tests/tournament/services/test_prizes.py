"""services.prizes: the organiser defines the prizes (a title, a ranking, a place); each change is audited, each
refusal names the prize and what is wrong and writes nothing; "the usual prizes" adds what is missing."""

import pytest
from django.utils import translation

from scoring.limits import MAX_PLAYERS, MAX_PRIZES
from tests.tournament.factories import make_event, numbered_people
from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.display.audit_words import describe
from tournament.display.prizes import prize_title
from tournament.models import AuditEntry, Prize, Registration
from tournament.services.prizes import add_prize, add_usual_prizes, change_prize, delete_prize, move_prize


@pytest.fixture
def event(db):
    """Eight players; p01-p03 newcomers (one spelt "Newcomer"), p04 a junior, no teams."""
    tournament = make_event("prizes", numbered_people(8))
    categories = {"p01": ["newcomer"], "p02": ["Newcomer"], "p03": ["newcomer", "junior"], "p04": ["junior"]}
    for key, names in categories.items():
        Registration.objects.filter(tournament=tournament, key=key).update(categories=names)
    return tournament


def titles(tournament) -> list[str]:
    return list(tournament.prizes.values_list("title", flat=True))


def test_a_prize_is_added_after_the_others_and_audited(event, make_user):
    olga = make_user("olga")
    add_prize(actor=olga, tournament=event, title="First place", ranking="overall", place=1)
    since = last_entry_id()
    prize = add_prize(
        actor=olga,
        tournament=event,
        title="  Best   newcomer ",
        ranking="category",
        category="NEWCOMER",
        place=1,
    )
    assert (prize.title, prize.ranking, prize.category, prize.place) == (
        "Best newcomer",
        "category",
        "newcomer",
        1,
    )
    assert titles(event) == ["First place", "Best newcomer"]
    entry = audited(
        since,
        "prize.add",
        summary="Prize “Best newcomer” added: place 1 of the category newcomer",
        actor=olga,
        tournament=event,
    )
    with translation.override("nl"):
        assert describe(entry) == "Prijs “Best newcomer” toegevoegd: plaats 1 van de categorie newcomer"


def test_a_prize_is_changed_moved_and_deleted_each_audited(event):
    first = add_prize(actor=None, tournament=event, title="First", ranking="overall", place=1)
    second = add_prize(actor=None, tournament=event, title="Best team", ranking="team", place=1)
    third = add_prize(actor=None, tournament=event, title="Third", ranking="overall", place=3)
    since = last_entry_id()
    change_prize(actor=None, prize=second, title="Best club", ranking="club", place=2)
    audited(
        since,
        "prize.change",
        summary="Prize “Best club” changed: place 2 of the clubs",
        actor=None,
        tournament=event,
    )
    move_prize(actor=None, prize=third, step=-1)
    assert titles(event) == ["First", "Third", "Best club"]
    move_prize(actor=None, prize=first, step=-1)  # at the top it stays
    assert titles(event) == ["First", "Third", "Best club"]
    delete_prize(actor=None, prize=first)
    assert titles(event) == ["Third", "Best club"]
    assert new_actions(since) == ["prize.change", "prize.move", "prize.move", "prize.delete"]
    assert AuditEntry.objects.filter(action="prize.delete").get().summary == "Prize “First” deleted"


def test_the_usual_prizes_are_places_1_to_3_the_best_team_and_each_category_once(event):
    Registration.objects.filter(tournament=event, key__in=["p05", "p06"]).update(team="Dragons")
    add_prize(actor=None, tournament=event, title="Winner", ranking="overall", place=1)
    since = last_entry_id()
    added = add_usual_prizes(actor=None, tournament=event)
    assert [(prize_title(p), p.kind, p.title, p.ranking, p.category, p.place) for p in added] == [
        ("Second place", "place", "", "overall", "", 2),
        ("Third place", "place", "", "overall", "", 3),
        ("Best team", "place", "", "team", "", 1),
        ("Best junior", "place", "", "category", "junior", 1),
        ("Best newcomer", "place", "", "category", "newcomer", 1),
    ]
    audited(
        since,
        "prize.usual",
        summary="The usual prizes added: Second place, Third place, Best team, Best junior, Best newcomer",
        actor=None,
        tournament=event,
    )
    assert add_usual_prizes(actor=None, tournament=event) == []  # all there: nothing added, nothing logged
    assert new_actions(since) == ["prize.usual"]


def test_the_usual_prizes_are_named_in_the_readers_language_without_teams_no_team_prize(event):
    event.language = "nl"
    event.save()
    added = add_usual_prizes(actor=None, tournament=event)
    with translation.override("nl"):
        names = [prize_title(p) for p in added]
    assert names == [
        "Eerste plaats",
        "Tweede plaats",
        "Derde plaats",
        "Beste junior",
        "Beste nieuwkomer",
    ]


@pytest.mark.parametrize(
    ("arguments", "code", "words"),
    [
        (
            {"title": "  ", "ranking": "overall", "place": 0},  # no title: named after its place
            "prize_place",
            ["Prize “place 0 of the standings”", "not 0"],
        ),
        ({"title": "x" * 101, "ranking": "overall", "place": 1}, "too_long", ["Prize", "100 characters"]),
        (
            {"title": "Best", "ranking": "overall", "place": 0},
            "prize_place",
            ["Best", "from 1 to 5,000", "not 0"],
        ),
        ({"title": "Best", "ranking": "overall", "place": MAX_PLAYERS + 1}, "prize_place", ["not 5001"]),
        ({"title": "Best", "ranking": "overall", "place": "1"}, "prize_place", ["whole number"]),
        ({"title": "Best", "ranking": "ladder", "place": 1}, "prize_ranking", ["“ladder”", "overall, team"]),
        (
            {"title": "Best lady", "ranking": "category", "category": "ladies", "place": 1},
            "prize_unknown_category",
            ["Best lady", "“ladies”", "junior, newcomer"],
        ),
        ({"title": "Best", "ranking": "category", "category": " ", "place": 1}, "category_empty", ["name"]),
        (
            {"title": "Best", "ranking": "team", "category": "junior", "place": 1},
            "prize_category_unexpected",
            ["“junior”", "only a category prize"],
        ),
    ],
)
def test_bad_input_is_refused_naming_the_prize_and_nothing_is_written(event, arguments, code, words):
    refused(lambda: add_prize(actor=None, tournament=event, **arguments), code, *words)


def test_a_category_prize_before_any_player_has_a_category_says_so(event):
    Registration.objects.filter(tournament=event).update(categories=[])
    refused(
        lambda: add_prize(
            actor=None, tournament=event, title="Best junior", ranking="category", category="junior", place=1
        ),
        "prize_no_categories",
        "“junior”",
        "players' pages",
    )


def test_a_change_is_checked_like_an_addition(event):
    prize = add_prize(actor=None, tournament=event, title="First", ranking="overall", place=1)
    refused(
        lambda: change_prize(actor=None, prize=prize, title="First", ranking="overall", place=0),
        "prize_place",
    )
    assert Prize.objects.get(pk=prize.pk).place == 1


def test_at_most_max_prizes(event):
    Prize.objects.bulk_create(
        Prize(tournament=event, order=n, title=f"Prize {n}", ranking="club", place=n + 1)
        for n in range(MAX_PRIZES - 2)
    )
    refused(
        lambda: add_usual_prizes(actor=None, tournament=event),
        "too_many_prizes",
        f"{MAX_PRIZES - 2} prizes",
        "5 more",
        "100",
    )
    add_prize(actor=None, tournament=event, title="One more", ranking="overall", place=99)
    add_prize(actor=None, tournament=event, title="The last", ranking="overall", place=100)
    refused(
        lambda: add_prize(actor=None, tournament=event, title="Too many", ranking="overall", place=1),
        "too_many_prizes",
        "Event prizes has 100 prizes",
    )


def test_a_refusal_reads_in_dutch(event):
    with translation.override("nl"):
        message = refused(
            lambda: add_prize(actor=None, tournament=event, title="Beste", ranking="overall", place=0),
            "prize_place",
        )
    assert message == "Prijs “Beste”: de plaats moet een geheel getal van 1 tot 5.000 zijn, niet 0."


def test_a_title_too_long_is_refused_in_dutch_with_the_fields_name(event):
    with translation.override("nl"):
        refused(
            lambda: add_prize(actor=None, tournament=event, title="x" * 101, ranking="overall", place=1),
            "too_long",
            "de prijs is langer dan 100 tekens",
        )
