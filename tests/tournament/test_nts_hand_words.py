"""The NTS hand breakdown in the calculator: scoring gives codes with the tile they name (scoring.hands.nts.Item),
and the words are in tournament.display.hand_words, in English and in the Dutch of the NTS (2.4.1, 2.4.2)."""

import re
from html import unescape

from django.utils import translation

from scoring.hands.nts import NTS_CODES
from tests.tournament.test_i18n_dutch import PO, parse_po
from tournament.display.hand_words import NTS_LABELS, nts_label

# NTS 2: concealed pungs of 1 characters (terminal, 8), 5 bamboo (4) and red dragons (honour, 8), the chow 234
# circles and the pair of 9 circles won on the only possible tile (2) that completes the pair (2), mahjong 20 = 44
# points; doublings (2.4.2): the pung of dragons 1 and 3 concealed pungs 1: 44 x 2 x 2 = 176.
HAND = {"tiles_form": "1", "rules": "nts", "tiles": "111m234p555s777z99p", "win_tile": "9p", "seat_wind": "S"}


def test_every_nts_code_has_an_english_and_a_dutch_label():
    assert set(NTS_LABELS) == NTS_CODES
    catalogue = {(entry.get("msgctxt"), entry["msgid"]): entry for entry in parse_po(PO)}
    missing = []
    for code, label in NTS_LABELS.items():
        with translation.override("en"):
            entry = catalogue.get(("NTS", str(label)))
        if entry is None or not entry["msgstr"].get(0) or "fuzzy" in entry["flags"]:
            missing.append(code)
    assert not missing, missing


def test_the_words_carry_the_tile():
    with translation.override("nl"):
        assert nts_label("concealed_pung", "5s") == "dichte Pung 5 bamboe"
        assert nts_label("valued_pung", "7z") == "Pung Rode draak (draken, eigen wind of wind van de ronde)"
        assert nts_label("earth") == "Spel van de aarde"
    with translation.override("en"):
        assert nts_label("open_pung", "1m") == "open pung of 1 characters"
        assert nts_label("earth") == "Hand of earth"


def breakdown(html: str) -> list[str]:
    """The first column of the breakdown's rows: what each line of points and doublings is for."""
    return [unescape(cell) for cell in re.findall(r"<tr><td>(.*?)</td>", html)]


def test_the_dutch_calculator_shows_the_nts_breakdown_in_dutch(client, db):
    html = client.get("/calculator/", HAND, headers={"accept-language": "nl"}).content.decode()
    rows = breakdown(html)
    assert rows == [
        "Mahjong",
        "dichte Pung 1 tekens",
        "dichte Pung 5 bamboe",
        "dichte Pung Rode draak",
        "Mahjong met de enig mogelijke steen",
        "Mahjong door met de laatste steen een paar te completeren",
        "Pung Rode draak (draken, eigen wind of wind van de ronde)",
        "3 dichte Pungs",
    ], rows
    text = " ".join(rows)
    for english in ("concealed", "open pung", "only possible", "completes the pair", "1m", "7z", "_"):
        assert english not in text, english
    english = breakdown(client.get("/calculator/", HAND).content.decode())
    assert "concealed pung of 5 bamboo" in english and "mahjong with the only possible tile" in english


def test_an_nts_limit_hand_is_named_in_the_readers_language(client, db):
    # NTS 2.4.1: Thirteen orphans (Dertien wezen), 2,000
    params = {**HAND, "tiles": "19m19p19s12345677z", "win_tile": "7z"}
    dutch = unescape(client.get("/calculator/", params, headers={"accept-language": "nl"}).content.decode())
    assert "Dertien wezen · " in dutch
    english = unescape(client.get("/calculator/", params).content.decode())
    assert "Thirteen orphans · " in english and "Dertien wezen" not in english
