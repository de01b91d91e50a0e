"""The name at a seat in templates: ``{{ seat|seat_name }}`` (tournament.display.names.seat_name): the registered
player, or the substitute marked as substituting for them (5.8)."""

from django import template

from tournament.display.names import seat_name as shown_seat_name

register = template.Library()


@register.filter
def seat_name(seat) -> str:
    """A Seat (its substitute read with select_related("substitute_reserve__player") by the selectors), or a
    planned seat of a seating proposal (a dict with its registration, never substituted)."""
    if isinstance(seat, dict):
        return str(seat["registration"].player)
    return shown_seat_name(str(seat.registration.player), seat.substitute_label)
