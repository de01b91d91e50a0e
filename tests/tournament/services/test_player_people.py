"""People shared between tournaments (issue 13): a registration never renames a person other tournaments use
without a confirmation, and a confirmed rename is in the audit log of every tournament it touches. The player
list import is linear: its number of queries does not grow with the list."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournament.models import AuditEntry, Player, Registration
from tournament.readers.player_list import PlayerRow
from tournament.services import DomainError, players, tournaments
from tournament.services.archive_import import import_archive


@pytest.fixture
def first(db):
    """Anna de Vries (08010039, NED) and Bram Bakker (08010040, NED) play the Lotus Open."""
    tournament = tournaments.create_tournament(actor=None, slug="lotus", name="Lotus Open")
    for first_name, last_name, ema_id in (("Anna", "de Vries", "08010039"), ("Bram", "Bakker", "08010040")):
        players.register_player(
            actor=None,
            tournament=tournament,
            first_name=first_name,
            last_name=last_name,
            ema_id=ema_id,
            country="NED",
        )
    return tournament


@pytest.fixture
def second(db):
    return tournaments.create_tournament(actor=None, slug="tulip", name="Tulip Cup")


def rows(*people) -> list[PlayerRow]:
    return [
        PlayerRow(number, first_name, last_name, ema_id, country, "")
        for number, (first_name, last_name, ema_id, country) in enumerate(people, start=2)
    ]


def snapshot() -> tuple:
    return (
        list(Player.objects.order_by("pk").values_list("first_name", "last_name", "ema_id", "country")),
        Registration.objects.count(),
        AuditEntry.objects.count(),
    )


def test_a_list_with_a_known_number_under_another_name_is_refused_naming_person_and_tournaments(
    first, second
):
    before = snapshot()
    with pytest.raises(DomainError) as caught:
        players.import_players(
            actor=None,
            tournament=second,
            players=rows(("Eva", "Berg", None, "SWE"), ("Mallory", "Renamed", "08010039", "NED")),
            source="tulip.csv",
        )
    assert caught.value.code == "person_differs"
    assert caught.value.message == (
        "row 3: the EMA number 08010039 belongs to Anna de Vries (NED), registered in Lotus Open; "
        "this would rename them there too. "
        "Correct the name, or confirm that the person's name and country change everywhere."
    )
    assert snapshot() == before


def test_a_confirmed_rename_is_recorded_in_every_tournament_of_the_person(first, second):
    players.import_players(
        actor=None,
        tournament=second,
        players=rows(("Anna", "van Dijk", "08010039", "NED")),
        source="tulip.csv",
        confirm_rename=True,
    )
    assert str(Player.objects.get(ema_id="08010039")) == "Anna van Dijk"
    entry = AuditEntry.objects.get(action="player.rename")
    assert entry.tournament == first
    assert entry.summary == "EMA number 08010039: Anna de Vries (NED) is now Anna van Dijk (NED)"
    assert entry.data == {
        "ema_id": "08010039",
        "before": "Anna de Vries (NED)",
        "after": "Anna van Dijk (NED)",
        "source": "row 2",
    }
    assert Registration.objects.filter(tournament=second, player__ema_id="08010039").exists()


def test_a_country_change_is_a_change_of_the_person_too(first, second):
    with pytest.raises(DomainError, match="belongs to Bram Bakker \\(NED\\)"):
        players.register_player(
            actor=None,
            tournament=second,
            first_name="Bram",
            last_name="Bakker",
            ema_id="08010040",
            country="BEL",
        )
    assert Player.objects.get(ema_id="08010040").country == "NED"


def test_the_same_person_with_the_same_name_is_reused_without_asking(first, second):
    registration = players.register_player(
        actor=None,
        tournament=second,
        first_name="Anna",
        last_name="de Vries",
        ema_id="08010039",
        country="NED",
    )
    assert registration.player == Registration.objects.get(tournament=first, key="p001").player
    assert not AuditEntry.objects.filter(action="player.rename").exists()


def test_a_person_registered_nowhere_is_brought_up_to_date(second):
    Player.objects.create(first_name="Old", last_name="Name", ema_id="08010041", country="NED")
    players.register_player(
        actor=None, tournament=second, first_name="New", last_name="Name", ema_id="08010041", country="NED"
    )
    assert str(Player.objects.get(ema_id="08010041")) == "New Name"


def test_import_players_command_needs_update_people_to_rename(first, second, tmp_path):
    path = tmp_path / "tulip.csv"
    path.write_text("first_name,last_name,ema_id,country\nMallory,Renamed,08010039,NED\n")
    with pytest.raises(CommandError, match=r"registered in Lotus Open.*\(--update-people confirms it\)"):
        call_command("import_players", "tulip", str(path))
    assert str(Player.objects.get(ema_id="08010039")) == "Anna de Vries"
    call_command("import_players", "tulip", str(path), "--update-people", stdout=StringIO())
    assert str(Player.objects.get(ema_id="08010039")) == "Mallory Renamed"
    assert AuditEntry.objects.filter(tournament=first, action="player.rename").count() == 1


def test_an_archive_does_not_rename_a_person_without_update_people(first):
    data = {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {"slug": "iris", "name": "Iris Open"},
        "players": [{"key": "a", "first_name": "Mallory", "last_name": "Renamed", "ema_id": "08010039"}],
    }
    before = snapshot()
    with pytest.raises(DomainError, match=r"players\[0\]: the EMA number 08010039 belongs to Anna de Vries"):
        import_archive(actor=None, data=data)
    assert snapshot() == before
    import_archive(actor=None, data=data, update_people=True)
    assert AuditEntry.objects.filter(tournament=first, action="player.rename").count() == 1


def test_the_import_runs_a_fixed_number_of_queries_whatever_the_length(first, second):
    """Keys, people and registrations are computed once: 60 players cost the queries of 5 (the old import ran
    several queries per player and read every key again for each one: 8,000 rows took 36 s)."""

    def queries(tournament, count: int, offset: int) -> int:
        listed = rows(
            *[(f"First{i}", f"Last{i}", f"0901{i:04d}", "NED") for i in range(offset, offset + count)]
        )
        with CaptureQueriesContext(connection) as captured:
            players.import_players(actor=None, tournament=tournament, players=listed, source="list.csv")
        return len(captured)

    assert queries(first, 5, 0) == queries(second, 60, 100)
    assert Registration.objects.filter(tournament=second).count() == 60
    keys = list(Registration.objects.filter(tournament=first).values_list("key", flat=True))
    assert keys == [f"p{i:03d}" for i in range(1, 8)]
    assert AuditEntry.objects.filter(tournament=second, action="player.register").count() == 60


def test_more_players_than_any_tournament_are_refused_by_the_service(second):
    listed = rows(*[(f"F{i}", f"L{i}", None, "") for i in range(5_001)])
    with pytest.raises(DomainError, match="lists 5,001 players; a tournament has at most 5,000"):
        players.import_players(actor=None, tournament=second, players=listed, source="list.csv")
    assert not Registration.objects.exists()


def test_the_service_refuses_a_repeated_number_and_a_registered_one(first, second):
    with pytest.raises(DomainError, match="Row 3: the EMA number 09010001 is also given to row 2"):
        players.import_players(
            actor=None,
            tournament=second,
            players=rows(("A", "One", "09010001", ""), ("B", "Two", "09010001", "")),
            source="list.csv",
        )
    with pytest.raises(
        DomainError, match="Row 2: the EMA number 08010039 is registered already \\(key p001\\)"
    ):
        players.import_players(
            actor=None,
            tournament=first,
            players=rows(("Anna", "de Vries", "08010039", "NED")),
            source="list.csv",
        )
