"""Query parameters that name a session (``?after=``, ``?session=``): only sessions the tournament has.

A malformed value (not 1 to 4 plain digits: ``²``, ``-1``, 5,000 digits) is a 400; a session the tournament does
not have is a 404. Nothing is built for a session that does not exist.
"""

import re

from django.core.exceptions import BadRequest
from django.http import Http404
from django.utils.translation import gettext as _

from tournament.models import Tournament
from tournament.selectors.progress import session_numbers

_NUMBER = re.compile(r"[0-9]{1,4}")


def session_param(request, tournament: Tournament, name: str) -> int | None:
    """The session number given as ``?name=``, or None when the parameter is absent or empty."""
    value = request.GET.get(name, "")
    if value == "":
        return None
    if not _NUMBER.fullmatch(value) or int(value) < 1:
        raise BadRequest(_("%(name)s must be a session number.") % {"name": name})
    number = int(value)
    if number not in session_numbers(tournament):
        raise Http404(_("This tournament has no session %(number)s.") % {"number": number})
    return number
