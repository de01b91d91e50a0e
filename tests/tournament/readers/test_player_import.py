"""Registering players from a CSV or XLSX list (cli.md import_players): every bad row reported, all or nothing."""

import io
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation
from openpyxl import Workbook

from tournament.models import AuditEntry, Player, Registration
from tournament.readers.player_list import PlayerFileError, read_player_file
from tournament.services import players, tournaments


@pytest.fixture
def event(db):
    return tournaments.create_tournament(actor=None, slug="lotus", name="Lotus Open")


def csv_bytes(*lines: str) -> bytes:
    return ("\n".join(lines) + "\n").encode("utf-8")


def xlsx_bytes(*rows) -> bytes:
    workbook = Workbook()
    for row in rows:
        workbook.active.append(list(row))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def problems(event, name, content) -> list[tuple]:
    with pytest.raises(PlayerFileError) as caught:
        read_player_file(event, name, content)
    return [(e.row, e.column) for e in caught.value.errors]


def test_csv_in_english_registers_everyone_in_file_order(event):
    content = csv_bytes(
        "first_name,last_name,ema_id,country,club",
        "Anna,de Vries,08010039,NED,Lotus",
        "Jiří,Dvořák,,cze,",
        "Zsófia,Kovács,06010001,HUN,Budapest Riichi",
    )
    rows = read_player_file(event, "players.csv", content)
    registrations = players.import_players(actor=None, tournament=event, players=rows, source="players.csv")
    assert [(r.key, str(r.player), r.player.ema_id, r.player.country, r.club) for r in registrations] == [
        ("p001", "Anna de Vries", "08010039", "NED", "Lotus"),
        ("p002", "Jiří Dvořák", None, "CZE", ""),
        ("p003", "Zsófia Kovács", "06010001", "HUN", "Budapest Riichi"),
    ]
    actions = list(AuditEntry.objects.filter(tournament=event).values_list("action", flat=True))
    assert actions.count("player.register") == 3
    assert actions.count("player.import") == 1
    entry = AuditEntry.objects.get(tournament=event, action="player.import")
    assert entry.data == {"source": "players.csv", "keys": ["p001", "p002", "p003"]}


def test_xlsx_with_dutch_headers_and_an_ema_number_stored_as_a_number(event):
    content = xlsx_bytes(
        ("Voornaam", "Achternaam", "EMA-nummer", "Land", "Vereniging"),
        ("Maartje", "Bakker", 8010040, "ned", "Mahjong Utrecht"),  # Excel dropped the leading zero
        (None, None, None, None, None),  # empty rows are skipped
        ("Reto", "Brändli", "16010002", "SUI", None),
    )
    rows = read_player_file(event, "spelers.xlsx", content)
    assert [(r.row, r.first_name, r.ema_id, r.country, r.club) for r in rows] == [
        (2, "Maartje", "08010040", "NED", "Mahjong Utrecht"),
        (4, "Reto", "16010002", "SUI", ""),
    ]


def test_semicolons_as_a_dutch_excel_writes_them(event):
    content = csv_bytes("voornaam;achternaam;land", "Anna;de Vries;NED")
    assert [
        (r.first_name, r.last_name, r.country) for r in read_player_file(event, "lijst.csv", content)
    ] == [("Anna", "de Vries", "NED")]


