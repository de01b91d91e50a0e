"""Who sits where, as the pages show it: a session's tables, a player's schedule, withdrawn players' open seats."""

from typing import NamedTuple

from django.db.models import Exists, OuterRef, Q

from scoring.clock import START
from scoring.standings import RESERVE, WITHDRAWN
from tournament.models import ClockEvent, Registration, Seat, Session, Tournament


def session_tables(session: Session) -> list[dict]:
    """The tables of a session in order, each ``{"number": n, "seats": [Seat, ...]}`` in seat order, each seat
    with its substitute (``seat.substitute_label``, shown by tournament.display.names.seat_name)."""
    tables: dict[int, list[Seat]] = {}
    seats = session.seats.select_related("table", "registration__player", "substitute_reserve__player")
    for seat in seats.order_by("table__number", "order"):
        tables.setdefault(seat.table.number, []).append(seat)
    return [{"number": number, "seats": seats} for number, seats in tables.items()]


SUBSTITUTED = Q(substitute_reserve__isnull=False) | ~Q(substitute_guest="")


def withdrawn_with_open_seats(tournament: Tournament, played: set[int]) -> list[Registration]:
    """Withdrawn players who still have a seat in a session without results that nobody substitutes for (a seat a
    reserve or a guest plays from the start is covered, issue 28)."""
    seats = (
        Seat.objects.filter(session__tournament=tournament, registration__status=WITHDRAWN)
        .exclude(session__number__in=played)
        .exclude(SUBSTITUTED)
    )
    ids = set(seats.values_list("registration_id", flat=True))
    return list(Registration.objects.filter(pk__in=ids).select_related("player"))


def open_seats(registration: Registration, played: set[int]) -> list[Seat]:
    """The player's seats in sessions without results that nobody substitutes for, in session order."""
    seats = (
        registration.seats.exclude(SUBSTITUTED).select_related("session", "table").order_by("session__number")
    )
    return [seat for seat in seats if seat.session.number not in played]


class ScheduleLine(NamedTuple):
    session: Session
    seat: Seat | None  # None when the session's seating is not published or the player has no seat
    opponents: list[tuple[str, str]]  # (key, name) of the other three players
    substitute: str = ""  # who plays the player's own seat from the start (5.8), "" when they play it
    substitutes_for: str = ""  # the registered player whose seat this reserve plays from the start, or ""


def player_schedule(tournament: Tournament, registration: Registration) -> list[ScheduleLine]:
    """Every session of the tournament with the player's published seat and table mates: their own seat, or the
    seat a reserve plays for a registered player (5.8)."""
    seats = {seat.session_id: seat for seat in seats_taken_by(registration).select_related("table")}
    mates = table_mates(seats.values())
    lines = []
    for session in tournament.sessions.all():
        seat = seats.get(session.pk) if session.seating_published else None
        if seat is None:
            lines.append(ScheduleLine(session, None, []))
            continue
        own = seat.registration_id == registration.pk
        lines.append(
            ScheduleLine(
                session,
                seat,
                mates.get(seat.pk, []),
                substitute=seat.substitute_label if own else "",
                substitutes_for="" if own else str(seat.registration.player),
            )
        )
    return lines


def seats_taken_by(registration: Registration):
    """The seats the player sits at: their own, and those they play from the start as a reserve (5.8)."""
    return Seat.objects.filter(
        Q(registration=registration) | Q(substitute_reserve=registration)
    ).select_related("registration__player", "substitute_reserve__player")


def table_mates(seats) -> dict[int, list[tuple[str, str]]]:
    """Seat id -> (key, name) of the registered players of the other three seats at its table."""
    seats = list(seats)
    others = Seat.objects.filter(table_id__in=[seat.table_id for seat in seats])
    at_table: dict[int, list[Seat]] = {}
    for other in others.select_related("registration__player").order_by("order"):
        at_table.setdefault(other.table_id, []).append(other)
    return {
        seat.pk: [
            (other.registration.key, str(other.registration.player))
            for other in at_table.get(seat.table_id, [])
            if other.pk != seat.pk
        ]
        for seat in seats
    }


def free_reserves(session: Session) -> list[Registration]:
    """The tournament's reserves who neither play nor substitute in the session (5.8), alphabetical."""
    return _reserves_not_at(session.tournament_id, Seat.objects.filter(session=session))


def _clock_started():
    return Exists(ClockEvent.objects.filter(session=OuterRef("session"), kind=START))


def seats_from_the_start(registration: Registration) -> list[Seat]:
    """The player's seats a substitute can still take from the start (5.8): no result at the table, nobody
    substituting yet, the session's clock not started; in session order (services.substitutes.reserve_for_withdrawn,
    the withdrawal page)."""
    seats = (
        registration.seats.exclude(SUBSTITUTED).filter(table__results__isnull=True).exclude(_clock_started())
    )
    return list(seats.select_related("session", "table").order_by("session__number").distinct())


def seats_in_play(registration: Registration) -> list[Seat]:
    """The player's seats in a session whose clock has started, without a result or a substitute: a substitute
    takes such a seat during the session (5.8, mid-session), entered on the referee's form of the table."""
    seats = (
        registration.seats.exclude(SUBSTITUTED).filter(table__results__isnull=True).filter(_clock_started())
    )
    return list(seats.select_related("session", "table").order_by("session__number").distinct())


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
