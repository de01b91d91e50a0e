"""services.registrations: one registered player changed from the organiser's players page: the person (shared
with the other tournaments they play, so changed there only when confirmed) and the club (this tournament's)."""

import pytest

from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.models import AuditEntry, Player, Registration
from tournament.services import players, tournaments
from tournament.services.registrations import (
    add_category,
    other_tournaments,
    remove_category,
    set_team,
    update_registration,
)


@pytest.fixture
def lotus(db):
    return tournaments.create_tournament(actor=None, slug="lotus", name="Lotus Open")


@pytest.fixture
def anna(lotus) -> Registration:
    return players.register_player(
        actor=None,
        tournament=lotus,
        first_name="Anna",
        last_name="de Vries",
        ema_id="08010039",
        country="NED",
    )


def also_in(name: str, slug: str, **details):
    """Anna plays in this tournament too."""
    other = tournaments.create_tournament(actor=None, slug=slug, name=name, **details)
    players.register_player(
        actor=None,
        tournament=other,
        first_name="Anna",
        last_name="de Vries",
        ema_id="08010039",
        country="NED",
    )
    return other


def change(registration, actor=None, **wanted):
    fields = {
        "first_name": "Anna",
        "last_name": "de Vries",
        "ema_id": "08010039",
        "country": "NED",
        "club": "",
    }
    return update_registration(actor=actor, registration=registration, **{**fields, **wanted})


