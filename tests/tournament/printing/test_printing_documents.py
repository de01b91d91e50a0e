"""Printed documents: pages per table, the blank variant, lists and cards, vendored fonts only, no network."""

import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.tournament.factories import made_in_background
from tournament.display.names import name_sort_key
from tournament.printing import seating_lists
from tournament.printing.documents import DocumentRequestError
from tournament.printing.engine import StaticFilesOnly
from tournament.printing.pdf import laid_out, static_file
from tournament.printing.schedule_cards import ScheduleCards
from tournament.printing.score_sheets import ScoreSheets
from tournament.printing.seating_lists import SeatingByName, SeatingByTable
from tournament.printing.standings_document import StandingsDocument
from tournament.services.archive_import import import_archive

PEOPLE = [
    ("Łukasz", "Wiśniewski", "POL"),
    ("Şükrü", "Yılmaz", "GER"),
    ("Ádám", "Szűcs", "HUN"),
    ("Søren", "Kjær", "DEN"),
    ("Jiří", "Dvořák", "CZE"),
    ("Åsa", "Ångström", "SWE"),
    ("Zofia", "Łoś", "POL"),
    ("Anna", "de Vries", "NED"),
]


def seats(keys, scores=None):
    return [
        {"wind": wind, "player": key, **({"score": scores[i]} if scores else {})}
        for i, (wind, key) in enumerate(zip("ESWN", keys, strict=True))
    ]


@pytest.fixture
def event(db):
    """8 players at 2 tables; session 1 played, session 2 seated, session 3 not seated; p8 withdrew."""
    keys = [f"p{i}" for i in range(1, 9)]
    players = [
        {"key": key, "first_name": first, "last_name": last, "country": country, "ema_id": f"0{i}000000"[:8]}
        for i, (key, (first, last, country)) in enumerate(zip(keys, PEOPLE, strict=True), start=1)
    ]
    players[7]["status"] = "withdrawn"
    data = {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {"slug": "print", "name": "Print Open", "short_name": "PRINT"},
        "players": players,
        "sessions": [
            {
                "number": 1,
                "starts_at": "2026-05-09T10:00:00+02:00",
                "tables": [
                    {"number": 1, "seats": seats(keys[:4], (40_000, 35_000, 25_000, 20_000))},
                    {"number": 2, "seats": seats(keys[4:], (40_000, 35_000, 25_000, 20_000))},
                ],
            },
            {
                "number": 2,
                "tables": [
                    {"number": 1, "seats": seats(keys[::2])},
                    {"number": 2, "seats": seats(keys[1::2])},
                ],
            },
            {"number": 3, "tables": []},
        ],
    }
    return import_archive(actor=None, data=data)


def pages(document) -> int:
    return len(laid_out(document.html()).pages)


def test_one_score_sheet_per_table(event):
    sheets = ScoreSheets(event, session=2)
    html = sheets.html()
    assert pages(sheets) == 2
    for name in ("Łukasz Wiśniewski", "Şükrü Yılmaz", "Ádám Szűcs", "東", "南", "西", "北"):
        assert name in html
    assert "120,000" in html and "+15,000 / +5,000 / \u22125,000 / \u221215,000" in html


def test_blank_score_sheets_have_no_names(event):
    blank = ScoreSheets(event, session=2, blank=True)
    assert pages(blank) == 2
    assert "Wiśniewski" not in blank.html()
    assert pages(ScoreSheets(event, session=3, blank=True)) == 1  # no seating yet: one sheet to copy


def test_score_sheets_need_a_seated_session(event):
    with pytest.raises(DocumentRequestError, match="no seating yet"):
        ScoreSheets(event, session=3).html()
    with pytest.raises(DocumentRequestError, match="has no session 9"):
        ScoreSheets(event, session=9)
    with pytest.raises(DocumentRequestError, match="needs a session"):
        ScoreSheets(event)


