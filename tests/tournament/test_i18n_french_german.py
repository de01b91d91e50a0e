"""French and German wording that a word-for-word translation got wrong (agreement, untranslated names)."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, ngettext, pgettext


def french(message: str, **values) -> str:
    with translation.override("fr"):
        return gettext(message) % values if values else gettext(message)


def test_french_log_words_need_no_agreement():
    """'Session : tous', 'Deuxième vérification des résultats modifié', '1 tables sur 8 ... saisies' were wrong:
    the words are worded so they fit any gender and number."""
    assert french("any") == "indifférent"
    changed = french("Changed %(fields)s", fields="Deuxième vérification des résultats")
    assert changed == "Modification\u00a0: Deuxième vérification des résultats"
    with translation.override("fr"):
        note = ngettext(
            "Provisional: %(done)s of %(total)s table of session %(session)s entered",
            "Provisional: %(done)s of %(total)s tables of session %(session)s entered",
            8,
        ) % {"done": 1, "total": 8, "session": 6}
    assert note == "Provisoire\u00a0: session 6, tables saisies\u00a0: 1 sur 8"
    assert " modifié" not in french("%(user)s: changed %(fields)s", user="Anna", fields="Arbitre")


def german(message: str) -> str:
    with translation.override("de"):
        return gettext(message)


def test_german_names_the_rules_and_the_honours_in_german():
    from tournament.models.tournaments import RULESET_LABELS

    with translation.override("de"):
        labels = {key: str(label) for key, label in RULESET_LABELS.items()}
    assert labels["ema-2016"] == "EMA-Riichi-Wettkampfregeln 2016"
    assert labels["ema-2008"] == "EMA-Riichi-Regeln 2008"
    assert labels["nts"] == "Nederlandse Toernooi Spelregels (klassisch)"
    assert german("open pung of terminals or honours") == "offenes Pon aus Terminals oder Ehrensteinen"
    assert (
        german("concealed kong of terminals or honours") == "verdecktes Kan aus Terminals oder Ehrensteinen"
    )


@pytest.mark.parametrize("language", ["nl", "de", "fr"])
def test_the_category_pages_two_columns_have_two_names(language):
    """Issue 28: the category page had two columns called "Gesamt" (the place in the standings and the total);
    the hint names the place's column by its header."""
    with translation.override(language):
        overall, total = pgettext("side rankings", "Overall"), gettext("Total")
        hint = gettext(
            "The players of this category ranked among themselves, with their place in the standings (“Overall”). "
            "Points in thousands; “2=” means a shared place; disqualified players are listed last."
        )
    assert overall != total and overall in hint


STAFF_WORDS = {"de": "Team", "fr": "équipe"}  # the players' teams (side rankings): not the staff


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_staff_is_not_called_a_team(language):
    """Issue 28: German "Team" for the staff (organisers and referees) beside "Teams" for the players' teams."""
    from tests.tournament.test_catalogues import catalogue

    wrong = [
        (entry.msgid, text)
        for entry in catalogue(language)
        if re.search(r"\bstaff\b", entry.msgid, re.I)
        for text in entry.msgstr.values()
        if STAFF_WORDS[language].casefold() in text.casefold()
    ]
    assert wrong == []


def test_no_template_writes_a_colon_after_a_message():
    """A colon, semicolon, question or exclamation mark right after a translated word or a value is part of the
    message ("Rank: %(rank)s"), where each language writes its own spacing (French "Rang : 20"); a list's ";"
    between items is a separator."""
    templates = Path(settings.BASE_DIR) / "templates"
    found = []
    for path in sorted(templates.rglob("*.html")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            text = re.sub(r'[\w-]+="[^"]*"', "", line)
            text = re.sub(r"\{% *blocktranslate.*?endblocktranslate *%\}", "", text)
            text = text.replace("{% if not forloop.last %};", "")
            if re.search(r"(%\}|\}\}|</a>)[:;?!](?=[\s<]|$)", text):
                found.append(f"{path.relative_to(templates)}:{number}")
    assert found == []
