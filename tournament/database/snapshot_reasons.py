"""The reason of an automatic snapshot, in one fixed form: the action, the tournament's slug, then the sessions.

    reseat <slug> sessions 3-8            the seating of sessions that had one is replaced (services.seating)
    remove <slug> sessions 7-8            sessions are removed from the schedule (services.sessions)
    delete tournament <slug>              a tournament is deleted (services.tournaments, the admin)
    import_tournament --replace <slug>    a tournament is replaced by an archive (services.archive_import)

The reason is written into the snapshot's manifest (and, slugified, its file name); ``parse`` reads it back, so the
organiser's page lists the snapshots of its own tournament and says in the reader's language what each was taken
before. A reason of another form (``manage.py backup --reason``, an older snapshot) parses to None.
"""

import re
from collections.abc import Iterable
from typing import NamedTuple

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

RESEAT = "reseat"
REMOVE_SESSIONS = "remove"
DELETE_TOURNAMENT = "delete tournament"
REPLACE_TOURNAMENT = "import_tournament --replace"

DESCRIPTIONS = {
    RESEAT: ngettext_lazy(
        "before the seating of session %(sessions)s was replaced",
        "before the seating of sessions %(sessions)s was replaced",
        "count",
    ),
    REMOVE_SESSIONS: ngettext_lazy(
        "before session %(sessions)s was removed", "before sessions %(sessions)s were removed", "count"
    ),
    DELETE_TOURNAMENT: _("before the tournament was deleted"),
    REPLACE_TOURNAMENT: _("before the tournament was replaced by an imported archive"),
}
_FORM = re.compile(
    r"(?P<action>reseat|remove|delete tournament|import_tournament --replace) (?P<slug>[-a-z0-9]+)"
    r"(?: sessions (?P<sessions>[-0-9, ]+))?"
)


class Reason(NamedTuple):
    action: str
    slug: str
    sessions: str = ""

    def describe(self) -> str:
        return str(DESCRIPTIONS[self.action] % {"sessions": self.sessions, "count": len(self.numbers())})

    def numbers(self) -> list[int]:
        """The sessions named: "3-5, 7" -> [3, 4, 5, 7]."""
        numbers = []
        for run in filter(None, self.sessions.replace(" ", "").split(",")):
            first, _dash, last = run.partition("-")
            numbers.extend(range(int(first), int(last or first) + 1))
        return numbers


def reason(action: str, slug: str, sessions: Iterable[int] = ()) -> str:
    numbers = session_ranges(sessions)
    return f"{action} {slug} sessions {numbers}" if numbers else f"{action} {slug}"


def parse(text: str) -> Reason | None:
    match = _FORM.fullmatch(text)
    if match is None:
        return None
    return Reason(match["action"], match["slug"], match["sessions"] or "")


def session_ranges(numbers: Iterable[int]) -> str:
    """3, 4, 5, 7 -> "3-5, 7"."""
    runs: list[list[int]] = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)