def test_table_stands_two_per_page_and_wall_list_in_alphabetical_order(event, monkeypatch):
    assert pages(SeatingByTable(event, session=1)) == 1
    wall = SeatingByName(event, session=1).context()["pages"]
    names = [line.last_name for line in wall[0][0]]
    # Accents do not decide the order: Ł files under L, Å under A; a Dutch prefix does not count: de Vries under V.
    assert names == ["Ångström", "Dvořák", "Kjær", "Łoś", "Szűcs", "de Vries", "Wiśniewski", "Yılmaz"]
    monkeypatch.setattr(seating_lists, "WALL_ROWS_PER_COLUMN", 3)
    wall = SeatingByName(event, session=1).context()["pages"]
    assert [[len(column) for column in page] for page in wall] == [[3, 3], [2]]


def test_schedule_cards_leave_out_withdrawn_players(event):
    cards = ScheduleCards(event).context()["pages"]
    flat = [card for page in cards for row in page for card in row]
    assert len(flat) == 7  # de Vries withdrew
    first = flat[0]
    assert first.player.last_name == "Ångström"
    assert [(line.session.number, line.table, line.wind) for line in first.lines] == [
        (1, 2, "S"),  # p6: table 2 of session 1 is p5 p6 p7 p8
        (2, 2, "W"),  # table 2 of session 2 is p2 p4 p6 p8
        (3, None, ""),  # not seated yet
    ]
    assert pages(ScheduleCards(event)) == 1  # 8 cards per page


def test_standings_title(event):
    assert StandingsDocument(event).context()["title"] == "Standings after session 1"
    assert StandingsDocument(event, after_session=1).context()["title"] == "Standings after session 1"


def test_only_the_vendored_fonts_are_embedded(event):
    pdf = laid_out(ScoreSheets(event, session=1).html()).write_pdf(uncompressed_pdf=True)
    fonts = set(re.findall(rb"/BaseFont\s*/[A-Z]{6}\+([^\s/]+)", pdf))
    assert fonts and all(font.startswith(b"Tenbou-") for font in fonts), fonts
    assert b"Tenbou-Winds" in b" ".join(fonts)


def test_rendering_loads_static_files_only():
    assert static_file("file:///static/css/print.css").name == "print.css"
    assert static_file("file:///etc/passwd") is None
    with pytest.raises(ValueError, match="only static files"):
        StaticFilesOnly().fetch("https://fonts.example.com/font.woff2")


def test_sort_key_ignores_accents_and_case():
    names = ["Łoś", "Lis", "zając", "Ábel", "Øster", "Olsen"]
    assert sorted(names, key=lambda name: name_sort_key(name, "")) == [
        "Ábel",
        "Lis",
        "Łoś",
        "Olsen",
        "Øster",
        "zając",
    ]


def test_the_preview_is_the_pdf_template(event, client, make_user, settings):
    settings.TENBOU_PUBLIC_URL = (
        "http://hall.example"  # the QR codes' address, the same from the web and here
    )
    client.force_login(make_user("org", tournament=event, role="organiser"))
    preview = client.get(reverse("print_preview", args=["print", "score-sheets"]) + "?session=1")
    assert preview.content.decode() == ScoreSheets(event, session=1).html()
    pdf = made_in_background(client, reverse("print_pdf", args=["print", "score-sheets"]) + "?session=1")
    assert (
        pdf.content.startswith(b"%PDF")
        and pdf["Content-Disposition"] == 'inline; filename="print-score-sheets-session-1.pdf"'
    )


def test_score_sheets_command(event, tmp_path):
    target = tmp_path / "sheets.pdf"
    call_command("score_sheets", "print", "--session", "1", "-o", str(target), stdout=StringIO())
    assert target.read_bytes().startswith(b"%PDF")
    with pytest.raises(CommandError, match="session 3 of print has no seating yet"):
        call_command("score_sheets", "print", "--session", "3", "-o", str(target))


def test_print_document_command_html(event, tmp_path):
    target = tmp_path / "wall.html"
    call_command(
        "print_document",
        "print",
        "seating-by-name",
        "--session",
        "1",
        "--html",
        "-o",
        str(target),
        stdout=StringIO(),
    )
    assert "where do I sit?" in target.read_text(encoding="utf-8")