def test_every_bad_row_is_reported_and_nothing_is_imported(event):
    players.register_player(
        actor=None, tournament=event, first_name="Anna", last_name="de Vries", ema_id="08010039"
    )
    content = csv_bytes(
        "first_name,last_name,ema_id,country",
        "Anna,de Vries,08010039,NED",  # 2: registered already
        "Piet,Jansen,123,NED",  # 3: not eight digits
        "Karl,Müller,05010001,DEU",  # 4: ISO code, the EMA code is GER
        ",,,NED",  # 5: no name
        "Lena,Weiß,05010002,GE",  # 6: not three letters
        "Lena,Weiss,05010002,GER",  # 7: the EMA number of row 6 is bad there, so this one is the first
        "Tom,Smith,,GBR",  # 8
        "tom,smith,,GBR",  # 9: the same name again without an EMA number
        "Eva,Berg,09010001,SWE",  # 10: fine
    )
    before = Registration.objects.count(), Player.objects.count()
    assert problems(event, "players.csv", content) == [
        (2, "ema_id"),
        (3, "ema_id"),
        (4, "country"),
        (5, "last_name"),
        (6, "country"),
        (9, "last_name"),
    ]
    assert (Registration.objects.count(), Player.objects.count()) == before
    with pytest.raises(PlayerFileError) as caught:
        read_player_file(event, "players.csv", content)
    messages = [str(e) for e in caught.value.errors]
    assert messages[0] == "row 2, EMA number: Anna de Vries is registered already (key p001)"
    assert messages[1] == "row 3, EMA number: '123' is not an EMA number (eight digits)"
    assert messages[2] == "row 4, country: DEU is the ISO code; the EMA code is GER"
    assert messages[5] == "row 9, last name: the same player as in row 8"
    assert caught.value.message == "The file has 6 problems; nothing was imported."


def test_the_same_ema_number_twice_in_the_file(event):
    content = csv_bytes("first_name,last_name,ema_id", "A,One,04010001", "B,Two,04010001")
    assert problems(event, "players.csv", content) == [(3, "ema_id")]


def test_missing_columns_and_unreadable_files(event):
    assert problems(event, "players.csv", csv_bytes("name,ema_id", "Anna,08010039")) == [
        (1, "first_name"),
        (1, "last_name"),
    ]
    assert problems(event, "players.pdf", b"%PDF") == [(None, "file")]
    assert problems(event, "players.xlsx", b"not a zip") == [(None, "file")]
    assert problems(event, "players.csv", b"\n\n") == [(None, "file")]


def test_import_players_command(event, tmp_path):
    good = tmp_path / "players.csv"
    good.write_bytes(csv_bytes("first_name,last_name,country", "Anna,de Vries,NED", "Jan,Jansen,NED"))
    out = StringIO()
    call_command("import_players", "lotus", str(good), stdout=out)
    assert "2 players registered in lotus" in out.getvalue()
    assert "p001\tAnna de Vries\t-\tNED" in out.getvalue()
    bad = tmp_path / "more.csv"
    bad.write_bytes(csv_bytes("first_name,last_name,country", "Anna,de Vries,NED", "Piet,Puk,NLD"))
    err = StringIO()
    with pytest.raises(CommandError, match="2 problems; nothing was imported"):
        call_command("import_players", "lotus", str(bad), stderr=err)
    assert "more.csv: row 2, last name: Anna de Vries is registered already (key p001)" in err.getvalue()
    assert "more.csv: row 3, country: NLD is the ISO code; the EMA code is NED" in err.getvalue()
    assert Registration.objects.filter(tournament=event).count() == 2
    with pytest.raises(CommandError, match="no tournament 'nope'"):
        call_command("import_players", "nope", str(good))
    with pytest.raises(CommandError, match="no such file"):
        call_command("import_players", "lotus", str(tmp_path / "missing.csv"))


def test_problems_in_dutch(event):
    content = csv_bytes("voornaam,achternaam,emanummer,land", "Piet,Jansen,123,NLD")
    with translation.override("nl"), pytest.raises(PlayerFileError) as caught:
        read_player_file(event, "spelers.csv", content)
    with translation.override("nl"):
        assert [str(e) for e in caught.value.errors] == [
            "rij 2, EMA-nummer: '123' is geen EMA-nummer (acht cijfers)",
            "rij 2, land: NLD is de ISO-code; de EMA-code is NED",
        ]
        assert caught.value.message == "Het bestand heeft 2 problemen; er is niets geïmporteerd."


# --- team and categories (side rankings) ---------------------------------------------------------------------------


