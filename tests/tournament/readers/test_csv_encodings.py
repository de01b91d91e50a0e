"""A player list's encoding ("Trust on the day"): UTF-8 (with or without a byte order mark) read strictly first;
otherwise the encodings Excel saves "CSV" in (Windows-1252 in Western Europe, Windows-1250 in Central Europe)
chosen by charset-normalizer; never a replacement character. Real byte strings, as the files come."""

from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from scoring.players import lost_letter
from tests.tournament.views.organise.conftest import page
from tournament.readers.player_list import PlayerFileError, read_player_file, read_player_list
from tournament.services import tournaments

DUTCH_EXCEL = "voornaam;achternaam;land\r\nJürgen;Müller;GER\r\nAnneke;de Vries;NED\r\n".encode("cp1252")
CZECH = "first_name,last_name,country\nJiří,Dvořák,CZE\nAnna,Nováková,CZE\n"


@pytest.fixture
def event(db):
    return tournaments.create_tournament(actor=None, slug="lotus", name="Lotus Open")


def names(rows) -> list[tuple[str, str]]:
    return [(row.first_name, row.last_name) for row in rows]


def refusal(event, content: bytes) -> list[tuple]:
    with pytest.raises(PlayerFileError) as caught:
        read_player_file(event, "players.csv", content)
    return [(error.row, error.column, error.reason) for error in caught.value.errors]


def test_dutch_excel_cp1252_with_semicolons(event):
    assert b"J\xfcrgen;M\xfcller" in DUTCH_EXCEL  # ü is one byte, 0xFC: not UTF-8
    listing = read_player_list(event, "spelers.csv", DUTCH_EXCEL)
    assert names(listing.players) == [("Jürgen", "Müller"), ("Anneke", "de Vries")]
    assert listing.reading.encoding == "cp1252" and not listing.reading.other  # 1250 reads ü alike


def test_utf8_with_and_without_a_byte_order_mark(event):
    for content in (CZECH.encode("utf-8"), CZECH.encode("utf-8-sig")):
        listing = read_player_list(event, "players.csv", content)
        assert names(listing.players) == [("Jiří", "Dvořák"), ("Anna", "Nováková")]
        assert (listing.reading.encoding, listing.reading.other) == ("utf-8", "")


def test_a_list_that_mixes_utf8_and_cp1252_is_refused_naming_the_lines(event):
    content = (
        b"first_name,last_name\n"
        + "Jürgen,Müller\n".encode()  # line 2: pasted from a UTF-8 file
        + "Zoë,Bakker\n".encode("cp1252")  # line 3: typed in Excel
    )
    ((row, column, reason),) = refusal(event, content)
    assert (row, column) == (None, "file")
    assert "line 2 is UTF-8 and line 3 is not" in reason and "CSV UTF-8" in reason


def test_czech_in_cp1250_is_read_with_the_other_reading_shown(event):
    """Decision: Windows-1250 is chosen when charset-normalizer finds it the better reading (Polish below); for
    these Czech names both Windows encodings read cleanly and equally well, so the Western one is used and the
    reading names the first line the Central European one reads differently, with both texts."""
    content = CZECH.encode("cp1250")
    assert b"Ji\xf8\xed,Dvo\xf8\xe1k" in content
    reading = read_player_list(event, "players.csv", content).reading
    assert (reading.encoding, reading.other, reading.line) == ("cp1252", "cp1250", 2)
    assert (reading.text, reading.other_text) == ("Jiøí,Dvoøák,CZE", "Jiří,Dvořák,CZE")


def test_polish_in_cp1250_is_detected(event):
    content = "first_name,last_name\nŁukasz,Wiśniewski\nZofia,Wójcik\n".encode("cp1250")
    listing = read_player_list(event, "players.csv", content)
    assert names(listing.players) == [("Łukasz", "Wiśniewski"), ("Zofia", "Wójcik")]
    assert (listing.reading.encoding, listing.reading.other) == ("cp1250", "cp1252")


