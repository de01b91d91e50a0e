"""services.players: registering a player (by hand or from a list), changing a player's status (5.5, 5.8) and
changing a person. Each change audited; each refusal names the player or the row and writes nothing. People shared
between tournaments (renaming): test_people.py and test_player_people.py."""

import pytest

from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.models import AuditEntry, Player, Registration
from tournament.readers.player_list import PlayerRow
from tournament.services import players, tournaments


@pytest.fixture
def lotus(db):
    return tournaments.create_tournament(actor=None, slug="lotus", name="Lotus Open")


def register(tournament, actor=None, first_name="Anna", last_name="de Vries", **details):
    return players.register_player(
        actor=actor, tournament=tournament, first_name=first_name, last_name=last_name, **details
    )


# --- register_player -----------------------------------------------------------------------------------------------


def test_a_player_is_registered_with_the_next_key_and_audited(lotus, make_user):
    olga = make_user("olga")
    register(lotus, last_name="Eerste")
    since = last_entry_id()
    registration = register(lotus, olga, ema_id="08010039", country="NED", club="Lotus Club")
    saved = Registration.objects.select_related("player").get(pk=registration.pk)
    assert (saved.key, saved.club, saved.status) == ("p002", "Lotus Club", "active")
    assert (saved.player.first_name, saved.player.last_name, saved.player.ema_id, saved.player.country) == (
        "Anna",
        "de Vries",
        "08010039",
        "NED",
    )
    entry = audited(
        since, "player.register", summary="Registered Anna de Vries", actor=olga, tournament=lotus
    )
    assert entry.data == {
        "key": "p002",
        "name": "Anna de Vries",
        "ema_id": "08010039",
        "country": "NED",
        "club": "Lotus Club",
    }


def test_a_key_and_a_status_may_be_given(lotus):
    registration = register(lotus, key="anna-dv", status="disqualified", ema_id="")
    assert (registration.key, registration.status, registration.player.ema_id) == (
        "anna-dv",
        "disqualified",
        None,
    )


@pytest.mark.parametrize(
    ("fields", "code", "message"),
    [
        ({"first_name": " ", "last_name": ""}, "name_missing", ": a player needs a name."),
        ({"first_name": 5}, "bad_name", "5 de Vries: a name must be text."),
        (
            {"last_name": "de\tVries"},
            "control_character",
            "the last name contains the control character U+0009.",
        ),
        (
            {"club": "Lotus\x00"},
            "control_character",
            "Anna de Vries: the club contains the control character U+0000.",
        ),
        ({"first_name": "A" * 101}, "too_long", "the first name is longer than 100 characters."),
        ({"club": "C" * 101}, "too_long", "Anna de Vries: the club is longer than 100 characters."),
        (
            {"ema_id": "0801003"},
            "bad_ema_id",
            "Anna de Vries: the EMA number '0801003' must be eight digits.",
        ),
        ({"ema_id": "080100390"}, "bad_ema_id", "must be eight digits"),
        (
            {"country": "Holland"},
            "bad_country",
            "Anna de Vries: the country 'Holland' must be a three-letter EMA code",
        ),
        ({"status": "gone"}, "bad_status", "Anna de Vries: unknown status gone."),
        (
            {"key": "anna dv"},
            "bad_key",
            "Anna de Vries: the key 'anna dv' may hold only letters, digits, hyphens",
        ),
        ({"key": "k" * 41}, "bad_key", "at most 40."),
    ],
)
def test_a_player_the_database_or_the_ema_cannot_use_is_refused(lotus, fields, code, message):
    refused(lambda: register(lotus, **fields), code, message)


def test_a_number_registered_here_already_is_refused(lotus):
    register(lotus, ema_id="08010039")
    refused(
        lambda: register(lotus, first_name="Other", last_name="Person", ema_id="08010039"),
        "already_registered",
        "Other Person is registered already (EMA number 08010039).",
    )


def test_a_key_taken_is_refused(lotus):
    register(lotus, key="anna")
    refused(
        lambda: register(lotus, first_name="Anna", last_name="Bakker", key="anna"),
        "key_taken",
        "Anna Bakker: the key anna is used by another player.",
    )


# --- set_status ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("status", "label"), [("withdrawn", "withdrawn"), ("disqualified", "disqualified")])
def test_a_status_change_is_stored_and_audited_with_the_reason(lotus, make_user, status, label):
    olga = make_user("olga")
    registration = register(lotus)
    since = last_entry_id()
    players.set_status(actor=olga, registration=registration, status=status, reason="5.8, ill")
    assert Registration.objects.get(pk=registration.pk).status == status
    entry = audited(
        since, "player.status", summary=f"Anna de Vries: active -> {label}", actor=olga, tournament=lotus
    )
    assert entry.data == {
        "key": "p001",
        "name": "Anna de Vries",
        "before": "active",
        "after": status,
        "reason": "5.8, ill",
    }


