"""What the referee's table pages share: finding a seated table, the chombos the players entered on its score
sheet, and answering a post with a redirect."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect

from tournament.models import Table, Tournament
from tournament.selectors.tables import table_seats
from tournament.services.sheets import proposed_chombos


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
