"""The names people give the columns and values of the files they upload (player list, seating file, results
file), in the four languages of the site: the one home of this data. The readers match a header against every
language at once (docs/commands.md, import_players; docs/formats.md, "The results file"); the upload pages and the
prefilled results form write the names of one language (``names_in``).

A name matches whatever its case, accents, spaces, dashes and underscores (``simple``): "Prénom", "PRENOM",
"prenom" and "prénom" are one name, as are "EMA-Nummer", "ema nummer" and "ema_nummer". The first name of each
language is the one written.

Winds: the one letter each language prints (tournament.display.winds: E S W N in English, O Z W N in Dutch, O S
W N in German, E S O N in French) and the full words. "O" is East in Dutch and German (Oost, Ost) but West in
French (Ouest): a file is read as French when its headers are French (``file_languages``: every header it names
is a French one, e.g. ``vent``), and "O" is then West; in every other file it is East. The letters no language
disputes (E, S, W, N, Z) mean the same in every file.
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext_lazy

from scoring.standings import ACTIVE, RESERVE

LANGUAGES = ("en", "nl", "de", "fr")

Names = dict[str, dict[str, tuple[str, ...]]]  # column -> language -> names (the first is the one written)

PLAYER_LIST: Names = {
    "first_name": {
        "en": ("first_name", "first name"),
        "nl": ("voornaam",),
        "de": ("Vorname",),
        "fr": ("prénom",),
    },
    "last_name": {
        "en": ("last_name", "last name", "surname"),
        "nl": ("achternaam",),
        "de": ("Nachname",),
        "fr": ("nom", "nom de famille"),
    },
    "ema_id": {
        "en": ("ema_id", "EMA number", "EMA"),
        "nl": ("EMA-nummer", "emanummer"),
        "de": ("EMA-Nummer", "EMA-Nr"),
        "fr": ("numéro EMA", "n° EMA"),
    },
    "country": {"en": ("country",), "nl": ("land",), "de": ("Land",), "fr": ("pays",)},
    "club": {"en": ("club",), "nl": ("vereniging",), "de": ("Verein",), "fr": ("club",)},
    "status": {"en": ("status",), "nl": ("status",), "de": ("Status",), "fr": ("statut",)},
    "team": {"en": ("team",), "nl": ("team",), "de": ("Team",), "fr": ("équipe",)},
    "categories": {
        "en": ("categories", "category"),
        "nl": ("categorieën", "categorie"),
        "de": ("Kategorien", "Kategorie"),
        "fr": ("catégories", "catégorie"),
    },
}

SEATING_FILE: Names = {
    "session": {"en": ("session",), "nl": ("sessie",), "de": ("Runde",), "fr": ("session",)},
    "table": {"en": ("table",), "nl": ("tafel",), "de": ("Tisch",), "fr": ("table",)},
    "wind": {"en": ("wind",), "nl": ("wind",), "de": ("Wind",), "fr": ("vent",)},
    "player": {"en": ("player",), "nl": ("speler",), "de": ("Spieler",), "fr": ("joueur",)},
}

RESULTS_FILE: Names = {
    **SEATING_FILE,
    "score": {"en": ("score",), "nl": ("punten",), "de": ("Punkte",), "fr": ("points",)},
    "chombo": {
        "en": ("chombo", "chombos"),
        "nl": ("chombo", "chombo's"),
        "de": ("Chombo", "Chombos"),
        "fr": ("chombo", "chombos"),
    },
}
# the prefilled results form's column for reading (the reader ignores it)
NAME_COLUMN: Names = {"name": {"en": ("name",), "nl": ("naam",), "de": ("Name",), "fr": ("nom",)}}

# A player list's status column: the words for the two statuses a list may give (empty is active).
STATUS_WORDS = {
    ACTIVE: {"en": ("active",), "nl": ("actief",), "de": ("aktiv",), "fr": ("actif",)},
    RESERVE: {
        "en": ("reserve",),
        "nl": ("reserve",),
        "de": ("Ersatz", "Reserve"),
        "fr": ("remplaçant", "réserve"),
    },
}

# The seat winds as each language writes them: the one letter it prints first, then the words.
WIND_WORDS = {
    "en": {"E": ("E", "East"), "S": ("S", "South"), "W": ("W", "West"), "N": ("N", "North")},
    "nl": {"E": ("O", "Oost"), "S": ("Z", "Zuid"), "W": ("W", "West"), "N": ("N", "Noord")},
    "de": {"E": ("O", "Ost"), "S": ("S", "Süd"), "W": ("W", "West"), "N": ("N", "Nord")},
    "fr": {"E": ("E", "Est"), "S": ("S", "Sud"), "W": ("O", "Ouest"), "N": ("N", "Nord")},
}


def simple(name: str) -> str:
    """A name as it is compared: case folded, accents dropped, dashes and underscores as spaces, one space."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.replace("-", " ").replace("_", " ").split())


def accepted(names: Names) -> dict[str, tuple[str, ...]]:
    """Column -> every name of every language (each once), as the readers match them."""
    found = {}
    for column, by_language in names.items():
        found[column] = tuple(dict.fromkeys(n for language in LANGUAGES for n in by_language[language]))
    return found


def names_in(names: Names, language: str | None, columns=None) -> list[str]:
    """The name each column (all, or ``columns`` in that order) is written with in ``language`` (English for a
    language the site does not have: "de-at" is "de")."""
    language = _language(language)
    return [names[column][language][0] for column in (columns or names)]


def file_languages(names: Names, headers: dict[str, str]) -> frozenset[str]:
    """The languages whose names every found header (column -> the header as written) is one of; when the
    headers mix languages, those of the wind column's header (the one that decides what "O" is)."""
    languages = None
    for column, header in headers.items():
        of_header = {
            language
            for language, written in names.get(column, {}).items()
            if simple(header) in {simple(n) for n in written}
        }
        languages = of_header if languages is None else languages & of_header
    if not languages and "wind" in headers:
        return file_languages(names, {"wind": headers["wind"]})
    return frozenset(languages or ())


def status_words() -> dict[str, str]:
    """Every status word of every language (compared as ``simple``) -> the status; empty is active."""
    found = {"": ACTIVE}
    for status, by_language in STATUS_WORDS.items():
        for language in LANGUAGES:
            found |= {simple(word): status for word in by_language[language]}
    return found


def wind_words(languages: frozenset[str]) -> dict[str, str]:
    """What a wind cell may say (compared as ``simple``) -> the wind, in a file of ``languages``: "O" is West in a
    French file, East in any other."""
    french = languages == {"fr"}
    order = ("fr", "en", "nl", "de") if french else ("en", "nl", "de", "fr")
    found: dict[str, str] = {}
    for language in order:
        for wind, words in WIND_WORDS[language].items():
            for word in words:
                found.setdefault(simple(word), wind)
    return found


def wind_letter(wind: str, language: str | None) -> str:
    """The one letter a stored wind (E, S, W, N) is written with in ``language``'s files."""
    return WIND_WORDS[_language(language)][wind][0]


def _language(language: str | None) -> str:
    code = (language or "en").split("-")[0].lower()
    return code if code in LANGUAGES else "en"


ANY_LANGUAGE = gettext_lazy("The header names may be in English, Dutch, German or French, in any case.")


def columns_help(names: Names, language: str | None, columns=None) -> str:
    """The columns' names in ``language``, for a page's help: "Vorname, Nachname, EMA-Nummer"."""
    return ", ".join(names_in(names, language, columns))
