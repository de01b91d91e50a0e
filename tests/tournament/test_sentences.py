"""A message shown to a person starts with a capital (issue 21, item 11): a refusal made from a place the caller
writes in lower case ("session 6, table 2", also used mid-sentence) reads "Session 6, table 2: ...", in English
and in Dutch; a first word that is a code or a name with its own capitals is left as written."""

import pytest
from django.utils import translation

from scoring.errors import ScoringError
from tournament.display.sentences import sentence
from tournament.errors import DomainError, scoring_message


@pytest.mark.parametrize(
    "text, shown",
    [
        ("session 6, table 2: the note is too long.", "Session 6, table 2: the note is too long."),
        ("sessie 6, tafel 2: de notitie is te lang.", "Sessie 6, tafel 2: de notitie is te lang."),
        ("van den Berg, Joris: te laat", "Van den Berg, Joris: te laat"),  # Dutch: a capital at the start
        ("Session 6", "Session 6"),
        ("start_points must be a whole number", "start_points must be a whole number"),
        ("ema-2016 does not count multiple yakuman", "ema-2016 does not count multiple yakuman"),
        ("players[0]: a player needs a name.", "players[0]: a player needs a name."),
        ("iRiichi Open: a name", "iRiichi Open: a name"),
        ("", ""),
    ],
)
def test_a_sentence_starts_with_a_capital_unless_it_starts_with_a_code(text, shown):
    assert sentence(text) == shown


@pytest.mark.parametrize(
    "language, place, expected",
    [
        # 3.6: 4 x 30,000 = 120,000 at a table; 121,000 is 1,000 too many
        (
            "en",
            "session 6, table 2",
            "Session 6, table 2: the scores add up to 121,000; they must add up to ",
        ),
        (
            "nl",
            "sessie 6, tafel 2",
            "Sessie 6, tafel 2: de scores tellen op tot 121.000; dat moet 120.000 zijn",
        ),
    ],
)
def test_a_refusal_that_starts_with_its_place_starts_with_a_capital(language, place, expected):
    error = ScoringError("table_sum", "sum", total=121_000, expected=120_000)
    with translation.override(language):
        assert scoring_message(error, where=place).startswith(expected)
        assert DomainError.from_scoring(error, where=place).message.startswith(expected)
