"""Small live boxes any page can include: ``{% table_clock session table_number as clock %}`` (the clock of one
table, for the referee's table page: components/table_clock.html) and ``{% next_seat registration as seat %}``
(the player's next table and wind: components/next_table.html)."""

from django import template
from django.utils import timezone

from scoring.clock import WAITING
from tournament.display.winds import WIND_NAMES
from tournament.selectors.clock import clock_for_table
from tournament.selectors.clock_data import clock_data, format_remaining
from tournament.selectors.phones import next_seat as next_seat_selector

register = template.Library()


@register.simple_tag
def table_clock(session, table_number: int) -> dict:
    """The table's clock: started (bool), text (its own remaining time), extra_minutes, stage and the JSON."""
    now = timezone.now()
    view = clock_for_table(session, table_number, now)
    return {
        "started": view.state.phase != WAITING,
        "text": format_remaining(view.remaining),
        "extra_minutes": view.extra_minutes,
        "stage": view.stage,
        "phase": view.state.phase,
        "data": clock_data(session, view.state, now),
    }


@register.simple_tag
def next_seat(registration) -> dict | None:
    """The player's next seat (selectors.phones.next_seat) with the wind's name in the page's language."""
    seat = next_seat_selector(registration)
    return None if seat is None else {**seat._asdict(), "wind_name": WIND_NAMES[seat.wind]}
