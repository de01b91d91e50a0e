"""Packs: everything a session needs on paper, or every session of a day, as one PDF: for each session its score
sheets, table stands and wall list, in that order. A pack makes no page of its own: each part is the registered
document itself (score_sheets.py, seating_lists.py), laid out on its own and its pages joined
(pdf.joined), so every page is exactly what that document prints alone, each part starts on a new page and names
its session in its heading. The HTML preview is the parts' pages one after another (print/pack.html)."""

from datetime import date

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from weasyprint.document import Document as WeasyDocument
from weasyprint.text.fonts import FontConfiguration

from tournament.display import dates
from tournament.models import Session
from tournament.printing.documents import Document, DocumentRequestError, get_document, register
from tournament.printing.pdf import joined, vendored_fonts
from tournament.selectors.days import session_days, sessions_on

PARTS = ("score-sheets", "seating-by-table", "seating-by-name")  # per session, in this order
PACK_NAME = gettext_lazy("Score sheets, table stands and wall list")


class Pack(Document):
    template = "print/pack.html"
    name = PACK_NAME

    def sessions(self) -> list[Session]:
        raise NotImplementedError

    def title(self) -> str:
        raise NotImplementedError

    def parts(self) -> list[Document]:
        return [self._part(identifier, session) for session in self.sessions() for identifier in PARTS]

    def _part(self, identifier: str, session: Session) -> Document:
        part = get_document(identifier)(self.tournament, session=session.number, language=self.language)
        part.public_base = self.public_base
        return part

    def context(self) -> dict:
        return {"title": self.title(), "parts": [part.html(embedded=True) for part in self.parts()]}

    def laid_out(self, font_config: FontConfiguration | None = None) -> WeasyDocument:
        fonts = font_config or vendored_fonts()
        with self.printing():
            title = f"{self.title()} · {self.tournament.name}"
        return joined([part.laid_out(fonts) for part in self.parts()], title)


@register
class SessionPack(Pack):
    identifier = "session-pack"
    options = ("session",)
    needs_session = True

    def sessions(self) -> list[Session]:
        return [self.session]

    def title(self) -> str:
        return _("%(name)s, session %(number)s") % {"name": self.name, "number": self.session.number}


@register
class DayPack(Pack):
    identifier = "day-pack"
    options = ("day",)

    def __init__(self, tournament, **given):
        super().__init__(tournament, **given)
        if "day" not in self.given:
            raise DocumentRequestError(f"the document {self.identifier} needs a day (YYYY-MM-DD)")
        self.day = _day(self.given["day"])
        self._sessions = sessions_on(tournament, self.day)
        if not self._sessions:
            days = ", ".join(day.date.isoformat() for day in session_days(tournament)) or "none"
            raise DocumentRequestError(
                f"{tournament.slug} has no session on {self.day.isoformat()} (days with sessions: {days})"
            )

    def sessions(self) -> list[Session]:
        return self._sessions

    def filename(self) -> str:
        return f"{self.tournament.slug}-{self.identifier}-{self.day.isoformat()}.pdf"

    def title(self) -> str:
        return day_title(self.day)


def day_title(day: date) -> str:
    """ "Score sheets, table stands and wall list, Saturday 9 May 2026" in the reader's language."""
    return _("%(name)s, %(day)s") % {"name": PACK_NAME, "day": dates.day(day, weekday=True)}


def _day(value) -> date:
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        raise DocumentRequestError(f"the day must be a date written YYYY-MM-DD, not {value!r}") from None
