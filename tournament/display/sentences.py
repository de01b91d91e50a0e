"""One home for how a message reads as a sentence: it starts with a capital.

A refusal is often made from a place the caller names in the middle of sentences too ("session 6, table 2",
"Your check of session 6, table 2 is recorded."), so the place is written in lower case and the message that starts
with it is capitalised here, where the message is made (``tournament.errors``). A first word that is a code or a
name with its own capitals (``start_points``, ``ema-2016``, ``players[0]``, ``iRiichi``) is left as written.
"""

import re

from django.utils.translation import gettext as _

_PLAIN_WORD = re.compile(r"[^\W\d_]+(?=[\s,:;.!?]|$)")


def sentence(text: str) -> str:
    """``text`` with its first letter in capitals when its first word is a plain lower-case word."""
    word = _PLAIN_WORD.match(text)
    if word is None or not word.group(0).islower():
        return text
    return text[:1].upper() + text[1:]


def labelled(label, text) -> str:
    """``label: text`` in the reader's language: French puts a no-break space before the colon ("Chombo : −20,0")."""
    return _("%(label)s: %(text)s") % {"label": label, "text": text}
