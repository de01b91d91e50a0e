"""What a player looks up on their phone: themself by name or EMA number, and their next table."""

from datetime import datetime
from typing import NamedTuple

from django.db.models import Exists, OuterRef, Q

from scoring.clock import END
from scoring.limits import MAX_FOUND_PLAYERS
from tournament.display.names import folded, listed_name, name_sort_key, seat_name
from tournament.models import ClockEvent, Registration, Seat, TableResult, Tournament
from tournament.selectors.clock import live_session
from tournament.selectors.players import PlayerInfo, player_infos
from tournament.selectors.seating import seats_taken_by


def find_players(tournament: Tournament, query: str) -> list[PlayerInfo]:
    """Players whose EMA number starts with the query's digits, or whose name holds every word of the query
    (case and accents ignored: "ostER" finds Øster, "berg joris" finds Joris van den Berg); alphabetical."""
    words = folded(query).replace(",", " ").split()
    if not words:
        return []
    digits = "".join(words)
    found = []
    for info in player_infos(tournament).values():
        name = folded(f"{info.first_name} {info.last_name}")
        by_number = digits.isdigit() and info.ema_id and info.ema_id.startswith(digits)
        if by_number or (not digits.isdigit() and all(word in name for word in words)):
            found.append(info)
    found.sort(key=lambda info: name_sort_key(info.last_name, info.first_name))
    return found[:MAX_FOUND_PLAYERS]


class SubstituteSeat(NamedTuple):
    session: int
    table: int
    wind: str
    name: str  # "Jan Jansen (for Anna de Vries)" (tournament.display.names.seat_name)


def substitute_seats(tournament: Tournament, query: str, registration_ids) -> list[SubstituteSeat]:
    """Published seats played from the start by a substitute (5.8) whose name holds every word of the query, or
    whose registered player is one of ``registration_ids`` (a player who looks themself up sees they are
    substituted); in session and table order."""
    words = folded(query).replace(",", " ").split()
    seats = (
        Seat.objects.filter(session__tournament=tournament, session__seating_published=True)
        .filter(Q(substitute_reserve__isnull=False) | ~Q(substitute_guest=""))
        .select_related("session", "table", "registration__player", "substitute_reserve__player")
        .order_by("session__number", "table__number", "order")
    )
    ids = set(registration_ids)
    return [
        SubstituteSeat(
            seat.session.number,
            seat.table.number,
            seat.wind,
            seat_name(str(seat.registration.player), seat.substitute_label),
        )
        for seat in seats
        if seat.registration_id in ids or (words and all(w in folded(seat.substitute_label) for w in words))
    ]


def listed(info: PlayerInfo) -> str:
    return listed_name(info.last_name, info.first_name)


class NextSeat(NamedTuple):
    session: int
    starts_at: datetime | None
    table: int
    wind: str
    playing: bool  # the session's clock is running now
    substitute: str = ""  # who plays the player's own seat from the start (5.8): they need not come to it
    substitutes_for: str = ""  # the registered player whose seat this reserve plays from the start


def next_seat(registration: Registration) -> NextSeat | None:
    """The player's seat in the first published session they have not finished: their table has no result yet
    and the session's clock has not ended; a reserve's seat is one they play for a registered player (5.8).
    None when there is none (or the seating is not published yet)."""
    ended = ClockEvent.objects.filter(session=OuterRef("session"), kind=END)
    played = TableResult.objects.filter(table=OuterRef("table"))
    # the seat first, then its names: one statement of the nine tables took PostgreSQL 45 ms to plan (0.5 ms to
    # run), most of a player's page on the 400-player event (as a subquery of one statement still 19 ms); the two
    # small ones plan in about a millisecond together
    first = (
        Seat.objects.filter(Q(registration=registration) | Q(substitute_reserve=registration))
        .filter(session__seating_published=True)
        .exclude(Exists(ended))
        .exclude(Exists(played))
        .order_by("session__number")
        .values_list("pk", flat=True)
        .first()
    )
    seat = (
        None
        if first is None
        else seats_taken_by(registration).select_related("session", "table").filter(pk=first).first()
    )
    if seat is None:  # none, or gone in between (the seating changed)
        return None
    live = live_session(registration.tournament)
    own = seat.registration_id == registration.pk
    return NextSeat(
        seat.session.number,
        seat.session.starts_at,
        seat.table.number,
        seat.wind,
        live is not None and live.pk == seat.session_id,
        substitute=seat.substitute_label if own else "",
        substitutes_for="" if own else str(seat.registration.player),
    )
