"""The printed documents, as a small registry like the exporters: each has an identifier, a name, one template
and the context it renders. The HTML preview and the PDF come from the same ``html()``, so they never drift.
"""

from typing import ClassVar, NamedTuple

from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from scoring.points import format_points_full
from scoring.standings import WITHDRAWN
from scoring.table import WINDS
from tournament import selectors
from tournament.exporters.standings import last_session, standings_rows
from tournament.models import Registration, Seat, Session, Tournament
from tournament.printing import score_grid
from tournament.printing.names import name_sort_key
from tournament.printing.pdf import html_to_pdf
from tournament.printing.score_grid import grid_data_uri

WIND_KANJI = {"E": "東", "S": "南", "W": "西", "N": "北"}
HAND_ROWS = 22  # a hanchan is 8 hands plus repeats; 22 rows hold a long one
ROW_HEIGHT = 7.3  # mm: room for "+12,000" written by hand
START_ROW_HEIGHT = 6
SEATS_ROW_HEIGHT = 14
STANDS_PER_PAGE = 2  # table stands: half an A4 each
WALL_ROWS_PER_COLUMN = 25
WALL_COLUMNS = 2
WIDE_STANDINGS_FROM = 9  # sessions; from this many on, the standings are printed landscape

_REGISTRY: dict[str, type["Document"]] = {}


class DocumentRequestError(ValueError):
    """An unknown document, a missing or unknown session, or an option the document does not take."""


class SeatLine(NamedTuple):
    wind: str
    kanji: str
    first_name: str
    last_name: str
    ema_id: str
    country: str

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


class TableSeating(NamedTuple):
    number: int | None
    seats: tuple[SeatLine, ...]


def register(document: type["Document"]) -> type["Document"]:
    _REGISTRY[document.identifier] = document
    return document


def registered() -> list[type["Document"]]:
    return list(_REGISTRY.values())


def get_document(identifier: str) -> type["Document"]:
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

    def __init__(self, tournament: Tournament, **given):
        self.tournament = tournament
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

    def html(self) -> str:
        return render_to_string(self.template, {"tournament": self.tournament, **self.context()})

    def pdf(self) -> bytes:
        return html_to_pdf(self.html())


def session_tables(session: Session) -> list[TableSeating]:
    """The seating of a session, table by table, seats in the order E, S, W, N."""
    seats = Seat.objects.filter(session=session).select_related("table", "registration__player")
    tables: dict[int, list[SeatLine]] = {}
    for seat in seats.order_by("table__number", "order"):
        tables.setdefault(seat.table.number, []).append(_seat_line(seat.wind, seat.registration.player))
    return [TableSeating(number, tuple(lines)) for number, lines in tables.items()]


def _seat_line(wind: str, player) -> SeatLine:
    """A player at a seat; with no wind, just the player (schedule cards)."""
    return SeatLine(
        wind,
        WIND_KANJI.get(wind, ""),
        player.first_name,
        player.last_name,
        player.ema_id or "",
        player.country,
    )


def chunks(items: list, size: int) -> list[list]:
    return [items[start : start + size] for start in range(0, len(items), size)]


def score_head_rows() -> list[score_grid.Row]:
    """The seats (name, EMA number) and the column headings."""
    return [score_grid.Row("seats", SEATS_ROW_HEIGHT, _("Seat at the start")), score_grid.Row("headings", 7)]


def score_body_rows(uma: str) -> list[score_grid.Row]:
    """The start, a row per hand, then the final rows (one box per player)."""
    row = score_grid.Row
    return [
        row("start", START_ROW_HEIGHT, _("Start")),
        *[row("hand", ROW_HEIGHT, str(hand)) for hand in range(1, HAND_ROWS + 1)],
        row("final", ROW_HEIGHT, _("Final raw points"), strong_above=True),
        row("final", ROW_HEIGHT, _("Place (1-4)")),
        row("final", ROW_HEIGHT, _("Uma"), hint=uma),
        row("final", ROW_HEIGHT, _("Penalties")),
        row("final", ROW_HEIGHT, _("Result")),
    ]


def score_headings() -> list[str]:
    left = ["#", _("Round"), _("Dealer"), _("Counters"), _("Won"), _("Dealt in")]
    return left + [pgettext("riichi declared, one letter", "R"), "±", _("Total")] * 4


