"""The one reader of whole numbers sent in a request (and of a language code, ``?language=``, and a day, ``?on=``): query parameters (``?poll=``, ``?page=``, ``?per_page=``,
``?after=``, ``?session=``) and the numbers a form posts outside a Django form (an id, a session, a count).

A number is plain ASCII digits, with a minus sign only where the range goes below zero, and inside its range; the
rest (``²``, ``１``, ``-1`` where counting starts at 1, 5,000 digits, ``1e3``, `` 2``) is refused with
``BadParameter``: a 400 whose page says which parameter and what it takes, in the reader's language, logged as a
refusal (``bad_request``, ``tournament.logs.refusals``). An empty or absent parameter is the default. A session the
tournament does not have is a 404 for a page that shows it and a 400 for an action on it (``unknown=``).
"""

import re
from datetime import date

from django.conf import settings
from django.core.exceptions import BadRequest
from django.http import Http404
from django.utils.translation import gettext as _

from scoring.limits import MAX_PAGE, MAX_PLAYERS, MAX_SESSIONS
from tournament.models import Tournament
from tournament.selectors.progress import session_numbers

# ASCII digits only; 18 of them hold every bound and stay far from int()'s limit
_WHOLE = re.compile(r"-?[0-9]{1,18}")


class BadParameter(BadRequest):
    """A request parameter that is not what its page takes: a 400 that shows the message (views.errors)."""


def whole_number(text: str) -> int | None:
    """``text`` as a whole number when it is one written in plain ASCII digits (an optional minus), else None."""
    return int(text) if _WHOLE.fullmatch(text) else None


def int_param(data, name: str, *, low: int, high: int, default: int | None = None) -> int | None:
    """The whole number ``data[name]`` (``request.GET`` or ``request.POST``) from ``low`` to ``high``."""
    value = data.get(name, "")
    if value == "":
        return default
    number = whole_number(value) if isinstance(value, str) else None
    if number is None or not low <= number <= high:
        raise BadParameter(
            _("%(name)s must be a whole number from %(low)s to %(high)s.")
            % {"name": name, "low": low, "high": high}
        )
    return number


def page_param(data) -> int:
    """``?page=``: a page of a long list, from 1 (a number past the last page shows the last page)."""
    return int_param(data, "page", low=1, high=MAX_PAGE, default=1)


def per_page_param(data, default: int) -> int:
    """``?per_page=``: rows on a page of a list of players (at most every player of the largest tournament)."""
    return int_param(data, "per_page", low=1, high=MAX_PLAYERS, default=default)


def session_number_param(data, name: str) -> int | None:
    """A session number ``data[name]`` (1 to MAX_SESSIONS), or None when absent or empty, not yet checked against
    the tournament's sessions (``session_param`` does both)."""
    return int_param(data, name, low=1, high=MAX_SESSIONS)


def session_param(data, tournament: Tournament, name: str, *, unknown=Http404) -> int | None:
    """The session number ``data[name]``, or None when the parameter is absent or empty; a session the tournament
    does not have raises ``unknown`` (Http404 for a page, BadParameter for an action)."""
    number = session_number_param(data, name)
    if number is not None and number not in session_numbers(tournament):
        raise unknown(
            _("%(name)s: this tournament has no session %(number)s.") % {"name": name, "number": number}
        )
    return number


def language_param(data, name: str = "language") -> str | None:
    """``?language=``: one of the site's languages (settings.LANGUAGES, e.g. a document's printing language), or
    None when absent or empty."""
    value = data.get(name, "")
    if value == "":
        return None
    known = [code for code, _name in settings.LANGUAGES]
    if value not in known:
        raise BadParameter(
            _("%(name)s must be one of: %(choices)s.") % {"name": name, "choices": ", ".join(known)}
        )
    return value


_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def date_param(data, name: str) -> date | None:
    """A day ``data[name]`` written as machines write it, ``2026-11-29`` (ISO 8601, ASCII digits), or None when
    absent or empty; anything else (``29.11.2026``, ``2026-02-30``) is a 400 naming the parameter."""
    value = data.get(name, "")
    if value == "":
        return None
    try:
        if isinstance(value, str) and _DAY.fullmatch(value):
            return date.fromisoformat(value)
    except ValueError:
        pass
    raise BadParameter(_("%(name)s must be a date written YYYY-MM-DD.") % {"name": name})
