"""How a refusal's parameters read in its sentence, and how the sentence is made from its template.

Parameters are shown in the reader's language: amounts through tournament.display.numbers (110,000 or 110.000), a
seat by its wind's name (East, Oost), a round by its wind's letter (E2, O2), a penalty by its kind's name, how far a
total is off its expected sum in words (``off``: "1,000 too many"), and the lower end of a limit either way
(``lowest``: "−1,000,000"). Numbers that name something (hand 3, session 2) are never grouped.
"""

from typing import NamedTuple

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from tournament.display import numbers
from tournament.display.hand_words import round_label
from tournament.display.sentences import sentence
from tournament.display.winds import WIND_NAMES
from tournament.models.results import PENALTY_KIND_LABELS


class Plural(NamedTuple):
    """A sentence with a singular and a plural (``ngettext_lazy(singular, plural)``), chosen by the parameter
    ``count`` names."""

    text: Promise
    count: str = "count"


# How far a sum is off, as a person says it (the amount is never signed): "1,000 too many", "1,000 short".
SUM_OFF = {
    "over": gettext_lazy("%(amount)s too many"),
    "under": gettext_lazy("%(amount)s short"),
}
# Put in front of a sentence that does not name them itself: the place (a table, a session) and the hand.
AT_PLACE = gettext_lazy("%(where)s: %(message)s")
AT_HAND = gettext_lazy("hand %(hand)s: %(message)s")
# Numbers that name something (hand 3, session 2, table 12, player 7, EMA number 12345678) rather than count it:
# never grouped.
_NAMES = frozenset(
    {
        "hand",
        "last",
        "session",
        "table",
        "first",
        "second",
        "player",
        "highest",
        "number",
        "ema_id",
        "key",
        "line",
    }
)


def made(entry, params: dict) -> str:
    """The sentence of a table entry made from ``params``; KeyError for a parameter it lacks.

    The place (``where``) and the hand (``hand``) go in front when the sentence does not name them itself. The
    sentence starts with a capital (``tournament.display.sentences.sentence``), the place too ("Session 6, table 2:
    ..."), unless it starts with another value (a rule's parameter name, a rule set's key, a person's name)."""
    template = str(entry.text % params[entry.count]) if isinstance(entry, Plural) else str(entry)
    shown = display_params(params)
    text, capital = template % shown, template.startswith("%(where)s") or not template.startswith("%(")
    if "hand" in params and "%(hand)s" not in template:
        text, capital = str(AT_HAND) % {"hand": shown["hand"], "message": text}, True
    if "where" in params and "%(where)s" not in template:
        text, capital = str(AT_PLACE) % {"where": shown["where"], "message": text}, True
    return sentence(text) if capital else text


def display_params(params: dict) -> dict:
    """Parameters as the page shows them in the reader's language (see the module)."""
    shown = {key: _shown(key, value) for key, value in params.items()}
    if "total" in params and "expected" in params:
        shown["off"] = _off(params["total"] - params["expected"])
    if isinstance(params.get("limit"), int):  # a limit either way: "from −1,000,000 to 1,000,000"
        shown["lowest"] = numbers.whole(-params["limit"])
    return shown


def _off(difference: int) -> str:
    amount = numbers.whole(abs(difference))
    return str(SUM_OFF["over" if difference > 0 else "under"]) % {"amount": amount}


def _shown(key: str, value):
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value) if key in _NAMES else numbers.whole(value)
    if not isinstance(value, str):
        return value
    if key in ("seat", "wind") and value in WIND_NAMES:
        return WIND_NAMES[value]
    if key == "round":
        return round_label(value)
    return PENALTY_KIND_LABELS.get(value, value) if key == "penalty" else value
