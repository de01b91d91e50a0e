"""Hostile spreadsheets (issue 13): every one ends in a clean refusal naming the row and column, quickly and with
little memory, through the player list reader, the import_players command and the seating upload page.

The small files live in tests/tournament/data/hostile/ (README.md there; tests.tournament.hostile_files.py writes
them); the large ones are built here.
"""

import io
import time
import tracemalloc
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.tournament.hostile_files import PLAYER_HEADER, inline, row, sheet, xlsx_bytes
from tournament.models import AuditEntry, Player, Registration, Seat
from tournament.readers.player_list import PlayerFileError, read_player_file
from tournament.readers.seating_file import SeatingFileError, read_seating_file
from tournament.services import tournaments

HOSTILE = Path(__file__).resolve().parents[1] / "data" / "hostile"
MB = 1024 * 1024


@pytest.fixture
def event(db):
    return tournaments.create_tournament(actor=None, slug="lotus", name="Lotus Open")


def hostile(name: str) -> bytes:
    return (HOSTILE / name).read_bytes()


def refusal(tournament, name: str, content: bytes, reader=read_player_file) -> list[tuple]:
    """(row, column, reason) of every problem the reader lists."""
    error_type = PlayerFileError if reader is read_player_file else SeatingFileError
    with pytest.raises(error_type) as caught:
        reader(tournament, name, content)
    return [(e.row, e.column, e.reason) for e in caught.value.errors]


def test_a_sheet_declaring_every_cell_is_refused_quickly_with_little_memory(event):
    """4.7 KB claiming A1:XFD1048576 with a cell in the last one: the old reader padded a million rows of 16,384
    cells (MemoryError at 6 GB)."""
    tracemalloc.start()
    started = time.monotonic()
    try:
        problems = refusal(event, "players.xlsx", hostile("dimension-bomb.xlsx"))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert problems == [(None, "file", "The file goes on beyond row 100,000; no list is that long.")]
    assert time.monotonic() - started < 10
    assert peak < 20 * MB


def test_more_rows_than_any_tournament_are_refused_before_the_rest_is_read(event):
    """5,001 players, then a line the CSV reader cannot read: the count stops the reading first."""
    lines = ["first_name,last_name"] + [f"First{i},Last{i}" for i in range(5_001)] + ['"' + "x" * 140_000]
    problems = refusal(event, "players.csv", "\n".join(lines).encode())
    assert problems == [(5_002, "file", "The file has more than 5,000 rows; no tournament has that many.")]


def test_a_file_over_the_upload_limit_is_refused_naming_the_limit(event):
    content = b"first_name,last_name\n" + b"Anna,de Vries\n" * (6 * MB // 14)
    [(row_number, column, reason)] = refusal(event, "players.csv", content)
    assert (row_number, column) == (None, "file")
    assert "the limit is 5 MB" in reason


def test_a_zip_that_unpacks_to_more_than_20_mb_is_refused(event):
    big = sheet(PLAYER_HEADER + row(2, inline("A2", "x" * (60 * MB))))
    content = xlsx_bytes(big)
    assert len(content) < 5 * MB
    assert refusal(event, "players.xlsx", content) == [
        (None, "file", "The workbook unpacks to more than 20 MB; no list is that big.")
    ]


@pytest.mark.parametrize(
    ("rows", "cells"), [(1, 1_000_000), (2_000, 101)], ids=["one-wide-row", "many-cells"]
)
def test_a_sheet_with_more_cells_than_any_list_is_refused_before_parsing(event, rows, cells):
    """One row of a million empty cells is 30 KB zipped; parsed, it took 2 GB and 20 s."""
    body = "".join(row(number, "<c/>" * cells) for number in range(2, rows + 2))
    tracemalloc.start()
    started = time.monotonic()
    try:
        problems = refusal(event, "players.xlsx", xlsx_bytes(sheet(PLAYER_HEADER + body)))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert problems == [
        (None, "file", "The sheet has more cells than any list (200 in a row, 200,000 in all at most).")
    ]
    assert time.monotonic() - started < 10
    assert peak < 50 * MB


def test_more_shared_strings_than_any_list_are_refused_before_parsing(event):
    ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    shared = f"<sst {ns}>" + "<si><t>x</t></si>" * 200_001 + "</sst>"
    content = xlsx_bytes(sheet(PLAYER_HEADER), shared=shared)
    assert refusal(event, "players.xlsx", content) == [
        (None, "file", "The sheet has more cells than any list (200 in a row, 200,000 in all at most).")
    ]


def test_a_cell_reference_that_is_no_reference_is_refused_with_its_row(event):
    content = xlsx_bytes(sheet(PLAYER_HEADER + row(2, '<c r="!!"><v>1</v></c>')))
    assert refusal(event, "players.xlsx", content) == [(2, "file", "The workbook is damaged after row 1.")]


def test_a_sheet_declaring_a_dtd_is_refused(event):
    doctype = '<!DOCTYPE worksheet [<!ENTITY name "Anna">]>'
    text = sheet(PLAYER_HEADER + row(2, inline("A2", "&name;"), inline("B2", "de Vries")))
    content = xlsx_bytes(text.replace("<worksheet", doctype + "<worksheet", 1))
    assert refusal(event, "players.xlsx", content) == [
        (None, "file", "This is not an Excel workbook (.xlsx) that can be read.")
    ]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("malformed-xml.xlsx", [(None, "file", "This is not an Excel workbook (.xlsx) that can be read.")]),
        ("billion-laughs.xlsx", [(None, "file", "This is not an Excel workbook (.xlsx) that can be read.")]),
        ("not-a-workbook.xlsx", [(None, "file", "This is not an Excel workbook (.xlsx).")]),
        ("binary-garbage.csv", [(None, "file", "This is not a text (CSV) file: it holds binary data.")]),
        (
            "formula-without-value.xlsx",
            [(2, "last_name", "a formula (=A3) without a stored value; enter the value itself")],
        ),
        (
            "date-and-boolean.xlsx",
            [
                (2, "first_name", "a date or time cell (2026-05-09 00:00:00), not text or a number"),
                (3, "last_name", "a true/false cell, not text or a number"),
            ],
        ),
        (
            "duplicate-header.xlsx",
            [(1, "last_name", "the first row has this column more than once (columns B, C)")],
        ),
        (
            "control-characters.csv",
            [
                (2, "first_name", "contains the control character U+001B"),
                (3, "last_name", "contains the control character U+0007"),
            ],
        ),
    ],
)
def test_hostile_player_lists_are_refused_with_row_and_column(event, name, expected):
    assert refusal(event, name, hostile(name)) == expected
    assert not Registration.objects.filter(tournament=event).exists()


