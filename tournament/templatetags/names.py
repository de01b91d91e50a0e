"""The name at a seat in templates: ``{{ seat|seat_name }}`` (tournament.display.names.seat_name): the registered
player, or the substitute marked as substituting for them (5.8); ``{{ seat|seat_holder }}`` who plays it with
their own country and EMA number (tournament.display.seats, the one home)."""

from django import template

from tournament.display.seats import SeatHolder
from tournament.display.seats import seat_holder as holder_of

register = template.Library()


@register.filter
def seat_name(seat) -> str:
    """A Seat (its substitute read with select_related("substitute_reserve__player") by the selectors), or a
    planned seat of a seating proposal (a dict with its registration, never substituted)."""
    if isinstance(seat, dict):
        return str(seat["registration"].player)
    return holder_of(seat).name


@register.filter
def seat_holder(seat) -> SeatHolder:
    """Who plays the seat: ``.name`` ("Jan Jansen (for Anna de Vries)"), ``.country`` and ``.ema_id`` (theirs)."""
    return holder_of(seat)
