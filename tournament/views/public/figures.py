"""How a session figure is shown on the public pages: the points, and the marks for a penalty (!), a substitute
(⇄) and a result not confirmed yet (?) with the words behind each mark, in the page's language."""

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from scoring.standings import SessionLine
from scoring.table import FROM_START, MID_SESSION
from tournament.models import Penalty
from tournament.numbers import points
from tournament.selectors.overview import Overview, PenaltyNote

PENALTY_MARK, SUBSTITUTE_MARK, UNCONFIRMED_MARK = "!", "⇄", "?"
KIND_LABELS = dict(Penalty.KIND_CHOICES)


def penalty_text(note: PenaltyNote) -> str:
    """'Chombo: -20.0', 'Lateness (4 min): -4.0', 'Warning'."""
    label = capfirst(str(KIND_LABELS.get(note.kind, note.kind)))
    if note.minutes:
        label = _("%(kind)s (%(minutes)s min)") % {"kind": label, "minutes": note.minutes}
    if note.points:
        return f"{label}: {points(-note.points)}"
    return label


def substitute_text(kind: str, name: str) -> str:
    if kind == FROM_START:
        text = _("Substitute from the start")
    elif kind == MID_SESSION:
        text = _("Substitute during the session")
    else:
        return ""
    return f"{text}: {name}" if name else text


def notes(overview: Overview, registration_id: int, line: SessionLine) -> list[tuple[str, str]]:
    """(mark, words) for everything behind one session figure, penalties first."""
    found = [
        (PENALTY_MARK, penalty_text(note))
        for note in overview.penalties.get((registration_id, line.session), ())
    ]
    if line.substitute:
        name = overview.substitute_names.get((registration_id, line.session), "")
        found.append((SUBSTITUTE_MARK, substitute_text(line.substitute, name)))
    if (line.session, line.table) in overview.unconfirmed:
        found.append((UNCONFIRMED_MARK, _("Not confirmed yet")))
    return found


def cell(overview: Overview, registration_id: int, line: SessionLine | None) -> dict:
    """A session figure for a template: text, marks, the words behind them, a CSS class per kind of mark."""
    if line is None:
        return {"text": "", "notes": None}
    found = notes(overview, registration_id, line)
    if not found:
        return {"text": points(line.total), "notes": None}
    marks = "".join(dict.fromkeys(mark for mark, _words in found))
    css = "".join(f" {MARK_CLASSES[mark]}" for mark in marks)
    return {
        "text": points(line.total),
        "marks": marks,
        "notes": [words for _mark, words in found],
        "title": "; ".join(words for _mark, words in found),
        "css": css,
    }


MARK_CLASSES = {PENALTY_MARK: "penalised", SUBSTITUTE_MARK: "substituted", UNCONFIRMED_MARK: "unconfirmed"}