def test_an_unknown_status_is_refused(lotus):
    registration = register(lotus)
    refused(
        lambda: players.set_status(actor=None, registration=registration, status="ill"),
        "bad_status",
        "Unknown status ill.",
    )


# --- import_players ------------------------------------------------------------------------------------------------


def rows(*people) -> list[PlayerRow]:
    return [
        PlayerRow(number, first, last, ema_id, country, club)
        for number, (first, last, ema_id, country, club) in enumerate(people, start=2)
    ]


def test_a_list_is_registered_and_audited_per_player_and_once_for_the_file(lotus, make_user):
    olga = make_user("olga")
    register(lotus)
    since = last_entry_id()
    players.import_players(
        actor=olga,
        tournament=lotus,
        players=rows(("Bram", "Bakker", "08010040", "NED", "Lotus Club"), ("Eva", "Berg", None, "SWE", "")),
        source="lotus.csv",
    )
    assert list(lotus.registrations.order_by("key").values_list("key", "player__last_name", "club")) == [
        ("p001", "de Vries", ""),
        ("p002", "Bakker", "Lotus Club"),
        ("p003", "Berg", ""),
    ]
    assert new_actions(since) == ["player.register", "player.register", "player.import"]
    entry = audited(
        since, "player.import", summary="Imported 2 players from lotus.csv", actor=olga, tournament=lotus
    )
    assert entry.data == {"source": "lotus.csv", "keys": ["p002", "p003"]}
    bram = AuditEntry.objects.get(pk__gt=since, action="player.register", summary="Registered Bram Bakker")
    assert (bram.actor, bram.actor_label, bram.tournament) == (olga, "olga", lotus)
    assert bram.data == {
        "key": "p002",
        "name": "Bram Bakker",
        "ema_id": "08010040",
        "country": "NED",
        "club": "Lotus Club",
    }


def test_a_list_with_one_bad_row_registers_nobody(lotus):
    refused(
        lambda: players.import_players(
            actor=None,
            tournament=lotus,
            players=rows(("Bram", "Bakker", None, "NED", ""), ("Eva", "Berg", None, "Sweden", "")),
            source="lotus.csv",
        ),
        "bad_country",
        "Row 3: the country 'Sweden' must be a three-letter EMA code such as NED.",
    )


def test_a_list_longer_than_any_tournament_is_refused_before_its_rows_are_read(lotus):
    listed = rows(*[(f"F{i}", f"L{i}", None, "", "") for i in range(5_000)], ("", "", "bad", "bad", ""))
    refused(
        lambda: players.import_players(actor=None, tournament=lotus, players=listed, source="huge.csv"),
        "too_many_players",
        "huge.csv lists 5,001 players; a tournament has at most 5,000.",
    )


# --- update_person -------------------------------------------------------------------------------------------------


def test_a_change_of_a_person_is_audited_in_each_of_their_tournaments(lotus, make_user):
    olga = make_user("olga")
    tulip = tournaments.create_tournament(actor=None, slug="tulip", name="Tulip Cup")
    person = register(lotus, ema_id="08010039", country="NED").player
    register(tulip, ema_id="08010039", country="NED")
    since = last_entry_id()
    players.update_person(
        actor=olga, player=person, first_name="Anna", last_name="van Dijk", ema_id="08010039", country="BEL"
    )
    saved = Player.objects.get(pk=person.pk)
    assert (saved.last_name, saved.country) == ("van Dijk", "BEL")
    entries = AuditEntry.objects.filter(pk__gt=since, action="player.update").order_by("tournament__slug")
    assert [(e.tournament, e.actor, e.summary) for e in entries] == [
        (lotus, olga, "Anna van Dijk: changed country, last_name"),
        (tulip, olga, "Anna van Dijk: changed country, last_name"),
    ]
    assert entries[0].data == {
        "player": person.pk,
        "name": "Anna van Dijk",
        "ema_id": "08010039",
        "changes": {"last_name": ["de Vries", "van Dijk"], "country": ["NED", "BEL"]},
    }


def test_a_person_registered_nowhere_is_audited_once_without_a_tournament(db):
    person = Player.objects.create(first_name="Anna", last_name="de Vries")
    since = last_entry_id()
    players.update_person(
        actor=None, player=person, first_name="Anne", last_name="de Vries", ema_id=None, country=""
    )
    audited(since, "player.update", summary="Anne de Vries: changed first_name", actor=None, tournament=None)


