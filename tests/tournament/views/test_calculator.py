"""The public hand calculator (issue 11): figures from the 2016 rules, section 6 and the examples of 4.3."""

import re
from html import unescape

import pytest


def test_by_fan_and_minipoints(client, db):
    # 6: a non-dealer's 3 fan 40 minipoints on a discard is 5,200
    html = client.get(
        "/calculator/", {"fan_form": "1", "ruleset": "ema-2016", "fan": "3", "fu": "40"}
    ).content.decode()
    assert "5,200 from the discarder" in html
    # 6: a dealer's 4 fan 30 minipoints self-drawn is 3,900 from each player (not rounded up to mangan, 4.1)
    html = client.get(
        "/calculator/", {"fan_form": "1", "fan": "4", "fu": "30", "dealer": "on", "tsumo": "on"}
    ).content.decode()
    assert "3,900 from each player" in html and "In all 11,700" in html
    html = client.get("/calculator/", {"fan_form": "1", "fan": "6", "tsumo": "on"}).content.decode()
    assert "6,000 from East, 3,000 from each other player" in html and "haneman" in html


def test_by_tiles(client, db):
    # riichi, tsumo, tanyao and pinfu on 234m 567p 234s 678s 55s, won on 8s: 4 fan, 20 minipoints (pinfu tsumo)
    params = {
        "tiles_form": "1",
        "tiles": "234m567p234678s55s",
        "win_tile": "8s",
        "tsumo": "on",
        "riichi": "on",
        "round_wind": "E",
        "seat_wind": "S",
    }
    html = client.get("/calculator/", params).content.decode()
    assert "4 fan, 20 minipoints" in html
    # 6: non-dealer tsumo 4 fan 20: 1,300 from each other player and 2,600 from East
    assert "2,600 from East, 1,300 from each other player" in html


def test_bad_input_is_named(client, db):
    html = client.get("/calculator/", {"tiles_form": "1", "tiles": "123x", "win_tile": "1m"}).content.decode()
    assert "write them like 123m456p789s11z" in html
    html = client.get("/calculator/", {"fan_form": "1"}).content.decode()
    assert "Give the fan, or tick yakuman." in html


def test_the_page_is_in_dutch_too(client, db):
    html = client.get("/calculator/", headers={"accept-language": "nl"}).content.decode()
    assert "Handcalculator" in html


def test_nts_by_tiles(client, db):
    # NTS 2: concealed pungs of 1m (terminal, 8), 5s (4) and red dragons (8), the run 234p and the pair 99p won on
    # the only possible tile (2, completing the pair 2) plus 20 for mahjong = 44 points; doublings: the dragon
    # pung (1) and three concealed pungs (1): 44 x 2 x 2 = 176
    params = {
        "tiles_form": "1",
        "rules": "nts",
        "tiles": "111m234p555s777z99p",
        "win_tile": "9p",
        "seat_wind": "S",
    }
    html = client.get("/calculator/", params).content.decode()
    assert "Hand value 176 (limit 2,000)" in html