@register
class ScoreSheets(Document):
    identifier = "score-sheets"
    name = gettext_lazy("Score sheets")
    template = "print/score_sheets.html"
    options = ("session", "blank")
    needs_session = True

    def filename(self) -> str:
        blank = "-blank" if self.given.get("blank") else ""
        return f"{self.tournament.slug}-score-sheets{blank}-session-{self.session.number}.pdf"

    def context(self) -> dict:
        rules = self.tournament.rules
        uma = " / ".join(format_points_full(value) for value in rules.uma)
        head, body = score_head_rows(), score_body_rows(uma)
        return {
            "session": self.session,
            "sheets": self._sheets(),
            "head": head,
            "rows": body,
            "row_heights": {row.kind: row.height for row in body},
            "headings": score_headings(),
            "grid_image": grid_data_uri(head + body),
            "columns": score_grid.COLUMNS,
            "left_width": score_grid.LEFT_WIDTH,
            "total_offset": score_grid.TOTALS[0][0]
            - score_grid.PLAYER_STARTS[0],  # the same in each player's part
            "total_width": score_grid.TOTALS[0][1],
            "starting_points": format_points_full(rules.starting_points, sign=False),
            "table_sum": format_points_full(rules.table_sum, sign=False),
            "uma": uma,
            "rules_name": rules.name,
        }

    def _sheets(self) -> list[TableSeating]:
        tables = session_tables(self.session)
        if not self.given.get("blank"):
            if not tables:
                raise DocumentRequestError(
                    f"session {self.session.number} of {self.tournament.slug} has no seating yet"
                )
            return tables
        empty = tuple(SeatLine(wind, WIND_KANJI[wind], "", "", "", "") for wind in WINDS)
        return [TableSeating(table.number, empty) for table in tables] or [TableSeating(None, empty)]


@register
class SeatingByTable(Document):
    identifier = "seating-by-table"
    name = gettext_lazy("Seating by table (table stands)")
    template = "print/seating_by_table.html"
    options = ("session",)
    needs_session = True

    def context(self) -> dict:
        return {"session": self.session, "pages": chunks(session_tables(self.session), STANDS_PER_PAGE)}


class WallLine(NamedTuple):
    first_name: str
    last_name: str
    table: int
    wind: str
    kanji: str


@register
class SeatingByName(Document):
    identifier = "seating-by-name"
    name = gettext_lazy("Seating by name (wall list)")
    template = "print/seating_by_name.html"
    options = ("session",)
    needs_session = True

    def context(self) -> dict:
        lines = [
            WallLine(seat.first_name, seat.last_name, table.number, seat.wind, seat.kanji)
            for table in session_tables(self.session)
            for seat in table.seats
        ]
        lines.sort(key=lambda line: name_sort_key(line.last_name, line.first_name))
        pages = [
            chunks(page, WALL_ROWS_PER_COLUMN) for page in chunks(lines, WALL_ROWS_PER_COLUMN * WALL_COLUMNS)
        ]
        return {"session": self.session, "pages": pages}


class CardLine(NamedTuple):
    session: Session
    table: int | None
    wind: str
    kanji: str


class ScheduleCard(NamedTuple):
    player: SeatLine  # without a wind
    lines: tuple[CardLine, ...]


@register
class ScheduleCards(Document):
    identifier = "schedule-cards"
    name = gettext_lazy("Personal schedule cards")
    template = "print/schedule_cards.html"

    def context(self) -> dict:
        sessions = list(self.tournament.sessions.all())
        per_page = 8 if len(sessions) <= 8 else 6
        return {
            "pages": [chunks(page, 2) for page in chunks(self._cards(sessions), per_page)],
            "card_class": "cards-8" if per_page == 8 else "cards-6",
        }

    def _cards(self, sessions: list[Session]) -> list[ScheduleCard]:
        seats = Seat.objects.filter(session__tournament=self.tournament).select_related("table", "session")
        where: dict[tuple[int, int], Seat] = {(seat.registration_id, seat.session_id): seat for seat in seats}
        registrations = (
            Registration.objects.filter(tournament=self.tournament)
            .exclude(status=WITHDRAWN)
            .select_related("player")
        )
        cards = []
        for registration in registrations:
            lines = tuple(
                _card_line(session, where.get((registration.pk, session.pk))) for session in sessions
            )
            cards.append(ScheduleCard(_seat_line("", registration.player), lines))
        cards.sort(key=lambda card: name_sort_key(card.player.last_name, card.player.first_name))
        return cards


def _card_line(session: Session, seat: Seat | None) -> CardLine:
    if seat is None:
        return CardLine(session, None, "", "")
    return CardLine(session, seat.table.number, seat.wind, WIND_KANJI[seat.wind])


@register
class StandingsDocument(Document):
    identifier = "standings"
    name = gettext_lazy("Standings")
    template = "print/standings.html"
    options = ("after_session",)

    def filename(self) -> str:
        after = self.given.get("after_session")
        return f"{self.tournament.slug}-standings{f'-after-session-{after}' if after else ''}.pdf"

    def context(self) -> dict:
        standings = selectors.standings(self.tournament, after_session=self.given.get("after_session"))
        shown = last_session(standings)
        sessions = range(1, shown + 1)
        rows = []
        for row in standings_rows(standings):
            by_session = {line["session"]: line["total"] for line in row["sessions"]}
            rows.append({**row, "by_session": [by_session.get(n) for n in sessions]})
        return {
            "title": self._title(shown),
            "sessions": sessions,
            "rows": rows,
            "wide": len(sessions) >= WIDE_STANDINGS_FROM,
        }

    def _title(self, shown: int) -> str:
        total = self.tournament.sessions.count()
        if "after_session" not in self.given and shown == total and total > 0 and self._complete():
            return _("Final results")
        return _("Standings after session %(number)s") % {"number": shown}

    def _complete(self) -> bool:
        return (
            not Seat.objects.filter(session__tournament=self.tournament)
            .exclude(table__results__is_current=True)
            .exists()
        )
