"""Seating lists of a session: table stands (two per page, to stand on each table) and the wall list
(alphabetical by player, with table and wind, large enough to read from a few metres)."""

from typing import NamedTuple

from django.utils.translation import gettext_lazy

from tournament.display.names import full_name, name_sort_key, split_surname
from tournament.display.winds import WIND_KANJI
from tournament.models import Seat, Session
from tournament.printing.documents import Document, chunks, register, session_tables

STANDS_PER_PAGE = 2  # table stands: half an A4 each
WALL_ROWS_PER_COLUMN = 25
WALL_COLUMNS = 2
WALL_LONG_NAME = 20  # characters of "surname, given" that fit one line at the list's size


@register
class SeatingByTable(Document):
    identifier = "seating-by-table"
    name = gettext_lazy("Seating by table (table stands)")
    template = "print/seating_by_table.html"
    options = ("session",)
    needs_session = True
    pages_stand_alone = True

    def context(self) -> dict:
        return {"session": self.session, "pages": chunks(session_tables(self.session), STANDS_PER_PAGE)}


class WallLine(NamedTuple):
    first_name: str
    last_name: str
    table: int
    wind: str
    kanji: str
    substitute: str = ""  # who plays this player's seat from the start (5.8)
    substitutes_for: str = ""  # on a substitute's own line: the player whose seat they play

    @property
    def surname(self) -> str:
        """The part of the last name the list is sorted by: 'Berg' for 'van den Berg'."""
        return split_surname(self.last_name)[1]

    @property
    def given(self) -> str:
        """What follows the comma: 'Joris van den' for Joris van den Berg."""
        return " ".join(part for part in (self.first_name, split_surname(self.last_name)[0]) if part)

    @property
    def long(self) -> bool:
        """A name printed smaller, on up to two lines in the row's height (a 40-character name is whole)."""
        return len(self.surname) + len(self.given) > WALL_LONG_NAME


@register
class SeatingByName(Document):
    """Every player by name, and every substitute from the start under their own name too ("for ..."), so a
    reserve or a guest finds their table on the wall (5.8)."""

    identifier = "seating-by-name"
    name = gettext_lazy("Seating by name (wall list)")
    template = "print/seating_by_name.html"
    options = ("session",)
    needs_session = True

    def context(self) -> dict:
        lines = [
            WallLine(seat.first_name, seat.last_name, table.number, seat.wind, seat.kanji, seat.substitute)
            for table in session_tables(self.session)
            for seat in table.seats
        ]
        lines += substitute_lines(self.session)
        lines.sort(key=lambda line: name_sort_key(line.last_name, line.first_name))
        pages = [
            chunks(page, WALL_ROWS_PER_COLUMN) for page in chunks(lines, WALL_ROWS_PER_COLUMN * WALL_COLUMNS)
        ]
        return {"session": self.session, "pages": pages}


def substitute_lines(session: Session) -> list[WallLine]:
    """A line under each substitute's own name: a reserve by their registered name, a guest by the name as typed
    (sorted by its first letter, since a typed name has no known surname)."""
    seats = (
        Seat.objects.filter(session=session)
        .exclude(substitute_reserve=None, substitute_guest="")
        .select_related("table", "registration__player", "substitute_reserve__player")
    )
    lines = []
    for seat in seats:
        reserve = seat.substitute_reserve.player if seat.substitute_reserve_id else None
        first, last = (reserve.first_name, reserve.last_name) if reserve else ("", seat.substitute_guest)
        player = seat.registration.player
        lines.append(
            WallLine(
                first,
                last,
                seat.table.number,
                seat.wind,
                WIND_KANJI[seat.wind],
                substitutes_for=full_name(player.first_name, player.last_name),
            )
        )
    return lines