def test_teams_and_categories_are_read_and_registered(event):
    content = csv_bytes(
        "first_name,last_name,team,categories",
        "Anna,de Vries,Lotus A,newcomer; ladies",
        "Bram,Bakker,Lotus A,",
        "Eva,Berg,,junior;;Junior",  # empty parts are ignored, a name once (ignoring case)
    )
    rows = read_player_file(event, "players.csv", content)
    assert [(r.team, r.categories) for r in rows] == [
        ("Lotus A", ("newcomer", "ladies")),
        ("Lotus A", ()),
        ("", ("junior",)),
    ]
    players.import_players(actor=None, tournament=event, players=rows, source="players.csv")
    assert list(event.registrations.order_by("key").values_list("team", "categories")) == [
        ("Lotus A", ["newcomer", "ladies"]),
        ("Lotus A", []),
        ("", ["junior"]),
    ]


@pytest.mark.parametrize("header", ["categorieën", "Categorieen", "CATEGORIEËN"])
def test_dutch_headers_for_team_and_categories(event, header):
    content = xlsx_bytes(
        ("voornaam", "achternaam", "Team", header), ("Maartje", "Bakker", "Utrecht", "dames")
    )
    assert [(r.team, r.categories) for r in read_player_file(event, "spelers.xlsx", content)] == [
        ("Utrecht", ("dames",))
    ]


def test_categories_in_a_semicolon_separated_file_are_quoted_as_excel_writes_them(event):
    content = csv_bytes("voornaam;achternaam;categorieën", 'Anna;de Vries;"nieuwkomer;dames"')
    assert [r.categories for r in read_player_file(event, "lijst.csv", content)] == [("nieuwkomer", "dames")]


def test_bad_teams_and_categories_are_reported_with_row_and_column_and_nothing_is_imported(event):
    content = csv_bytes(
        "first_name,last_name,team,categories",
        f"Anna,de Vries,{'T' * 101},",  # 2: a team longer than its column
        f"Bram,Bakker,,newcomer;{'c' * 40}",  # 3: a category of 40 characters
        "Eva,Berg,," + ";".join(f"c{i}" for i in range(11)),  # 4: 11 categories
        "Tom,Smith,Lotus\x07,",  # 5: a control character
        "Lena,Weiss,Lotus,junior",  # 6: fine
    )
    before = Registration.objects.count()
    with pytest.raises(PlayerFileError) as caught:
        read_player_file(event, "players.csv", content)
    assert [str(e) for e in caught.value.errors] == [
        "row 2, team: longer than 100 characters",
        "row 3, categories: The category '" + "c" * 40 + "' is longer than 39 characters.",
        "row 4, categories: 11 categories: a player has at most 10.",
        "row 5, team: contains the control character U+0007",
    ]
    assert Registration.objects.count() == before


def test_import_players_command_with_teams_categories_and_bad_rows(event, tmp_path):
    good = tmp_path / "players.csv"
    good.write_bytes(csv_bytes("first_name,last_name,team,categories", "Anna,de Vries,Lotus,newcomer;ladies"))
    call_command("import_players", "lotus", str(good), stdout=StringIO())
    assert list(event.registrations.values_list("team", "categories")) == [("Lotus", ["newcomer", "ladies"])]
    bad = tmp_path / "more.csv"
    bad.write_bytes(
        csv_bytes("voornaam,achternaam,categorieen", f"Bram,Bakker,{'x' * 45}", "Eva,Berg,junior")
    )
    err = StringIO()
    with pytest.raises(CommandError, match="1 problem; nothing was imported"):
        call_command("import_players", "lotus", str(bad), stderr=err)
    assert "more.csv: row 2, categories: The category 'xxx" in err.getvalue()
    assert event.registrations.count() == 1


def test_category_problems_in_dutch(event):
    content = csv_bytes("voornaam,achternaam,categorieën", f"Piet,Jansen,{'x' * 40}")
    with translation.override("nl"), pytest.raises(PlayerFileError) as caught:
        read_player_file(event, "spelers.csv", content)
    with translation.override("nl"):
        assert [str(e) for e in caught.value.errors] == [
            f"rij 2, categorieën: De categorie '{'x' * 40}' is langer dan 39 tekens."
        ]
