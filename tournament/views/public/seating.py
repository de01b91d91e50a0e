"""Public seating pages: a session's seating (by table and alphabetically) and a player's schedule."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from tournament import selectors
from tournament.display import listed_name, name_sort_key
from tournament.models import Registration, Session
from tournament.numbers import points
from tournament.permissions import can_organise
from tournament.seating.tables import PlayerScheduleTable, SeatListTable
from tournament.selectors.seating import player_schedule as schedule_lines
from tournament.selectors.seating import session_tables
from tournament.views.public.access import public_tournament


def player_schedule(request, slug, key):
    tournament = public_tournament(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("player"), tournament=tournament, key=key
    )
    standings = selectors.standings(tournament)
    row = next((r for r in standings.rows if r.player == registration.pk), None)
    results = {line.session: line.total for line in row.sessions} if row else {}
    records = [
        {
            "session": line.session.number,
            "starts_at": line.session.starts_at,
            "published": line.session.seating_published,
            "table": line.seat.table.number if line.seat else None,
            "wind": line.seat.wind if line.seat else None,
            "opponents": line.opponents,
            "slug": tournament.slug,
            "result": results.get(line.session.number),
        }
        for line in schedule_lines(tournament, registration)
    ]
    context = {
        "tournament": tournament,
        "registration": registration,
        "row": row,
        "total": points(row.total) if row else None,
        "table": PlayerScheduleTable(records),
        "can_organise": can_organise(request.user, tournament),
    }
    return render(request, "tournament/seating/player.html", context)


def session_seating(request, slug, number):
    tournament = public_tournament(request, slug)
    session = get_object_or_404(Session, tournament=tournament, number=number)
    published_sessions = tournament.sessions.filter(seating_published=True)
    if not session.seating_published and not can_organise(request.user, tournament):
        context = {
            "tournament": tournament,
            "session": session,
            "unpublished": True,
            "sessions": published_sessions,
        }
        return render(request, "tournament/seating/public_session.html", context)
    tables = session_tables(session)
    if not tables:
        raise Http404
    context = {
        "tournament": tournament,
        "session": session,
        "tables": tables,
        "seat_list": SeatListTable(_seat_list(slug, tables)),
        "sessions": published_sessions,
    }
    return render(request, "tournament/seating/public_session.html", context)


def _seat_list(slug: str, tables: list[dict]) -> list[dict]:
    """Every seated player in alphabetical order (tournament.display), with table and wind."""
    seats = [seat for table in tables for seat in table["seats"]]
    seats.sort(
        key=lambda seat: name_sort_key(
            seat.registration.player.last_name, seat.registration.player.first_name
        )
    )
    return [
        {
            "name": listed_name(seat.registration.player.last_name, seat.registration.player.first_name),
            "table": seat.table.number,
            "wind": seat.wind,
            "url": reverse("player_schedule", args=[slug, seat.registration.key]),
        }
        for seat in seats
    ]
