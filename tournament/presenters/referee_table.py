"""The lines of the referee's table page (views/referee/table.py) built from reads: how the table is named in the
referee's messages, the penalties that count at the table with the seat each belongs to, and the message after a
save with each seat's result."""

from django.utils.translation import gettext as _

from tournament.display.numbers import points
from tournament.display.seats import seat_holder
from tournament.display.sentences import sentence
from tournament.models import Penalty, Table
from tournament.selectors.penalties import active_penalties


def table_where(table: Table) -> str:
    """'session 3, table 5': the table as the referee's messages name it."""
    return _("session %(session)s, table %(table)s") % {
        "session": table.session.number,
        "table": table.number,
    }


def table_penalties(table: Table, seats: list) -> list[tuple[Penalty, str]]:
    """The penalties that count at this table, each with its seat as shown (who plays it, "for" its player: the
    penalty stays the seat's player's, rules-interpretation section 3)."""
    found = active_penalties(session=table.session, registrations=[seat.registration_id for seat in seats])
    shown = {seat.registration_id: seat_holder(seat).name for seat in seats}
    return [
        (penalty, shown[penalty.registration_id]) for penalty in found.select_related("registration__player")
    ]


def saved_message(table: Table, result, preview) -> str:
    """'Session 3, table 5 saved (version 2): Jan Jansen +32.0 · ...': the saved version and each seat's result
    as ``preview`` (selectors.table_preview.build_preview of what was saved) shows it."""
    results = " · ".join(
        f"{row.seat.registration.player} {points(row.result)}"
        for row in preview.seats
        if row.result is not None
    )
    return _("%(where)s saved (version %(version)s): %(results)s") % {
        "where": sentence(table_where(table)),
        "version": result.version,
        "results": results,
    }
