"""What a player's data must look like: the EMA number, the country code, the key, names (plain Python).

The one home of these patterns (ema-results-file.md): the model validators, the services, the archive, the file
readers and the EMA checks all use them. The pattern strings are the ones the model validators (and so the
migrations) carry; the checks compile them with ``re.ASCII`` and match the whole text, so neither Arabic-Indic
digits nor a trailing newline pass as an EMA number.
"""

import re
import unicodedata

EMA_ID_PATTERN = r"^\d{8}$"
COUNTRY_PATTERN = r"^[A-Z]{3}$"
KEY_PATTERN = r"^[-a-zA-Z0-9_]+$"  # a slug, as in a page address (/t/<slug>/players/<key>/)

EMA_ID = re.compile(EMA_ID_PATTERN, re.ASCII)
COUNTRY = re.compile(COUNTRY_PATTERN, re.ASCII)
KEY = re.compile(KEY_PATTERN, re.ASCII)

# Characters no name holds: control characters (NUL, tab, newline, ESC, DEL, C1) and lone surrogates. A
# spreadsheet cannot store most of them, a page shows them as nothing and PostgreSQL refuses NUL.
_FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cs"})


def is_ema_id(value) -> bool:
    """Eight ASCII digits, nothing else."""
    return isinstance(value, str) and EMA_ID.fullmatch(value) is not None


def is_country(value) -> bool:
    """Three upper-case ASCII letters (the EMA code, IOC style: NED, GER, SUI)."""
    return isinstance(value, str) and COUNTRY.fullmatch(value) is not None


def is_key(value) -> bool:
    """A player's key: ASCII letters, digits, hyphens and underscores."""
    return isinstance(value, str) and KEY.fullmatch(value) is not None


def bad_character(text: str) -> str | None:
    """The first control character or lone surrogate in ``text`` written as U+XXXX, or None."""
    for character in text:
        if unicodedata.category(character) in _FORBIDDEN_CATEGORIES:
            return f"U+{ord(character):04X}"
    return None


# Where a letter was lost on the way: the replacement character, or a question mark touching a letter ("Ji?í":
# Excel writes ? for each letter the encoding it saves in cannot hold, and "ř" is not in Windows-1252).
_LOST_LETTER = re.compile(r"\ufffd|(?<=[^\W\d_])\?|\?(?=[^\W\d_])")


def lost_letter(text: str) -> bool:
    """True when ``text`` shows a letter lost by a conversion between encodings (U+FFFD, or ? beside a letter)."""
    return _LOST_LETTER.search(text) is not None


def printable(text: str) -> str:
    """``text`` without control characters and lone surrogates (for writing an old bad name out)."""
    if bad_character(text) is None:
        return text
    return "".join(c for c in text if unicodedata.category(c) not in _FORBIDDEN_CATEGORIES)
