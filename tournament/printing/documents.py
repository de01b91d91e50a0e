"""The printed documents, as a small registry like the exporters: each has an identifier, a name, one template
and the context it renders. The HTML preview and the PDF come from the same ``html()``, so they never drift.

This module holds the registry, the base class and the seating reader the documents share; the documents are
score_sheets.py, seating_lists.py, schedule_cards.py and standings_document.py (tournament.printing imports them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, NamedTuple

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from tournament.display.names import full_name, seat_name
from tournament.display.public_url import absolute
from tournament.display.seats import seat_holder
from tournament.display.winds import WIND_KANJI
from tournament.models import Session, Tournament
from tournament.printing.pdf import check_static_files, laid_out, written
from tournament.selectors.seating import session_tables as seated_tables

if TYPE_CHECKING:  # WeasyPrint is loaded only to print (pdf._engine)
    from weasyprint.document import Document as WeasyDocument
    from weasyprint.text.fonts import FontConfiguration

_REGISTRY: dict[str, type[Document]] = {}


class DocumentRequestError(ValueError):
    """An unknown document, a missing or unknown session, or an option the document does not take."""


class SeatLine(NamedTuple):
    wind: str
    kanji: str
    first_name: str
    last_name: str
    ema_id: str  # of who plays the seat: the player, or the reserve in their place; "" for a guest
    country: str  # likewise (tournament.display.seats)
    substitute: str = ""  # who plays the seat from the start in the player's place (5.8)

    @property
    def name(self) -> str:
        """'Anna de Vries', 'Jan Jansen (for Anna de Vries)': on one line, where there is room."""
        return seat_name(self.player_name, self.substitute)

    @property
    def player_name(self) -> str:
        return full_name(self.first_name, self.last_name)

    @property
    def plays(self) -> str:
        """Who plays the seat: the player, or the substitute (paper prints "for <player>" under it, in smaller
        type: print/_seat_name.html)."""
        return self.substitute or self.player_name


class TableSeating(NamedTuple):
    number: int | None
    seats: tuple[SeatLine, ...]


def register(document: type[Document]) -> type[Document]:
    _REGISTRY[document.identifier] = document
    return document


def registered() -> list[type[Document]]:
    return list(_REGISTRY.values())


def print_language(tournament: Tournament, language: str | None = None) -> str:
    """The language a document is printed in: the one asked for (one of settings.LANGUAGES), else the active language
    (the organiser's page; the worker runs in the asker's; the command line's is English). The exports page offers
    the tournament's own language first (views.organise.exports). An unknown code is a DocumentRequestError."""
    known = [code for code, _name in settings.LANGUAGES]
    if language and language not in known:
        raise DocumentRequestError(f"unknown language {language!r} (known: {', '.join(known)})")
    return language or translation.get_language()


def get_document(identifier: str) -> type[Document]:
    try:
        return _REGISTRY[identifier]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise DocumentRequestError(f"unknown document {identifier!r} (known: {known})") from None


class Document:
    identifier: ClassVar[str]
    name: ClassVar[str]
    template: ClassVar[str]
    options: ClassVar[tuple[str, ...]] = ()
    needs_session: ClassVar[bool] = False
    # each page section is a page of its own with no page number: a pack may lay it out a few pages at a time
    pages_stand_alone: ClassVar[bool] = False
    # the scheme and host for addresses printed as QR codes; the web view sets the request's (public_url)
    public_base: str | None = None

    def __init__(self, tournament: Tournament, *, language: str | None = None, **given):
        self.tournament = tournament
        self.language = print_language(tournament, language)  # every word and number printed is in it
        given = {key: value for key, value in given.items() if value not in (None, False)}
        refused = sorted(set(given) - set(self.options))
        if refused:
            raise DocumentRequestError(f"the document {self.identifier} does not take {', '.join(refused)}")
        if self.needs_session and "session" not in given:
            raise DocumentRequestError(f"the document {self.identifier} needs a session number")
        self.given = given
        self.session = self._session(given["session"]) if "session" in given else None

    def _session(self, number: int) -> Session:
        session = self.tournament.sessions.filter(number=number).first()
        if session is None:
            raise DocumentRequestError(f"{self.tournament.slug} has no session {number}")
        return session

    def filename(self) -> str:
        which = f"-session-{self.session.number}" if self.session else ""
        return f"{self.tournament.slug}-{self.identifier}{which}.pdf"

    def context(self) -> dict:
        raise NotImplementedError

    def absolute_url(self, path: str) -> str:
        return absolute(path, self.public_base)

    def html(self, *, embedded: bool = False) -> str:
        """The document's HTML page; ``embedded``: only its style and its pages, to be put inside another
        document's page (print/base.html leaves out the rest)."""
        check_static_files()
        with self.printing():
            context = {"tournament": self.tournament, "embedded": embedded, **self.context()}
            return render_to_string(self.template, context)

    def printing(self) -> translation.override:
        """Inside it, words, dates and numbers are those of the document's language, whatever the reader's."""
        return translation.override(self.language)

    def laid_out(self, font_config: FontConfiguration | None = None) -> WeasyDocument:
        """The pages as WeasyPrint lays them out (joined with other documents' pages by a pack)."""
        return laid_out(self.html(), font_config)

    def pdf(self) -> bytes:
        return written(self.laid_out())


def session_tables(session: Session) -> list[TableSeating]:
    """The seating of a session, table by table, seats in the order E, S, W, N, substitutes named (5.8)."""
    return [
        TableSeating(
            table["number"],
            tuple(seated(seat) for seat in table["seats"]),
        )
        for table in seated_tables(session)
    ]


def seated(seat) -> SeatLine:
    """A seat as printed: the registered player's name, and who plays it with their own country and EMA number (a
    reserve's, none for a guest: tournament.display.seats.seat_holder, the one home)."""
    holder = seat_holder(seat)
    player = seat.registration.player
    return SeatLine(
        seat.wind,
        WIND_KANJI.get(seat.wind, ""),
        player.first_name,
        player.last_name,
        holder.ema_id,
        holder.country,
        holder.substitute,
    )


def seat_line(wind: str, player, substitute: str = "") -> SeatLine:
    """A player at a seat (and who substitutes for them); with no wind, just the player (schedule cards)."""
    return SeatLine(
        wind,
        WIND_KANJI.get(wind, ""),
        player.first_name,
        player.last_name,
        player.ema_id or "",
        player.country,
        substitute,
    )


def chunks(items: list, size: int) -> list[list]:
    return [items[start : start + size] for start in range(0, len(items), size)]
