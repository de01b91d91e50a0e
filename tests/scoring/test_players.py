"""What a player's data must look like (scoring/players.py; ema-results-file.md): the EMA number (eight ASCII
digits), the country (three upper-case ASCII letters, the EMA's IOC-style code), the key (a slug), and names
without control characters or letters lost between encodings."""

import pytest

from scoring.players import bad_character, is_country, is_ema_id, is_key, lost_letter, printable


@pytest.mark.parametrize(
    ("value", "valid"),
    [
        ("04290031", True),
        ("12345678", True),
        ("1234567", False),  # seven digits
        ("123456789", False),
        ("1234567a", False),
        ("١٢٣٤٥٦٧٨", False),  # Arabic-Indic digits are digits to \d, not to the EMA
        ("12345678\n", False),
        (12345678, False),  # a number, not the text of one
        (None, False),
    ],
)
def test_an_ema_number_is_eight_ascii_digits(value, valid):
    assert is_ema_id(value) is valid


@pytest.mark.parametrize(
    ("value", "valid"),
    [
        ("NED", True),
        ("SUI", True),
        ("ned", False),
        ("NE", False),
        ("NEDX", False),
        ("NÉD", False),
        ("NED\n", False),
        (None, False),
    ],
)
def test_a_country_is_three_upper_case_ascii_letters(value, valid):
    assert is_country(value) is valid


@pytest.mark.parametrize(
    ("value", "valid"),
    [
        ("anna-de-vries", True),
        ("p_01", True),
        ("Anna", True),
        ("anna de vries", False),
        ("anna/1", False),
        ("", False),
        ("ånna", False),
        ("anna\n", False),
        (7, False),
    ],
)
def test_a_key_is_a_slug(value, valid):
    assert is_key(value) is valid


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Anna de Vries", None),
        ("Jiří Dvořák", None),
        ("Anna\tde Vries", "U+0009"),
        ("Anna\x00", "U+0000"),
        ("An\x1bna", "U+001B"),
        ("Anna\x7f", "U+007F"),
        ("Anna\ud800", "U+D800"),  # a lone surrogate
    ],
)
def test_the_first_control_character_of_a_name_is_named(text, found):
    assert bad_character(text) == found


@pytest.mark.parametrize(
    ("text", "lost"),
    [
        ("Jiří Dvořák", False),
        ("Ji?í Dvo?ák", True),  # Excel's ? for a letter its encoding lacks
        ("Jir\ufffd", True),  # the replacement character
        ("Anna (?)", False),  # a question mark beside no letter
        ("Who? Anna", True),
        ("?", False),
    ],
)
def test_a_letter_lost_between_encodings_is_seen(text, lost):
    assert lost_letter(text) is lost


def test_printable_drops_control_characters_only():
    assert printable("Anna de Vries") == "Anna de Vries"
    assert printable("An\x00na\tde\x1b Vries\ud800") == "Annade Vries"
    assert printable("Jiří\n") == "Jiří"