def test_a_new_club_is_stored_and_audited(anna, lotus, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    changed = change(anna, olga, club="Lotus Club")
    assert changed.club == "Lotus Club" == Registration.objects.get(pk=anna.pk).club
    entry = audited(
        since, "player.club", summary="Anna de Vries: club — -> Lotus Club", actor=olga, tournament=lotus
    )
    assert entry.data == {"key": "p001", "name": "Anna de Vries", "before": "", "after": "Lotus Club"}
    assert new_actions(since) == ["player.club"]


def test_a_new_name_of_a_person_of_this_tournament_only_is_stored_and_audited(anna, lotus, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    change(anna, olga, first_name="Anne", country="BEL")
    assert str(Player.objects.get(pk=anna.player_id)) == "Anne de Vries"
    entry = audited(
        since,
        "player.update",
        summary="Anne de Vries: changed country, first_name",
        actor=olga,
        tournament=lotus,
    )
    assert entry.data["changes"] == {"first_name": ["Anna", "Anne"], "country": ["NED", "BEL"]}
    assert new_actions(since) == ["player.update"]


def test_nothing_changed_writes_nothing(anna):
    since = last_entry_id()
    change(anna)
    assert new_actions(since) == []


def test_the_club_of_a_shared_person_needs_no_confirmation(anna, lotus):
    tulip = also_in("Tulip Cup", "tulip")
    change(anna, club="Lotus Club")
    assert Registration.objects.get(tournament=tulip).club == ""


def test_a_change_of_a_shared_person_is_refused_naming_the_other_tournaments(anna):
    also_in("Tulip Cup", "tulip")
    also_in("Iris Open", "iris")
    refused(
        lambda: change(anna, last_name="van Dijk", club="Lotus Club"),
        "shared_person",
        "Anna de Vries plays in Iris Open, Tulip Cup too: the change shows there as well. Confirm it to change "
        "the person everywhere.",
    )


def test_a_hidden_other_tournament_is_counted_not_named(anna, make_user):
    also_in("Secret Cup", "secret", is_public=False)
    olga = make_user("olga")
    message = refused(
        lambda: change(anna, olga, last_name="van Dijk"), "shared_person", "plays in 1 other tournament too"
    )
    assert "Secret Cup" not in message


def test_a_confirmed_change_of_a_shared_person_is_audited_in_each_tournament(anna, lotus, make_user):
    olga = make_user("olga")
    tulip = also_in("Tulip Cup", "tulip")
    since = last_entry_id()
    update_registration(
        actor=olga,
        registration=anna,
        first_name="Anna",
        last_name="van Dijk",
        ema_id="08010039",
        country="NED",
        club="",
        confirm_shared=True,
    )
    assert str(Registration.objects.get(tournament=tulip).player) == "Anna van Dijk"
    entries = AuditEntry.objects.filter(pk__gt=since, action="player.update").order_by("tournament__slug")
    assert [(e.tournament, e.actor_label, e.summary) for e in entries] == [
        (lotus, "olga", "Anna van Dijk: changed last_name"),
        (tulip, "olga", "Anna van Dijk: changed last_name"),
    ]


def test_a_club_longer_than_its_column_is_refused_and_the_name_not_changed(anna):
    refused(
        lambda: change(anna, first_name="Anne", club="C" * 101),
        "too_long",
        "Anna de Vries: the club is longer than 100 characters.",
    )


def test_other_tournaments_of_the_person_by_name(anna, lotus):
    assert other_tournaments(anna) == []
    tulip, iris = also_in("Tulip Cup", "tulip"), also_in("Iris Open", "iris")
    assert other_tournaments(anna) == [iris, tulip]


# --- team and categories -------------------------------------------------------------------------------------------


def test_a_new_team_and_categories_are_stored_and_audited_each(anna, lotus, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    changed = change(anna, olga, team="Lotus A", categories=["ladies", "newcomer"])
    assert (changed.team, changed.categories) == ("Lotus A", ["ladies", "newcomer"])
    team = audited(
        since, "player.team", summary="Anna de Vries: team — -> Lotus A", actor=olga, tournament=lotus
    )
    assert team.data == {"key": "p001", "name": "Anna de Vries", "before": "", "after": "Lotus A"}
    categories = audited(
        since,
        "player.categories",
        summary="Anna de Vries: categories — -> ladies, newcomer",
        actor=olga,
        tournament=lotus,
    )
    assert categories.data == {
        "key": "p001",
        "name": "Anna de Vries",
        "before": [],
        "after": ["ladies", "newcomer"],
    }
    assert new_actions(since) == ["player.team", "player.categories"]


def test_team_and_categories_not_given_stay_as_they_are(anna):
    change(anna, team="Lotus A", categories=["ladies"])
    since = last_entry_id()
    kept = change(anna, club="Lotus Club")
    assert (kept.team, kept.categories, kept.club) == ("Lotus A", ["ladies"], "Lotus Club")
    assert new_actions(since) == ["player.club"]


def test_the_same_categories_in_another_spelling_of_spaces_are_no_change(anna):
    change(anna, team="Lotus A", categories=["ladies"])
    since = last_entry_id()
    change(anna, team=" Lotus  A", categories=["ladies ", "Ladies"])
    assert new_actions(since) == []


def test_a_category_too_long_is_refused_and_nothing_else_changed(anna):
    refused(
        lambda: change(anna, club="Lotus Club", team="Lotus", categories=["c" * 40]),
        "category_too_long",
        "Anna de Vries: The category 'cccc",
        "longer than 39 characters",
    )


# --- many players at once: the players list's action -------------------------------------------------------------


@pytest.fixture
def three(lotus, anna):
    bram = players.register_player(actor=None, tournament=lotus, first_name="Bram", last_name="Bakker")
    eva = players.register_player(
        actor=None, tournament=lotus, first_name="Eva", last_name="Berg", categories=["junior"]
    )
    return anna, bram, eva


def test_a_team_is_set_for_the_chosen_players_each_audited(lotus, three, make_user):
    olga = make_user("olga")
    anna, bram, eva = three
    since = last_entry_id()
    count = set_team(actor=olga, tournament=lotus, keys=[anna.key, eva.key], team=" Lotus A ")
    assert count == 2
    assert dict(lotus.registrations.values_list("key", "team")) == {
        "p001": "Lotus A",
        "p002": "",
        "p003": "Lotus A",
    }
    assert new_actions(since) == ["player.team", "player.team"]
    entry = AuditEntry.objects.get(pk__gt=since, data__key="p003")
    assert (entry.summary, entry.actor, entry.tournament) == ("Eva Berg: team — -> Lotus A", olga, lotus)


def test_an_empty_team_takes_the_chosen_players_out_of_their_team(lotus, three):
    anna, bram, _eva = three
    set_team(actor=None, tournament=lotus, keys=[anna.key, bram.key], team="Lotus A")
    since = last_entry_id()
    assert set_team(actor=None, tournament=lotus, keys=[anna.key], team="") == 1
    assert dict(lotus.registrations.values_list("key", "team")) == {"p001": "", "p002": "Lotus A", "p003": ""}
    assert new_actions(since) == ["player.team"]


def test_a_category_is_added_to_the_chosen_players_who_lack_it(lotus, three):
    anna, bram, eva = three
    since = last_entry_id()
    assert add_category(actor=None, tournament=lotus, keys=[anna.key, eva.key], category="Junior") == 1
    assert dict(lotus.registrations.values_list("key", "categories")) == {
        "p001": ["Junior"],
        "p002": [],
        "p003": ["junior"],  # had it already (ignoring case): unchanged
    }
    assert new_actions(since) == ["player.categories"]


def test_a_category_is_removed_from_the_chosen_players_ignoring_case(lotus, three):
    anna, bram, eva = three
    assert remove_category(actor=None, tournament=lotus, keys=[anna.key, eva.key], category="JUNIOR") == 1
    assert Registration.objects.get(pk=eva.pk).categories == []


@pytest.mark.parametrize(
    ("call", "code", "words"),
    [
        (
            lambda lotus: set_team(actor=None, tournament=lotus, keys=[], team="A"),
            "no_players_chosen",
            "Choose",
        ),
        (
            lambda lotus: set_team(actor=None, tournament=lotus, keys=["p001", "p404"], team="A"),
            "unknown_player_keys",
            "p404",
        ),
        (
            lambda lotus: set_team(actor=None, tournament=lotus, keys=["p001"], team="T" * 101),
            "too_long",
            "the team is longer than 100 characters",
        ),
        (
            lambda lotus: add_category(actor=None, tournament=lotus, keys=["p001", "p002"], category=" "),
            "category_empty",
            "A category needs a name",
        ),
        (
            lambda lotus: add_category(actor=None, tournament=lotus, keys=["p001"], category="c" * 40),
            "category_too_long",
            "longer than 39 characters",
        ),
        (
            lambda lotus: remove_category(actor=None, tournament=lotus, keys=["p001"], category=""),
            "category_empty",
            "A category needs a name",
        ),
    ],
)
def test_a_bad_choice_for_many_players_changes_nobody(lotus, three, call, code, words):
    refused(lambda: call(lotus), code, words)


def test_an_eleventh_category_is_refused_naming_the_player_and_nobody_changes(lotus, three):
    anna, bram, _eva = three
    change(anna, categories=[f"c{i}" for i in range(10)])
    refused(
        lambda: add_category(actor=None, tournament=lotus, keys=[bram.key, anna.key], category="junior"),
        "too_many_categories",
        "Anna de Vries: 11 categories: a player has at most 10.",
    )


def test_a_player_of_another_tournament_cannot_be_chosen(lotus, three):
    tulip = tournaments.create_tournament(actor=None, slug="tulip", name="Tulip Cup")
    players.register_player(actor=None, tournament=tulip, first_name="Tom", last_name="Tulp", key="tom")
    refused(
        lambda: set_team(actor=None, tournament=lotus, keys=["tom"], team="A"), "unknown_player_keys", "tom"
    )
