"""services.people: one person per EMA number, shared by every tournament they play; renaming one that other
tournaments use is refused unless confirmed (naming only the tournaments the reader may see), and a confirmed
rename is audited in each of them. The stories across the player list, the archive and the command line are in
test_player_people.py."""

import pytest
from django.db import IntegrityError

from tests.tournament.services.expect import audited, last_entry_id, refused
from tournament.models import Player
from tournament.services import players, tournaments
from tournament.services.people import SHOWN_CONFLICTS, Person, find_or_create_person, people_for


@pytest.fixture
def lotus(db):
    """Anna de Vries (08010039, NED) plays the Lotus Open."""
    lotus = tournaments.create_tournament(actor=None, slug="lotus", name="Lotus Open")
    players.register_player(
        actor=None,
        tournament=lotus,
        first_name="Anna",
        last_name="de Vries",
        ema_id="08010039",
        country="NED",
    )
    return lotus


def test_a_person_without_an_ema_number_is_always_a_new_one(db):
    first = find_or_create_person(first_name="Jan", last_name="Jansen", ema_id=None, country="NED")
    second = find_or_create_person(first_name="Jan", last_name="Jansen", ema_id="", country="NED")
    assert first.pk != second.pk and Player.objects.filter(last_name="Jansen").count() == 2
    assert second.ema_id is None


def test_a_known_number_with_the_same_name_is_that_person(lotus):
    anna = Player.objects.get(ema_id="08010039")
    found = people_for(
        [Person("Anna", "de Vries", "08010039", "NED"), Person("Bram", "Bakker", "08010040", "NED")],
        actor=None,
        confirm_rename=False,
    )
    assert found[0].pk == anna.pk
    assert (found[1].first_name, found[1].ema_id) == ("Bram", "08010040") and Player.objects.count() == 2


def test_a_number_given_twice_is_refused_naming_both_rows(db):
    refused(
        lambda: people_for(
            [
                Person("A", "One", "09010001", "", where="row 2"),
                Person("B", "Two", "09010001", "", where="row 5"),
            ],
            actor=None,
            confirm_rename=False,
        ),
        "ema_id_repeated",
        "Row 5: the EMA number 09010001 is also given to row 2.",
    )


def rename(actor, *, confirm=False):
    return people_for(
        [Person("Anna", "van Dijk", "08010039", "NED", where="form")], actor=actor, confirm_rename=confirm
    )


def test_a_rename_in_a_hidden_tournament_counts_it_without_its_name(lotus, make_user):
    tournaments.update_tournament(actor=None, tournament=lotus, is_public=False)
    stranger = make_user("stranger")
    message = refused(lambda: rename(stranger), "person_differs", "registered in 1 other tournament;")
    assert "Lotus Open" not in message
    # its organiser and the command line may see it
    olga = make_user("olga", tournament=lotus, role="organiser")
    refused(lambda: rename(olga), "person_differs", "registered in Lotus Open;")
    refused(lambda: rename(None), "person_differs", "registered in Lotus Open;")


def test_a_confirmed_rename_is_audited_with_the_login(lotus, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    rename(olga, confirm=True)
    assert str(Player.objects.get(ema_id="08010039")) == "Anna van Dijk"
    audited(
        since,
        "player.rename",
        summary="EMA number 08010039: Anna de Vries (NED) is now Anna van Dijk (NED)",
        actor=olga,
        tournament=lotus,
    )


def test_a_refusal_names_the_first_people_and_counts_the_rest(lotus):
    count = SHOWN_CONFLICTS + 2
    wanted = []
    for i in range(count):
        number = f"0901{i:04d}"
        players.register_player(
            actor=None, tournament=lotus, first_name="Old", last_name=f"Name{i}", ema_id=number, country="NED"
        )
        wanted.append(Person("New", f"Name{i}", number, "NED", where=f"row {i + 2}"))
    message = refused(
        lambda: people_for(wanted, actor=None, confirm_rename=False),
        "person_differs",
        f"row {SHOWN_CONFLICTS + 1}: the EMA number",
        "; and 2 more. Correct the name, or confirm",
    )
    assert f"row {SHOWN_CONFLICTS + 2}:" not in message


def test_a_number_registered_at_the_same_moment_elsewhere_is_refused(db, monkeypatch):
    """Two registrations of one new EMA number at once: the second insert meets the unique number."""

    def taken(objects, *args, **kwargs):
        raise IntegrityError("UNIQUE constraint failed: tournament_player.ema_id")

    monkeypatch.setattr(type(Player.objects), "bulk_create", taken)
    refused(
        lambda: find_or_create_person(
            first_name="Bram", last_name="Bakker", ema_id="08010040", country="NED"
        ),
        "person_busy",
        "Someone registered one of these EMA numbers at the same moment; try again.",
    )
