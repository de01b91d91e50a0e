"""How a session figure is shown on the public pages: the points, and the marks for a penalty (!), a substitute
(⇄) and a result not confirmed yet (?) with the words behind each mark, in the page's language.

A page shows thousands of figures, so ``Figures`` looks the language's separators up once (``tournament.display.numbers``
looks them up for every number) and writes a session cell's HTML directly instead of through template tags.
"""

from html import escape

from django.utils.formats import get_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from scoring.points import format_points, format_points_full
from scoring.standings import SessionLine
from scoring.table import FROM_START, MID_SESSION
from tournament.models import Penalty
from tournament.selectors.overview import Overview, PenaltyNote

PENALTY_MARK, SUBSTITUTE_MARK, UNCONFIRMED_MARK = "!", "⇄", "?"
MARK_CLASSES = {PENALTY_MARK: "penalised", SUBSTITUTE_MARK: "substituted", UNCONFIRMED_MARK: "unconfirmed"}
KIND_LABELS = dict(Penalty.KIND_CHOICES)
EMPTY_CELL = '<td class="points session"></td>'


class Figures:
    """Points in the active language, as tournament.display.numbers writes them: '+23.4' / '+23,4', '41,200' / '41.200'."""

    def __init__(self):
        self.marks = str.maketrans(
            {".": get_format("DECIMAL_SEPARATOR"), ",": get_format("THOUSAND_SEPARATOR")}
        )

    def points(self, value: int | None) -> str:
        return format_points(value).translate(self.marks)

    def points_full(self, value: int | None, *, sign: bool = True) -> str:
        return format_points_full(value, sign=sign).translate(self.marks)

    def penalty_text(self, note: PenaltyNote) -> str:
        """'Chombo: -20.0', 'Lateness (4 min): -4.0', 'Warning'."""
        label = capfirst(str(KIND_LABELS.get(note.kind, note.kind)))
        if note.minutes:
            label = _("%(kind)s (%(minutes)s min)") % {"kind": label, "minutes": note.minutes}
        if note.points:
            return f"{label}: {self.points(-note.points)}"
        return label

    def notes(self, overview: Overview, registration_id: int, line: SessionLine) -> list[tuple[str, str]]:
        """(mark, words) for everything behind one session figure, penalties first."""
        found = [
            (PENALTY_MARK, self.penalty_text(note))
            for note in overview.penalties.get((registration_id, line.session), ())
        ]
        if line.substitute:
            name = overview.substitute_names.get((registration_id, line.session), "")
            found.append((SUBSTITUTE_MARK, substitute_text(line.substitute, name)))
        if (line.session, line.table) in overview.unconfirmed:
            found.append((UNCONFIRMED_MARK, _("Not confirmed yet")))
        return found

    def session_cell(self, overview: Overview, registration_id: int, line: SessionLine | None) -> str:
        """The HTML of the <td> of one session figure (escaped: the caller marks the joined row safe once); a
        marked one opens its words on a tap (details) or a hover (title)."""
        if line is None:
            return EMPTY_CELL
        text = self.points(line.total)
        plain = (
            not line.substitute
            and (registration_id, line.session) not in overview.penalties
            and (line.session, line.table) not in overview.unconfirmed
        )
        if plain:  # most cells: nothing behind the figure
            return f'<td class="points session">{escape(text)}</td>'
        return marked_cell(text, self.notes(overview, registration_id, line))


def marked_cell(text: str, found: list[tuple[str, str]]) -> SafeString:
    marks = "".join(dict.fromkeys(mark for mark, _words in found))
    return format_html(
        '<td class="points session {}"><details class="note"><summary title="{}">{}<span class="marks">{}</span>'
        '</summary><span class="pop">{}</span></details></td>',
        " ".join(MARK_CLASSES[mark] for mark in marks),
        "; ".join(words for _mark, words in found),
        text,
        marks,
        format_html_join("", "<span>{}</span>", ((words,) for _mark, words in found)),
    )


def substitute_text(kind: str, name: str) -> str:
    if kind == FROM_START:
        text = _("Substitute from the start")
    elif kind == MID_SESSION:
        text = _("Substitute during the session")
    else:
        return ""
    return f"{text}: {name}" if name else text
