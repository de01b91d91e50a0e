"""Alphabetical order for lists on paper: Łukasz files under L and Ådám under A, as people look for them."""

import unicodedata

# Letters that Unicode does not decompose into a base letter plus an accent.
_BASE_LETTERS = str.maketrans(
    {"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss", "æ": "ae", "Æ": "AE", "ı": "i"}
)


def folded(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.translate(_BASE_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def name_sort_key(last_name: str, first_name: str) -> tuple[str, str, str, str]:
    """By last name, then first name, ignoring accents and case; the exact text breaks remaining ties."""
    return (folded(last_name), folded(first_name), last_name, first_name)
