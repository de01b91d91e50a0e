"""Issue 28, item 3: the printed documents in all four languages, with the longest realistic values (a 40-character
name at a seat, a substitute "for" another): every heading whole in its box (the German score sheet cut "Windrunde"
to "Windru" and "Gewonnen" to "Gewonne"), the rule set's name in the sheet's language, and every word at a seat
within the seat's box, measured on WeasyPrint's layout (tests/tournament/printing/layout.py)."""

from io import StringIO

import pytest
from django.core.management import call_command

from scoring.standings import RESERVE
from tests.tournament.factories import make_event, numbered_people
from tests.tournament.printing.layout import MM, boxes, cut, words
from tournament.models import Player
from tournament.printing.documents import get_document
from tournament.printing.score_sheets import HEADINGS_ROW_HEIGHT, SEATS_ROW_HEIGHT
from tournament.services import players
from tournament.services.substitutes import substitute

LANGUAGES = ["en", "nl", "de", "fr"]
LONGEST = ("Maximiliane-Charlotte", "Wittelsbach-Rudolf")  # 40 characters with the space between
WHOLE = [
    *LONGEST,
    "Anne-Sophie Lefèvre-Dubois",
    "Konstantin-Alexander",
    "Hohenzollern",
    "Oberhausen-Langenfeld",
]
RULES_NAME = {
    "en": "EMA Riichi Competition Rules 2016",
    "nl": "EMA Riichi-wedstrijdregels 2016",
    "de": "EMA-Riichi-Wettkampfregeln 2016",
    "fr": "Règles de compétition riichi de l'EMA 2016",
}


@pytest.fixture
def event(db):
    assert len(" ".join(LONGEST)) == 40
    people = numbered_people(8)
    people[0] = ("p01", *LONGEST, "GER", "")
    people[5] = ("p06", "Bartholomäus", "Oberhausen-Langenfeld", "AUT", "")
    tournament = make_event("day", people, [[["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]]])
    Player.objects.filter(registrations__key__in=["p01", "p06"]).update(ema_id=None)
    Player.objects.filter(registrations__key="p01").update(ema_id="01000051")
    players.register_player(
        actor=None,
        tournament=tournament,
        key="r01",
        first_name="Konstantin-Alexander",
        last_name="Hohenzollern",
        country="SUI",
        ema_id="04000007",
        status=RESERVE,
    )
    substitute(tournament=tournament, session_number=1, player_key="p06", reserve_key="r01", actor=None)
    substitute(
        tournament=tournament,
        session_number=1,
        player_key="p02",
        guest="Anne-Sophie Lefèvre-Dubois",
        actor=None,
    )
    return tournament


def laid_out(event, identifier: str, language: str):
    return get_document(identifier)(event, session=1, language=language).laid_out()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_sheets_headings_are_whole(event, language):
    document = laid_out(event, "score-sheets", language)
    assert len(document.pages) == 2  # one page per table
    rows = list(boxes(document, "tr", "headings"))
    assert len(rows) == 2
    for row in rows:
        assert row.height == pytest.approx(HEADINGS_ROW_HEIGHT * MM)  # as tall as the grid drawn under it
        for cell in row.children:
            assert not cut(cell), (language, words(cell), cut(cell))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_sheets_seats_are_whole(event, language):
    """The longest name, and a substitute "for" the longest, within the seat's box of the grid."""
    document = laid_out(event, "score-sheets", language)
    for row in boxes(document, "tr", "seats"):
        assert row.height == pytest.approx(SEATS_ROW_HEIGHT * MM)
    seats = list(boxes(document, "th", "seat"))
    assert len(seats) == 8
    for seat in seats:
        inner = next(box for box in seat.descendants() if box.element_tag == "div")
        assert not cut(inner), (language, words(inner), cut(inner))
    shown = " ".join(words(seat) for seat in seats)
    assert "Wittelsbach-" in shown and "Konstantin-" in shown and "04000007" in shown and "SUI" in shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_sheets_rules_in_the_sheets_language(event, language):
    html = get_document("score-sheets")(event, session=1, language=language).html()
    assert RULES_NAME[language] in html.replace("&#x27;", "'")
    if language != "en":
        assert RULES_NAME["en"] not in html


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("identifier", "tag", "css_class"),
    [
        ("seating-by-table", "article", "stand"),  # a table stand: every seat on the stand's half page
        ("seating-by-table", "td", "name"),
        ("seating-by-name", "td", "name"),  # the wall list: one line a player, never "…"
        ("results-form", "td", "name"),
    ],
)
def test_the_seating_prints_are_whole(event, language, identifier, tag, css_class):
    document = laid_out(event, identifier, language)
    found = list(boxes(document, tag, css_class))
    assert found
    for box in found:
        assert not cut(box), (language, words(box), cut(box))
    shown = " ".join(words(box) for box in found).replace("- ", "-")  # a name may wrap after its hyphen
    for whole in WHOLE:  # a text cut with an ellipsis may leave no box of its own behind
        assert whole in shown, (language, whole, shown)


def test_print_document_prints_in_the_tournaments_language_by_default(event, tmp_path):
    """As its help says and as the exports page offers first: a German tournament's sheets are German."""
    event.language = "de"
    event.save(update_fields=["language"])
    target = tmp_path / "sheets.html"
    call_command(
        "print_document",
        "day",
        "score-sheets",
        "--session",
        "1",
        "--html",
        "-o",
        str(target),
        stdout=StringIO(),
    )
    assert RULES_NAME["de"] in target.read_text(encoding="utf-8")


@pytest.mark.parametrize("language", LANGUAGES)
def test_print_document_takes_every_language(event, language, tmp_path):
    target = tmp_path / "sheets.pdf"
    call_command(
        "print_document",
        "day",
        "score-sheets",
        "--session",
        "1",
        "--language",
        language,
        "-o",
        str(target),
        stdout=StringIO(),
    )
    assert target.read_bytes().startswith(b"%PDF")
