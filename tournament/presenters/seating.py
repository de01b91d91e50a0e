"""The organiser's seating pages' lines and messages (views/organise/seating.py): a planned seating as the seating
grid shows it, and the messages after publishing and after a reserve took a withdrawn player's seats."""

from django.utils.translation import gettext as _

from scoring.table import WINDS
from tournament.display.winds import WIND_NAMES
from tournament.models import Registration, Seat


def planned_grid(tables: list[list[int]], registrations: dict[int, Registration]) -> list[dict]:
    """Planned tables in the shape of components/seating_grid.html."""
    return [
        {
            "number": number,
            "seats": [
                {"wind": wind, "registration": registrations[r]} for wind, r in zip(WINDS, table, strict=True)
            ],
        }
        for number, table in enumerate(tables, start=1)
    ]


def publish_message(changed: list[int], published: bool) -> str:
    """The message after publishing or hiding sessions: which sessions changed."""
    if not changed:
        return _("Nothing changed.")
    numbers = ", ".join(map(str, changed))
    if published:
        return _("Sessions %(numbers)s are public now.") % {"numbers": numbers}
    return _("Sessions %(numbers)s are hidden now.") % {"numbers": numbers}


def reserve_message(registration: Registration, reserve: Registration, seats: list[Seat]) -> str:
    """The message after a reserve took a withdrawn player's remaining seats: where they play."""
    if not seats:
        return _("%(player)s has no seats left in sessions without results.") % {
            "player": registration.player
        }
    return _("%(reserve)s takes the seats of %(player)s from the start: %(where)s.") % {
        "reserve": reserve.player,
        "player": registration.player,
        "where": seats_text(seats),
    }


def seats_text(seats: list[Seat]) -> str:
    return "; ".join(
        _("session %(session)s table %(table)s %(wind)s")
        % {"session": seat.session.number, "table": seat.table.number, "wind": WIND_NAMES[seat.wind]}
        for seat in seats
    )
