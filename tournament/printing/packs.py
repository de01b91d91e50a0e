"""Packs: everything a session needs on paper, or every session of a day, as one PDF: for each session its score
sheets, table stands and wall list, in that order. A pack makes no page of its own: each part is the registered
document itself (score_sheets.py, seating_lists.py), laid out on its own and its pages joined, so every page is
exactly what that document prints alone, each part starts on a new page and names its session in its heading. The
HTML preview is the parts' pages one after another (print/pack.html).

The PDF is made part by part (``pdf``): each part is laid out with the one font configuration, written, and its
layout let go before the next, and the parts' PDFs are joined (pdf.joined_pdfs); a part whose pages stand alone (the
score sheets, the table stands) is laid out PACK_CHUNK_PAGES pages at a time. So a day of 400 players (12 parts, 632
pages) never holds more than 25 pages' layout. As it goes it tells ``progress`` which part it is at and
how many pages are done out of the total (tournament.services.jobs.Progress writes it on the job's row)."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Protocol

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.limits import PACK_CHUNK_PAGES
from tournament.display import dates
from tournament.models import Session
from tournament.printing.documents import Document, DocumentRequestError, get_document, register
from tournament.printing.pdf import (
    in_chunks,
    joined,
    joined_pdfs,
    laid_out,
    planned_pages,
    vendored_fonts,
    written,
)
from tournament.selectors.days import session_days, sessions_on

if TYPE_CHECKING:  # WeasyPrint is loaded only to print (pdf._engine)
    from weasyprint.document import Document as WeasyDocument
    from weasyprint.text.fonts import FontConfiguration

PARTS = ("score-sheets", "seating-by-table", "seating-by-name")  # per session, in this order
PACK_NAME = gettext_lazy("Score sheets, table stands and wall list")


class PageProgress(Protocol):
    """What a pack tells as it goes: the stage ("prepare": its HTML, before the total is known; "layout", "pdf",
    "join"), the pages done (written) out of the total (0 of 0 while preparing), and the part: {"document":
    identifier, "session": number, "part": 1.., "parts": count} ({} when joining). The total is what the parts'
    HTML asks for until each part is laid out, then its real count."""

    def pages(self, stage: str, done: int, total: int, part: dict) -> None: ...


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

    def pdf(self, progress: PageProgress | None = None) -> bytes:
        """The parts laid out and written one at a time (a document whose pages stand alone PACK_CHUNK_PAGES pages
        at a time), with one font configuration for all, then joined."""
        fonts = vendored_fonts()
        parts = self.parts()
        pages = []  # the HTML first: its page sections give the total from the start
        for index, part in enumerate(parts):
            _tell(progress, "prepare", 0, 0, _where(part, index, parts))  # no total yet
            pages.append(part.html())
        counts = [planned_pages(html) for html in pages]
        done, written_parts = 0, []
        for index, part in enumerate(parts):
            where = _where(part, index, parts)
            size = PACK_CHUNK_PAGES if part.pages_stand_alone else None
            chunks, pages[index] = in_chunks(pages[index], size), None  # the part's HTML only in its chunks
            for chunk in chunks:
                _tell(progress, "layout", done, sum(counts), where)
                document = laid_out(chunk, fonts)
                counts[index] += len(document.pages) - planned_pages(chunk)  # what the layout really made
                _tell(progress, "pdf", done, sum(counts), where)
                written_parts.append(written(document))
                done += len(document.pages)
                del document  # one chunk's layout at a time
        _tell(progress, "join", done, done, {})
        with self.printing():
            title = f"{self.title()} · {self.tournament.name}"
        return joined_pdfs(written_parts, title)


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


def _where(part: Document, index: int, parts: list[Document]) -> dict:
    return {
        "document": part.identifier,
        "session": part.session.number,
        "part": index + 1,
        "parts": len(parts),
    }


def _tell(progress: PageProgress | None, stage: str, done: int, total: int, part: dict) -> None:
    if progress is not None:
        progress.pages(stage, done, total, part)


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
