"""What the referee's table pages share: finding a seated table, the chombos the players entered on its score
sheet, answering a post with a redirect, and the status of a refused post."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect

from tournament.models import Table, Tournament
from tournament.selectors.referee_table import table_seats
from tournament.selectors.sheets import proposed_chombos


def seated_table(tournament: Tournament, number: int, table: int) -> tuple[Table, list]:
    """Table ``table`` of session ``number`` with its four seats in order; 404 when it is not fully seated."""
    found = get_object_or_404(
        Table.objects.select_related("session__tournament"),
        session__tournament=tournament,
        session__number=number,
        number=table,
    )
    seats = table_seats(found)
    if len(seats) != 4:
        raise Http404
    return found, seats


def sheet_chombos(table: Table, seats: list) -> list[dict]:
    """The chombos the players entered on the table's score sheet that wait for the referee, with their seats."""
    by_wind = {seat.wind: seat for seat in seats}
    return [
        {"line": chombo.line, "hand": chombo.hand, "seat": by_wind[chombo.wind]}
        for chombo in proposed_chombos(table)
    ]


def go(request, url: str):
    """A redirect; for the page's script (htmx) an HX-Redirect, so the browser itself navigates."""
    if request.headers.get("HX-Request"):
        response = HttpResponse()
        response["HX-Redirect"] = url
        return response
    return redirect(url)


# A refused post: 409 when the table or its sheet changed after the form was opened, 403 when it is not the
# poster's to change (the players' link after the result), else 400 (bad input).
REFUSAL_STATUS = {
    "stale_result": 409,
    "stale_sheet": 409,
    "no_such_chombo": 409,
    "sheet_closed": 403,
    "not_yours": 403,
    "chombo_recorded": 403,
}


def refused_status(error=None) -> int:
    """The status of a refused post (``REFUSAL_STATUS``); 400 for a form refused before any service was asked."""
    return REFUSAL_STATUS.get(error.code, 400) if error is not None else 400
