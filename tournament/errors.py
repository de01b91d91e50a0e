from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.errors import ScoringError
from tournament.display import numbers
from tournament.logs import refusals

SCORING_MESSAGES = {
    "table_sum": gettext_lazy(
        "%(where)s: the scores add up to %(total)s, they must add up to %(expected)s (off by %(difference)s)"
    ),
    "score_unit": gettext_lazy("%(where)s, seat %(wind)s: %(raw)s is not a multiple of %(unit)s"),
    "winds": gettext_lazy("%(where)s: the seats must have the four winds E, S, W, N once each"),
    "same_player": gettext_lazy("%(where)s: a player has more than one seat at the table"),
    "lateness_over_limit": gettext_lazy(
        "%(where)s: %(minutes)s minutes late is more than %(limit)s; this is not a penalty: the player is replaced "
        "by a substitute from the start of the session (5.7). Enter the seat as substituted from the start instead."
    ),
    "lateness_minutes": gettext_lazy("%(where)s: lateness needs the minutes late, 1 or more"),
    "obstruction_points": gettext_lazy(
        "%(where)s: obstruction is 8,000 or 12,000 points, or 12,000 to 48,000 in serious or repeated cases (5.5)"
    ),
    "penalty_reason": gettext_lazy("%(where)s: this penalty needs a reason"),
    "no_fan": gettext_lazy("A winning hand has at least 1 fan (4.1)."),
    "missing_fu": gettext_lazy("Choose the minipoints: a hand of %(fan)s fan needs them."),
    "impossible_fu": gettext_lazy(
        "%(fu)s minipoints are not possible with %(fan)s fan here: 20 only on a self-drawn pinfu of 2 fan or more, "
        "25 (seven pairs) only with 2 fan or more, 3 when self-drawn (4.1, section 6)."
    ),
    "player_count": gettext_lazy(
        "%(players)s players are active or disqualified, but the seating needs a multiple of 4: register "
        "%(missing)s more or withdraw %(extra)s."
    ),
    "renhou_dealer": gettext_lazy(
        "Blessing of Man is never East's: East discards first, so East has had a turn before any discard he "
        "could win on (4.2.4). East winning on the first go-around wins on his own deal, self-drawn: Blessing of "
        "Heaven (4.2.5)."
    ),
}


class DomainError(Exception):
    """A refused change. ``code`` is stable (tests, API); ``message`` is translated and says what and where.

    Made while serving a request, it is noted for the refused-action log (``tournament.logs.refusals``); code that
    catches one only to ask a question calls ``refusals.withdraw(error)``."""

    def __init__(self, code: str, message: str, **params):
        super().__init__(message)
        self.code = code
        self.message = str(message)
        self.params = params
        refusals.note_domain_error(self)

    def __str__(self) -> str:
        return self.message

    @classmethod
    def from_scoring(cls, error: ScoringError) -> "DomainError":
        return cls(error.code, scoring_message(error), **error.params)


def scoring_message(error: ScoringError) -> str:
    """The rules engine's refusal in the reader's language (SCORING_MESSAGES), or its English message."""
    template = SCORING_MESSAGES.get(error.code)
    params = _display_params(error.params)
    try:
        return str(template) % params if template else error.message
    except (KeyError, ValueError):
        return error.message


def _display_params(params: dict) -> dict:
    """Numbers as the page shows them, in the reader's language (tournament.display.numbers: 110,000 or 110.000)."""
    shown = {
        key: numbers.points_full(value, sign=False)
        if isinstance(value, int) and not isinstance(value, bool)
        else value
        for key, value in params.items()
    }
    if "total" in params and "expected" in params:
        shown["difference"] = numbers.points_full(params["total"] - params["expected"])
    shown.setdefault("where", _("table"))
    return shown
