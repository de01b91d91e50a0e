"""Seating lists of a session: table stands (two per page, to stand on each table) and the wall list
(alphabetical by player, with table and wind, large enough to read from a few metres)."""

from typing import NamedTuple

from django.utils.translation import gettext_lazy

from tournament.display.names import name_sort_key, split_surname
from tournament.printing.documents import Document, chunks, register, session_tables

STANDS_PER_PAGE = 2  # table stands: half an A4 each
WALL_ROWS_PER_COLUMN = 25
WALL_COLUMNS = 2


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

    @property
    def surname(self) -> str:
        """The part of the last name the list is sorted by: 'Berg' for 'van den Berg'."""
        return split_surname(self.last_name)[1]

    @property
    def given(self) -> str:
        """What follows the comma: 'Joris van den' for Joris van den Berg."""
        return " ".join(part for part in (self.first_name, split_surname(self.last_name)[0]) if part)


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