def test_a_byte_no_encoding_has_is_refused_not_replaced(event):
    content = b"first_name,last_name\nAnna,de Vries\nBram\x81,Bakker\n"  # 0x81: in neither Windows encoding
    ((row, column, reason),) = refusal(event, content)
    assert column == "file" and "Line 3 is neither UTF-8" in reason and "CSV UTF-8" in reason


def test_broken_utf16_is_refused_not_replaced(event):
    content = "first_name\tlast_name\r\nZsófia\tKovács\r\n".encode("utf-16") + b"\x00\xd8"  # a lone surrogate
    ((_row, column, reason),) = refusal(event, content)
    assert column == "file" and "Line 3 is not UTF-16" in reason


@pytest.mark.parametrize(
    "first, last",
    [
        ("Ji?í", "Dvo?ák"),  # Excel saved a UTF-8 name as Windows-1252: ř became ?
        ("J\ufffdrgen", "Müller"),  # a replacement character from an earlier conversion
    ],
)
def test_a_letter_lost_on_the_way_is_refused_at_its_cell(event, first, last):
    content = f"first_name,last_name\nAnna,de Vries\n{first},{last}\n".encode()
    found = refusal(event, content)
    assert [(row, column) for row, column, _ in found][:1] == [(3, "first_name")]
    assert "was lost" in found[0][2] and "CSV UTF-8" in found[0][2]


def test_the_preview_says_how_the_file_was_read_and_shows_the_other_reading(client, event, make_user):
    from tournament.models import TournamentRole

    user = make_user("olga")
    TournamentRole.objects.create(tournament=event, user=user, role="organiser")
    client.force_login(user)
    upload = SimpleUploadedFile("spelers.csv", CZECH.encode("cp1250"))
    assert client.post(page("players/upload/", "lotus"), {"file": upload}).status_code == 302
    html = client.get(page("players/upload/preview/", "lotus")).content.decode()
    assert "no problems" not in html
    assert "Read as Windows-1252 (Western European)" in html
    assert 'role="alert"' in html and "Jiří,Dvořák,CZE" in html and "line 2" in html
    assert "<td>Jiøí</td><td>Dvoøák</td>" in html  # the names as they would be registered
    dutch = client.get(page("players/upload/preview/", "lotus"), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert (
        "spelers.csv: 2 spelers; controleer de namen" in dutch
        and "Gelezen als Windows-1252 (West-Europees)" in dutch
    )
    assert "Windows-1250 (Midden-Europees) leest het even goed, en anders: regel 2 is" in dutch
    upload = SimpleUploadedFile("spelers.csv", DUTCH_EXCEL)
    client.post(page("players/upload/", "lotus"), {"file": upload})
    html = client.get(page("players/upload/preview/", "lotus")).content.decode()
    assert "spelers.csv: 2 players, no problems" in html and "Read as Windows-1252" in html
    assert "<td>Jürgen</td><td>Müller</td>" in html


def test_the_command_says_how_the_file_was_read(event, tmp_path):
    path = tmp_path / "players.csv"
    path.write_bytes(CZECH.encode("cp1250"))
    out, err = StringIO(), StringIO()
    call_command("import_players", "lotus", str(path), stdout=out, stderr=err)
    assert "read as Windows-1252 (Western European)" in err.getvalue()
    assert "Jiří,Dvořák,CZE" in err.getvalue()


@pytest.mark.parametrize(
    "text, lost",
    [
        ("Ji?í", True),
        ("?ukasz", True),  # Ł lost at the start
        ("Müller\ufffd", True),
        ("Anna (?)", False),  # a question mark on its own is somebody's note, not a lost letter
        ("O'Brien", False),
        ("Jiří", False),
    ],
)
def test_a_lost_letter_is_a_question_mark_beside_a_letter_or_a_replacement_character(text, lost):
    assert lost_letter(text) is lost
