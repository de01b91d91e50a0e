"""One home for how people and places are shown: the shared-rank label, names in alphabetical lists and their
sort order, and a seat played by a substitute ("Jan Jansen (for Anna de Vries)", ``seat_name``). The screen,
the paper and the files all call these (template filters in templatetags/display.py).

Points are shown by ``tournament.display.numbers`` and winds by ``tournament.display.winds``.

Alphabetical order is the order of Dutch and most European lists: by last name, then first name, ignoring case
and accents (Ábel with A, Łukasz with L, Øster with O), and a Dutch surname prefix written in lower case
("van den Berg", "de Vries", the tussenvoegsel) does not count: "van den Berg" is filed under B and listed as
"Berg, Joris van den". A prefix written with a capital ("De Vries", the Flemish way) is part of the name and files
under D.
"""

import unicodedata

from django.utils.translation import gettext

# Letters that Unicode does not decompose into a base letter plus an accent.
_BASE_LETTERS = str.maketrans(
    {"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss", "æ": "ae", "Æ": "AE", "ı": "i"}
)

# Surname prefixes that alphabetical lists pass over when written in lower case (Dutch tussenvoegsels, and the
# French and German particles that Dutch lists treat the same way).
SURNAME_PREFIXES = frozenset(
    [
        "van",
        "de",
        "den",
        "der",
        "het",
        "'t",
        "te",
        "ten",
        "ter",
        "in",
        "op",
        "aan",
        "bij",
        "uit",
        "onder",
        "voor",
        "over",
        "d'",
        "la",
        "le",
        "les",
        "du",
        "des",
        "von",
        "vom",
        "zu",
        "zum",
        "zur",
    ]
)


def rank_label(rank: int, tied: bool) -> str:
    """'2=' for a place shared with another player, '2' otherwise."""
    return f"{rank}=" if tied else str(rank)


def folded(text: str) -> str:
    """The text without case and accents, for sorting and searching."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_BASE_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def split_surname(last_name: str) -> tuple[str, str]:
    """('van den', 'Berg') for 'van den Berg'; ('', 'De Vries') for 'De Vries' (capitalised: part of the name)."""
    words = last_name.split()
    prefix = []
    while len(words) > 1 and words[0] in SURNAME_PREFIXES:
        prefix.append(words.pop(0))
    return " ".join(prefix), " ".join(words)


def name_sort_key(last_name: str, first_name: str) -> tuple[str, str, str, str]:
    """By last name without its prefix, then first name, ignoring accents and case; the exact text breaks ties."""
    prefix, main = split_surname(last_name)
    return (folded(main), folded(first_name), folded(prefix), f"{last_name} {first_name}")


def listed_name(last_name: str, first_name: str) -> str:
    """The name as an alphabetical list shows it: 'Berg, Joris van den', 'Vries, Anna de', 'Zander, Pim'."""
    prefix, main = split_surname(last_name)
    given = " ".join(part for part in (first_name, prefix) if part)
    return f"{main}, {given}" if given else main


def full_name(first_name: str, last_name: str) -> str:
    """The name as people say it: 'Joris van den Berg'."""
    return f"{first_name} {last_name}".strip()


def substituting(substitute: str, player: str) -> str:
    """A seat played by a substitute (5.8), as every page and paper shows it: 'Jan Jansen (for Anna de Vries)'."""
    return gettext("%(substitute)s (for %(player)s)") % {"substitute": substitute, "player": player}


def seat_name(player: str, substitute: str = "") -> str:
    """The name at a seat: the registered player's, or the substitute's marked as substituting for them."""
    return substituting(substitute, player) if substitute else player
