"""services.registrations: one registered player changed from the organiser's players page: the person (shared
with the other tournaments they play, so changed there only when confirmed) and the club (this tournament's)."""

import pytest

from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.models import AuditEntry, Player, Registration
from tournament.services import players, tournaments
from tournament.services.registrations import other_tournaments, update_registration


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
