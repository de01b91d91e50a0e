"""Who plays a seat, as every page, paper and file shows it (5.8; issue 28): the one home of a seat's label.

A seat belongs to the registered player; a substitute chosen before play (services.substitutes) plays it from the
start. What is shown beside the seat is always who plays it: the registered player with their country and EMA
number; a reserve with *their own* country and EMA number, "for <owner>" beside the name; a guest with the name as
typed alone (no country, no EMA number), "for <owner>" beside it. Never the absent player's country or number.
The referee's forms (the legend, the chombo and penalty buttons and choices), the prints (score sheets, table
stands, results form) and the template filter ``seat_holder`` all read it here.

Who is *charged* for a penalty given at such a seat does not change: the seat's registration (rules-interpretation
section 3: a penalty belongs to a player and a session).
"""

from typing import NamedTuple

from tournament.display.names import full_name, seat_name


class SeatHolder(NamedTuple):
    player: str  # the registered player, as people say it: "Anna de Vries"
    substitute: str  # who plays in their place from the start, "" when they play themself
    country: str  # of who plays the seat ("" for a guest)
    ema_id: str  # of who plays the seat ("" for a guest or a player without one)

    @property
    def name(self) -> str:
        """'Anna de Vries', or 'Jan Jansen (for Anna de Vries)' (tournament.display.names.seat_name)."""
        return seat_name(self.player, self.substitute)

    def __str__(self) -> str:
        return self.name


def seat_holder(seat) -> SeatHolder:
    """A Seat (read with select_related("registration__player", "substitute_reserve__player")), as shown."""
    owner = seat.registration.player
    plays = seat.substitute_reserve.player if seat.substitute_reserve_id else None
    owner_name = full_name(owner.first_name, owner.last_name)
    if plays is not None:
        return SeatHolder(
            owner_name, full_name(plays.first_name, plays.last_name), plays.country, plays.ema_id or ""
        )
    if seat.substitute_guest:
        return SeatHolder(owner_name, seat.substitute_guest, "", "")
    return SeatHolder(owner_name, "", owner.country, owner.ema_id or "")
