"""What the referee's table pages share: finding a seated table, answering a post with a redirect, and the status
of a refused post."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect

from tournament.models import Table, Tournament
from tournament.selectors.tables import table_seats


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


def go(request, url: str):
    """A redirect; for the page's script (htmx) an HX-Redirect, so the browser itself navigates."""
    if request.headers.get("HX-Request"):
        response = HttpResponse()
        response["HX-Redirect"] = url
        return response
    return redirect(url)


CONFLICTS = ("stale_result", "stale_sheet")  # somebody changed the table after the form was opened


def refused_status(error=None) -> int:
    """A refused post answers 409 when the table changed meanwhile (a stale version), else 400 (bad input)."""
    return 409 if error is not None and error.code in CONFLICTS else 400
