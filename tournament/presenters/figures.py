"""How a session figure is shown on the public pages: the points (tournament.display.numbers, the one formatter),
and the marks for a penalty (!), a substitute (⇄) and a result not confirmed yet (?) with the words behind each
mark, in the page's language. The HTML is in templates (templates/public/_figure.html for a marked figure),
which escape it; a figure is plain data in the shapes templates read fastest (a pair, a dict with every key the
template asks for: a missing key costs the template three exceptions).
"""

from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.standings import SessionLine
from scoring.table import FROM_START, MID_SESSION
from tournament.display.numbers import points
from tournament.display.sentences import labelled
from tournament.models import Penalty
from tournament.selectors.overview import Overview, PenaltyNote

PENALTY_MARK, SUBSTITUTE_MARK, UNCONFIRMED_MARK = "!", "⇄", "?"
MARK_CLASSES = {PENALTY_MARK: "penalised", SUBSTITUTE_MARK: "substituted", UNCONFIRMED_MARK: "unconfirmed"}
KIND_LABELS = dict(Penalty.KIND_CHOICES)


def penalty_text(note: PenaltyNote, *, language: str | None = None) -> str:
    """'Chombo: -20.0', 'Lateness (4 min): -4.0', 'Warning'."""
    label = capfirst(str(KIND_LABELS.get(note.kind, note.kind)))
    if note.minutes:
        label = _("%(kind)s (%(minutes)s min)") % {"kind": label, "minutes": note.minutes}
    if note.points:
        return labelled(label, points(-note.points, language=language))
    return label


def substitute_text(kind: str, name: str) -> str:
    if kind == FROM_START:
        text = _("Substitute from the start")
    elif kind == MID_SESSION:
        text = _("Substitute during the session")
    else:
        return ""
    return labelled(text, name) if name else text


def marked(text: str, found: list[tuple[str, str]], cell: str = "points session") -> dict:
    """A figure with its marks, as templates/public/_figure.html shows it: ``found`` is (mark, words) for
    everything behind it; ``cell`` the <td>'s own classes (a mark adds its own)."""
    marks = "".join(dict.fromkeys(mark for mark, _words in found))
    return {
        "text": text,
        "marks": marks,
        "classes": " ".join([cell, *(MARK_CLASSES[mark] for mark in marks)]),
        "notes": [words for _mark, words in found],
        "title": "; ".join(words for _mark, words in found),
    }


class SessionFigures:
    """The session figures of one page: the page's language is asked once, not for each of thousands of figures."""

    def __init__(self, overview: Overview):
        self.overview, self.language = overview, get_language()

    def points(self, value: int | None) -> str:
        return points(value, language=self.language)

    def figure(self, registration_id: int, line: SessionLine | None) -> tuple[str, dict | None]:
        """The player's figure of one session ('' when nothing that session) and, when something is behind it,
        the figure with its marks (``marked``), else None."""
        if line is None:
            return "", None
        text, view = self.points(line.total), self.overview
        plain = (
            not line.substitute
            and (registration_id, line.session) not in view.penalties
            and (line.session, line.table) not in view.unconfirmed
        )
        if plain:  # most figures: nothing behind them
            return text, None
        return text, marked(text, self.notes(registration_id, line))

    def notes(self, registration_id: int, line: SessionLine) -> list[tuple[str, str]]:
        """(mark, words) for everything behind one session figure, penalties first."""
        view = self.overview
        found = [
            (PENALTY_MARK, penalty_text(note, language=self.language))
            for note in view.penalties.get((registration_id, line.session), ())
        ]
        if line.substitute:
            name = view.substitute_names.get((registration_id, line.session), "")
            found.append((SUBSTITUTE_MARK, substitute_text(line.substitute, name)))
        if (line.session, line.table) in view.unconfirmed:
            found.append((UNCONFIRMED_MARK, _("Not confirmed yet")))
        return found