def test_a_cell_over_the_csv_field_limit_is_refused_with_its_row(event):
    content = ("first_name,last_name\nAnna,de Vries\nBram," + "x" * 131_073 + "\n").encode()
    assert refusal(event, "players.csv", content) == [(3, "file", "a cell is longer than 131,072 characters")]


def test_cr_only_line_endings_read_like_any_other(event):
    rows = read_player_file(event, "players.csv", hostile("cr-only.csv"))
    assert [(r.row, r.first_name, r.last_name, r.ema_id) for r in rows] == [
        (2, "Anna", "de Vries", "08010039"),
        (3, "Bram", "Bakker", None),
    ]


def test_a_utf16_list_as_excel_saves_unicode_text_reads(event):
    content = "first_name\tlast_name\r\nZsófia\tKovács\r\n".encode("utf-16")
    assert [(r.first_name, r.last_name) for r in read_player_file(event, "players.txt", content)] == [
        ("Zsófia", "Kovács")
    ]


def test_unicode_digits_are_not_an_ema_number(event):
    content = "first_name,last_name,ema_id\nAnna,de Vries,٠٨٠١٠٠٣٩\nBram,Bakker,²²²²²²²²\n".encode()
    assert [(r, c) for r, c, _reason in refusal(event, "players.csv", content)] == [
        (2, "ema_id"),
        (3, "ema_id"),
    ]


def test_only_the_first_50_problems_are_listed_then_the_count(event):
    content = ("first_name,last_name,country\n" + "Anna,de Vries,XX\n" * 80).encode()
    with pytest.raises(PlayerFileError) as caught:
        read_player_file(event, "players.csv", content)
    error = caught.value
    assert error.message == "The file has 80 problems; nothing was imported."
    assert [e.row for e in error.errors[:50]] == list(range(2, 52))
    assert (error.errors[50].row, error.errors[50].reason) == (None, "and 30 more problems, not listed")
    assert len(error.errors) == 51


# -- the seating file --------------------------------------------------------------------------------------------


def test_superscript_and_other_digits_are_not_session_or_table_numbers(played):
    problems = refusal(played, "seating.csv", hostile("superscript-session.csv"), read_seating_file)
    assert [(r, c) for r, c, _reason in problems] == [(2, "session"), (3, "table")]
    assert problems[0][2] == "'²' is not a number of 1 or more."


@pytest.mark.parametrize(
    ("session", "shown"),
    [("41", "41"), ("5000", "5000"), ("9" * 31, "9" * 31), ("9" * 5000, "9" * 40 + "…")],
)
def test_session_numbers_beyond_any_tournament_are_refused(played, session, shown):
    content = f"session,table,player\n{session},1,p01\n".encode()
    assert refusal(played, "seating.csv", content, read_seating_file) == [
        (2, "session", f"{shown}: a tournament has at most 40 sessions.")
    ]


