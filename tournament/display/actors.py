"""Who made a change when it was not a login: the command line, the players of a table through the score
sheet's printed link, or a player checking in through their schedule card's link. The name is stored in English (audit log, "entered by"), so one actor has one name whatever
the language of the phone it used, and ``shown`` gives it in the reader's language. A login name never holds a
space (Django's user names are letters, digits and @.+-_), so it is never mistaken for one of these."""

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

COMMAND_LINE = gettext_noop("command line")
THE_PLAYER = gettext_noop("the player")
PLAYERS_OF_TABLE = gettext_noop("players of table %(table)s")
_PLAYERS_STORED = re.compile(re.escape(PLAYERS_OF_TABLE).replace(re.escape("%(table)s"), r"(\d+)"))


def players_of_table(number: int) -> str:
    """The stored name of the players of table ``number``."""
    return PLAYERS_OF_TABLE % {"table": number}


def shown(label: str) -> str:
    """A stored actor's name as the reader reads it; a login name stays as it is."""
    if label in (COMMAND_LINE, THE_PLAYER):
        return _(label)
    match = _PLAYERS_STORED.fullmatch(label)
    if match is not None:
        return _(PLAYERS_OF_TABLE) % {"table": int(match[1])}
    return label