def test_blessing_of_man_for_east_is_refused_in_both_languages(client, db):
    """4.2.4: Blessing of Man is won before the player's first turn; East discards first, so never East's."""
    params = {
        "tiles_form": "1",
        "tiles": "123m456p88p345789s",
        "win_tile": "5s",
        "first_turn": "on",
        "seat_wind": "S",
    }
    html = client.get("/calculator/", params).content.decode()
    assert "Blessing of Man" in html and "8,000 from the discarder" in html  # 4.2.4: a mangan for South
    response = client.get("/calculator/", {**params, "dealer": "on", "seat_wind": "E"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "Blessing of Man is never East&#x27;s" in html and "(4.2.4)" in html and 'role="alert"' in html
    dutch = client.get(
        "/calculator/", {**params, "dealer": "on", "seat_wind": "E"}, headers={"accept-language": "nl"}
    )
    assert "Blessing of Man (renho) is nooit voor Oost" in dutch.content.decode()


def test_the_minipoints_a_hand_lacks_are_named_at_their_field_in_both_languages(client, db):
    """6: below 5 fan the minipoints count; 4.1.1: 20 minipoints is only a self-drawn pinfu of 2 fan or more."""
    response = client.get("/calculator/", {"fan_form": "1", "fan": "2"})
    html = response.content.decode()
    assert response.status_code == 400
    field = html.split('<label for="id_fu">', 1)[1].split("</p>", 1)[0]
    assert "Choose the minipoints: a hand of 2 fan needs them." in field
    dutch = client.get(
        "/calculator/", {"fan_form": "1", "fan": "1", "fu": "20"}, headers={"accept-language": "nl"}
    ).content.decode()
    field = dutch.split('<label for="id_fu">', 1)[1].split("</p>", 1)[0]
    assert "20 minipunten kan niet met 1 fan" in field


def test_the_first_go_around_box_in_dutch_names_each_blessing(client, db):
    """In Dutch "of" is "or": "Blessing of Heaven, Earth of Man" read as one English name."""
    html = client.get("/calculator/", headers={"accept-language": "nl"}).content.decode()
    assert "(Blessing of Heaven, Blessing of Earth of Blessing of Man)" in html


@pytest.mark.parametrize(
    ("params", "english", "dutch"),
    [
        (  # 4.1: an open hand of chows and a pair of 8p has no yaku
            {"tiles": "123m456p88p345789s", "win_tile": "5s", "melds": "chi:123m"},
            "The hand has no yaku (4.1: at least one yaku is needed)",
            "De hand heeft geen yaku (4.1: minstens één yaku is nodig)",
        ),
        (
            {"tiles": "123456789s234m55p", "win_tile": "9s", "melds": "pon:123s"},
            "Meld &#x27;pon:123s&#x27; is not a pon",
            "Combinatie &#x27;pon:123s&#x27; is geen pon",  # the Dutch book's word, 3.3
        ),
        (  # a fifth 1s: the mahjong package would read it as a 2s
            {"tiles": "11111s2345678m55p", "win_tile": "5p"},
            "Tiles &#x27;11111s2345678m55p&#x27;: more than four of one tile",
            "Stenen &#x27;11111s2345678m55p&#x27;: meer dan vier van één steen",
        ),
    ],
)
def test_the_tiles_refusals_are_sentences_of_the_table_in_both_languages(client, db, params, english, dutch):
    """tournament.errors.SCORING_MESSAGES: each refusal of scoring.hands.tiles has its own sentence."""
    query = {"tiles_form": "1", "seat_wind": "S", **params}
    response = client.get("/calculator/", query)
    assert response.status_code == 400 and english in response.content.decode()
    in_dutch = client.get("/calculator/", query, headers={"accept-language": "nl"}).content.decode()
    assert dutch in in_dutch


def visible_text(html: str) -> str:
    """What a person reads: the page without its tags, scripts and styles."""
    html = re.sub(r"(?s)<(script|style|svg)\b.*?</\1>", " ", html)
    return unescape(re.sub(r"<[^>]+>", " ", html))


CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")
# 4.1.1: an open pung of 1m (terminal, 4), a concealed pung of white dragons (honours, 8), the winning 9s
# completing the pair (pair wait, 2) and 20 for winning: 34, rounded up to 40; the yaku is the white dragon pung
# (4.2.1, 1 fan): 1 fan 40 minipoints on a discard is 1,300 for a non-dealer (section 6)
SEVERAL_MINIPOINTS = {
    "tiles_form": "1",
    "tiles": "111m234p567p99s555z",
    "win_tile": "9s",
    "melds": "pon:111m",
    "seat_wind": "S",
}


def test_the_yaku_and_minipoints_are_words_in_the_readers_language(client, db):
    english = visible_text(client.get("/calculator/", SEVERAL_MINIPOINTS).content.decode())
    assert "Dragon Pung (white)" in english and "1,300 from the discarder" in english
    assert "open pung of terminals or honours 4" in english and "pair wait 2" in english
    assert not CODE.findall(english), CODE.findall(english)
    dutch = client.get("/calculator/", SEVERAL_MINIPOINTS, headers={"accept-language": "nl"}).content.decode()
    text = visible_text(dutch)
    assert not CODE.findall(text), CODE.findall(text)
    assert "Pung Draken (wit)" in text  # the Dutch 2016 book, 4.2.1
    assert "dichte pung van hoekstenen of troefstenen 8" in text and "wachten op het sluitpaar 2" in text


def test_thirteen_tiles_are_refused_in_dutch(client, db):
    query = {"tiles_form": "1", "tiles": "111m234p567p99s55z", "win_tile": "9s", "seat_wind": "S"}
    response = client.get("/calculator/", query, headers={"accept-language": "nl"})
    assert response.status_code == 400
    text = visible_text(response.content.decode())
    assert "Een winnende hand heeft 14 stenen plus één per kong; hier 13 met 0 kongs" in text
    assert "kong(s)" not in text


@pytest.mark.parametrize("rules", ["ema-2016", "nts"])
def test_the_dealer_with_another_seat_wind_is_refused_naming_both_fields(client, db, rules):
    """2.1: East is the dealer ("the starting player"); ticking the dealer with seat wind South contradicts it."""
    query = {
        "tiles_form": "1",
        "rules": rules,
        "tiles": "234m567p99s234678s",
        "win_tile": "8s",
        "dealer": "on",
        "seat_wind": "S",
    }
    response = client.get("/calculator/", query)
    assert response.status_code == 400
    field = response.content.decode().split('<label for="id_seat_wind">', 1)[1].split("</p>", 1)[0]
    assert "“The winner is East (dealer)” is ticked, but the seat wind is South" in unescape(field)
    dutch = client.get("/calculator/", query, headers={"accept-language": "nl"}).content.decode()
    field = dutch.split('<label for="id_seat_wind">', 1)[1].split("</p>", 1)[0]
    assert "“De winnaar is Oost (dealer)” is aangevinkt, maar de Eigen Wind is Zuid" in unescape(field)
    as_east = client.get("/calculator/", {**query, "seat_wind": "E"}).content.decode()
    assert "is ticked, but the seat wind" not in as_east


@pytest.mark.parametrize(
    "language, expected",
    [("en", "Hand value 2,000 (limit 2,000)"), ("nl", "Handwaarde 2.000 (limiet 2.000)")],
)
def test_the_nts_hand_value_is_written_in_the_pages_number_format(client, db, language, expected):
    """NTS 2.4.1: nine gates (1112345678999 of one suit plus any tile of it) is a limit hand of 2,000 (2.2)."""
    params = {
        "tiles_form": "1",
        "rules": "nts",
        "tiles": "11123456789999m",
        "win_tile": "9m",
        "seat_wind": "S",
    }
    html = client.get("/calculator/", params, headers={"accept-language": language}).content.decode()
    assert expected in visible_text(html)


# Words a translated calculator keeps from English on purpose: the rule words every book of the four languages
# uses (riichi, fan, yakuman, dora, minipoints in French), the Dutch book's own "Blessing of Heaven, ... Earth,
# ... Man" (4.2 of 000_ce13...), and words spelt alike in English and the language ("hand", "wind", "open").
KEPT_FROM_ENGLISH = {"riichi", "fan", "yakuman", "dora", "minipoints", "blessing", "heaven", "earth", "man"}
KEPT_FROM_ENGLISH |= {"hand", "wind", "open"}


def label_words(client, language: str) -> list[list[str]]:
    html = client.get("/calculator/", headers={"accept-language": language}).content.decode()
    return [
        unescape(re.sub(r"<[^>]+>", " ", label)).split()
        for label in re.findall(r"<label[^>]*>(.*?)</label>", html, re.S)
    ]


@pytest.mark.parametrize("language", ["nl", "de", "fr"])
def test_no_english_word_in_a_translated_calculators_labels(client, db, language):
    """Issue 21: the Dutch page said "Open sets (bijv. ...)", an English word a Dutch reader takes for an
    untranslated label; the Dutch rule book calls a called meld an "open combinatie" (3.3)."""
    english = {word.lower() for label in label_words(client, "en") for word in label}
    leftover = [
        " ".join(label)
        for label in label_words(client, language)
        for word in label
        if re.fullmatch(r"[A-Za-z]{3,}", word) and word.lower() in english - KEPT_FROM_ENGLISH
    ]
    assert not leftover, leftover


@pytest.mark.parametrize(
    ("language", "label"),
    [
        ("nl", "Open combinaties (bijv. pon:555z chi:123m)"),  # the Dutch book, 3.3
        ("de", "Offene Meldungen (z. B. pon:555z chi:123m)"),  # as the German refusals name a meld
        ("fr", "Combinaisons exposées (p. ex. pon:555z chi:123m)"),
    ],
)
def test_the_open_melds_field_in_each_language(client, db, language, label):
    html = client.get("/calculator/", headers={"accept-language": language}).content.decode()
    assert label in unescape(html)


def test_the_calculator_names_every_rule_set_shortly():
    """The calculator's short names cover every preset (scoring.ruleset.PRESETS), so a new one is not left out."""
    from scoring.ruleset import PRESETS
    from tournament.forms.calculator import RULESET_SHORT_NAMES

    assert set(RULESET_SHORT_NAMES) == set(PRESETS)
