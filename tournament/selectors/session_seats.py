"""Who sits where in one session, as plain tuples for the public session page (one query; the seating pages
that work with the rows use selectors.seating.session_tables)."""

from typing import NamedTuple

from tournament.models import Seat


class SeatLine(NamedTuple):
    table: int
    wind: str
    registration_id: int
    key: str
    first_name: str
    last_name: str


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
        )
    )
    tables: dict[int, list[SeatLine]] = {}
    for row in rows:
        tables.setdefault(row[0], []).append(SeatLine(*row))
    return tables
