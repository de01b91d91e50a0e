"""Who sits where, as the pages show it: a session's tables, a player's schedule, withdrawn players' open seats."""

from typing import NamedTuple

from scoring.standings import RESERVE, WITHDRAWN
from tournament.models import Registration, Seat, Session, Tournament


def session_tables(session: Session) -> list[dict]:
    """The tables of a session in order, each ``{"number": n, "seats": [Seat, ...]}`` in seat order, each seat
    with its substitute (``seat.substitute_label``, shown by tournament.display.names.seat_name)."""
    tables: dict[int, list[Seat]] = {}
    seats = session.seats.select_related("table", "registration__player", "substitute_reserve__player")
    for seat in seats.order_by("table__number", "order"):
        tables.setdefault(seat.table.number, []).append(seat)
    return [{"number": number, "seats": seats} for number, seats in tables.items()]


def withdrawn_with_open_seats(tournament: Tournament, played: set[int]) -> list[Registration]:
    """Withdrawn players who still have a seat in a session without results."""
    seats = Seat.objects.filter(session__tournament=tournament, registration__status=WITHDRAWN).exclude(
        session__number__in=played
    )
    ids = set(seats.values_list("registration_id", flat=True))
    return list(Registration.objects.filter(pk__in=ids).select_related("player"))


def open_seats(registration: Registration, played: set[int]) -> list[Seat]:
    seats = registration.seats.select_related("session", "table").order_by("session__number")
    return [seat for seat in seats if seat.session.number not in played]


class ScheduleLine(NamedTuple):
    session: Session
    seat: Seat | None  # None when the session's seating is not published or the player has no seat
    opponents: list[tuple[str, str]]  # (key, name) of the other three players


def player_schedule(tournament: Tournament, registration: Registration) -> list[ScheduleLine]:
    """Every session of the tournament with the player's published seat and table mates."""
    seats = {seat.session_id: seat for seat in registration.seats.select_related("table")}
    mates = table_mates(seats.values(), registration)
    lines = []
    for session in tournament.sessions.all():
        seat = seats.get(session.pk) if session.seating_published else None
        lines.append(ScheduleLine(session, seat, mates.get(seat.table_id, []) if seat else []))
    return lines


def table_mates(seats, registration: Registration) -> dict[int, list[tuple[str, str]]]:
    """Table id -> (key, name) of the other three players at it."""
    others = Seat.objects.filter(table_id__in=[seat.table_id for seat in seats]).exclude(
        registration=registration
    )
    mates: dict[int, list[tuple[str, str]]] = {}
    for seat in others.select_related("registration__player").order_by("order"):
        mates.setdefault(seat.table_id, []).append((seat.registration.key, str(seat.registration.player)))
    return mates


def free_reserves(session: Session) -> list[Registration]:
    """The tournament's reserves who neither play nor substitute in the session (5.8), alphabetical."""
    return _reserves_not_at(session.tournament_id, Seat.objects.filter(session=session))


def seats_without_result(registration: Registration) -> list[Seat]:
    """The player's seats whose table has no result yet, in session order: the seats a substitute from the start
    can still take (services.substitutes)."""
    seats = registration.seats.select_related("session", "table").order_by("session__number")
    return list(seats.filter(table__results__isnull=True))


def reserves_free_for(seats: list[Seat]) -> list[Registration]:
    """The reserves free to take every one of these seats: in none of their sessions do they play or substitute
    at another seat (5.8), alphabetical."""
    if not seats:
        return []
    busy = Seat.objects.filter(session_id__in={seat.session_id for seat in seats}).exclude(
        pk__in=[seat.pk for seat in seats]
    )
    return _reserves_not_at(seats[0].session.tournament_id, busy)


def _reserves_not_at(tournament_id: int, busy) -> list[Registration]:
    """The tournament's reserves with none of the ``busy`` seats, as player or as substitute; alphabetical."""
    taken = set(busy.values_list("registration_id", flat=True)) | set(
        busy.exclude(substitute_reserve=None).values_list("substitute_reserve_id", flat=True)
    )
    reserves = Registration.objects.filter(tournament_id=tournament_id, status=RESERVE).exclude(pk__in=taken)
    return sorted(reserves.select_related("player"), key=lambda r: (r.player.last_name, r.player.first_name))
