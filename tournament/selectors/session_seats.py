"""Who sits where in one session, as plain tuples for the public session page (one query; the seating pages
that work with the rows use selectors.seating.session_tables)."""

from typing import NamedTuple

from tournament.display.names import full_name
from tournament.models import Seat


class SeatLine(NamedTuple):
    table: int
    wind: str
    registration_id: int
    key: str
    first_name: str
    last_name: str
    substitute: str = ""  # who plays the seat from the start in the player's place (5.8)
    substitute_first: str = ""  # the substitute's name for an alphabetical list: a reserve's registered name,
    substitute_last: str = (
        ""  # a guest's as typed (all in substitute_last: a typed name has no known surname)
    )
    substitute_key: str = ""  # a reserve's key (their own page); empty for a guest


def session_seats(session_id: int) -> dict[int, list[SeatLine]]:
    """Table number -> its seats in seat order (E, S, W, N), tables in order."""
    rows = (
        Seat.objects.filter(session_id=session_id)
        .order_by("table__number", "order")
        .values_list(
            "table__number",
            "wind",
            "registration_id",
            "registration__key",
            "registration__player__first_name",
            "registration__player__last_name",
            "substitute_guest",
            "substitute_reserve__player__first_name",
            "substitute_reserve__player__last_name",
            "substitute_reserve__key",
        )
    )
    tables: dict[int, list[SeatLine]] = {}
    for *row, guest, reserve_first, reserve_last, reserve_key in rows:
        substitute = guest or full_name(reserve_first or "", reserve_last or "")
        first, last = ("", guest) if guest else (reserve_first or "", reserve_last or "")
        tables.setdefault(row[0], []).append(
            SeatLine(*row, substitute, first, last, "" if guest else reserve_key or "")
        )
    return tables