def test_the_same_data_again_is_no_change(lotus):
    person = register(lotus, ema_id="08010039").player
    since = last_entry_id()
    players.update_person(
        actor=None, player=person, first_name="Anna", last_name="de Vries", ema_id="08010039", country=""
    )
    assert new_actions(since) == []


def test_an_ema_number_of_another_person_is_refused(lotus):
    register(lotus, first_name="Bram", last_name="Bakker", ema_id="08010040")
    person = register(lotus).player
    refused(
        lambda: players.update_person(
            actor=None, player=person, first_name="Anna", last_name="de Vries", ema_id="08010040", country=""
        ),
        "ema_id_taken",
        "Anna de Vries: the EMA number 08010040 belongs to Bram Bakker already.",
    )


def test_a_person_the_ema_cannot_use_is_refused(lotus):
    person = register(lotus).player
    refused(
        lambda: players.update_person(
            actor=None, player=person, first_name="Anna", last_name="de Vries", ema_id="123", country=""
        ),
        "bad_ema_id",
        "Anna de Vries: the EMA number '123' must be eight digits.",
    )


# --- team and categories (side rankings) ---------------------------------------------------------------------------


def test_a_team_and_categories_are_registered_cleaned_and_audited(lotus, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    registration = register(lotus, olga, team="  Lotus   A ", categories=["newcomer", " Ladies ", "NEWCOMER"])
    saved = Registration.objects.get(pk=registration.pk)
    assert (saved.team, saved.categories) == ("Lotus A", ["newcomer", "Ladies"])  # a name once, ignoring case
    entry = audited(
        since, "player.register", summary="Registered Anna de Vries", actor=olga, tournament=lotus
    )
    assert (entry.data["team"], entry.data["categories"]) == ("Lotus A", ["newcomer", "Ladies"])


def test_a_player_without_team_or_categories_has_none(lotus):
    registration = register(lotus)
    assert (registration.team, registration.categories) == ("", [])
    entry = AuditEntry.objects.get(action="player.register")
    assert "team" not in entry.data and "categories" not in entry.data


@pytest.mark.parametrize(
    ("fields", "code", "message"),
    [
        ({"categories": [" "]}, "category_empty", "Anna de Vries: A category needs a name."),
        (
            {"categories": ["newcomer", "n" * 40]},
            "category_too_long",
            "Anna de Vries: The category '" + "n" * 40 + "' is longer than 39 characters.",
        ),
        (
            {"categories": [f"c{i}" for i in range(11)]},
            "too_many_categories",
            "Anna de Vries: 11 categories: a player has at most 10.",
        ),
        (
            {"categories": "newcomer"},
            "bad_categories",
            "Anna de Vries: the categories must be a list of texts.",
        ),
        ({"categories": ["ok", 3]}, "bad_categories", "the categories must be a list of texts."),
        (
            {"categories": ["new\x00comer"]},
            "control_character",
            "the categories contain the control character",
        ),
        ({"team": "T" * 101}, "too_long", "Anna de Vries: the team is longer than 100 characters."),
        (
            {"team": "Lotus\x07"},
            "control_character",
            "Anna de Vries: the team contains the control character",
        ),
        ({"team": 7}, "bad_name", "a name must be text."),
    ],
)
def test_a_team_or_categories_the_rankings_cannot_use_are_refused(lotus, fields, code, message):
    refused(lambda: register(lotus, **fields), code, message)


def test_a_list_registers_teams_and_categories_and_audits_them(lotus, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    players.import_players(
        actor=olga,
        tournament=lotus,
        players=[
            PlayerRow(2, "Bram", "Bakker", None, "NED", "", team="Lotus", categories=("newcomer", "junior")),
            PlayerRow(3, "Eva", "Berg", None, "SWE", ""),
        ],
        source="lotus.csv",
    )
    assert list(lotus.registrations.order_by("key").values_list("team", "categories")) == [
        ("Lotus", ["newcomer", "junior"]),
        ("", []),
    ]
    bram = AuditEntry.objects.get(pk__gt=since, action="player.register", summary="Registered Bram Bakker")
    assert (bram.data["team"], bram.data["categories"]) == ("Lotus", ["newcomer", "junior"])


def test_a_list_with_a_category_too_long_registers_nobody(lotus):
    refused(
        lambda: players.import_players(
            actor=None,
            tournament=lotus,
            players=[
                PlayerRow(2, "Bram", "Bakker", None, "NED", ""),
                PlayerRow(3, "Eva", "Berg", None, "SWE", "", categories=("x" * 40,)),
            ],
            source="lotus.csv",
        ),
        "category_too_long",
        "Row 3: The category 'xxxx",
    )