def test_a_seating_file_with_a_column_twice_is_refused(played):
    problems = refusal(played, "seating.csv", hostile("duplicate-header.csv"), read_seating_file)
    assert problems == [(1, "player", "the first row has this column more than once (columns C, D)")]


SEATING_PAGE = "/t/event/organise/seating/import/"
PAGE_FILES = [
    "dimension-bomb.xlsx",
    "malformed-xml.xlsx",
    "billion-laughs.xlsx",
    "not-a-workbook.xlsx",
    "binary-garbage.csv",
    "formula-without-value.xlsx",
    "date-and-boolean.xlsx",
    "duplicate-header.xlsx",
    "duplicate-header.csv",
    "superscript-session.csv",
    "control-characters.csv",
    "cr-only.csv",
]


def upload(name: str, content: bytes):
    file = io.BytesIO(content)
    file.name = name
    return file


@pytest.fixture
def organiser(client, played, make_user):
    client.force_login(make_user("org", tournament=played, role="organiser"))
    return client


@pytest.mark.parametrize("name", PAGE_FILES)
def test_the_seating_upload_page_refuses_hostile_files_without_an_error_page(organiser, played, name):
    seats = Seat.objects.count()
    response = organiser.post(SEATING_PAGE, {"file": upload(name, hostile(name))})
    assert response.status_code == 200
    assert "nothing was imported" in response.content.decode()
    assert Seat.objects.count() == seats


@pytest.mark.parametrize(
    "content",
    [
        b"session,table,player\n5000,1,p01\n",
        ("session,table,player\n1,1," + "p" * 200_000 + "\n").encode(),
        (b"session;table;player\r1;1;p01\r"),
        b"session,table,player\n" + b"1,1,p01\n" * 20_001,
    ],
    ids=["session-5000", "long-field", "cr-only", "too-many-rows"],
)
def test_the_seating_upload_page_refuses_built_hostile_files(organiser, played, content):
    sessions = played.sessions.count()
    response = organiser.post(SEATING_PAGE, {"file": upload("seating.csv", content)})
    assert response.status_code == 200
    assert "nothing was imported" in response.content.decode()
    assert played.sessions.count() == sessions


def test_the_seating_upload_page_refuses_a_file_over_5_mb_unread(organiser, played):
    response = organiser.post(SEATING_PAGE, {"file": upload("seating.csv", b"x" * (5 * MB + 1))})
    assert response.status_code == 200
    assert "The file is 5.1 MB; the limit is 5 MB." in response.content.decode()


# -- the import_players command ----------------------------------------------------------------------------------


def test_import_players_refuses_a_list_longer_than_any_tournament_quickly(event, tmp_path):
    path = tmp_path / "players.csv"
    path.write_text("first_name,last_name\n" + "".join(f"First{i},Last{i}\n" for i in range(8_000)))
    started = time.monotonic()
    with pytest.raises(CommandError, match="nothing was imported"):
        call_command("import_players", "lotus", str(path), stderr=StringIO())
    assert time.monotonic() - started < 5
    assert not Player.objects.exists()


def test_import_players_refuses_a_file_over_5_mb_unread(event, tmp_path):
    path = tmp_path / "players.csv"
    path.write_bytes(b"x" * (6 * MB))
    with pytest.raises(CommandError, match=r"players.csv: The file is 6.0 MB; the limit is 5 MB."):
        call_command("import_players", "lotus", str(path))


def test_import_players_prints_50_problems_and_the_count(event, tmp_path):
    path = tmp_path / "players.csv"
    path.write_text("first_name,last_name,country\n" + "Anna,de Vries,XX\n" * 3_000)
    err = StringIO()
    with pytest.raises(CommandError, match="The file has 3000 problems; nothing was imported."):
        call_command("import_players", "lotus", str(path), stderr=err)
    lines = err.getvalue().splitlines()
    assert len(lines) == 51
    assert lines[-1] == "players.csv: file: and 2950 more problems, not listed"
    assert AuditEntry.objects.filter(tournament=event).count() == 1  # the creation only


def test_hostile_xlsx_through_the_command_is_one_line(event, tmp_path):
    path = tmp_path / "players.xlsx"
    path.write_bytes(hostile("dimension-bomb.xlsx"))
    err = StringIO()
    with pytest.raises(CommandError, match="The file has 1 problem; nothing was imported."):
        call_command("import_players", "lotus", str(path), stderr=err)
    assert (
        err.getvalue() == "players.xlsx: file: The file goes on beyond row 100,000; no list is that long.\n"
    )
