"""A session's public page: the seating by table and alphabetically and, once results exist, every table's raw
points, place, uma, penalties and result next to the seating. A live page (views/public/live.py)."""

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.display import listed_name, name_sort_key
from tournament.models import Session, Tournament
from tournament.numbers import points, points_full
from tournament.selectors.overview import Overview, overview
from tournament.selectors.seating import session_tables
from tournament.views.public.access import public_tournament
from tournament.views.public.figures import penalty_text, substitute_text
from tournament.views.public.live import live_page
from tournament.winds import WIND_NAMES


def session_seating(request, slug, number):
    tournament = public_tournament(request, slug)
    session = get_object_or_404(Session, tournament=tournament, number=number)
    return live_page(
        request,
        tournament,
        name="session",
        variant=str(number),
        template="tournament/seating/public_session.html",
        build=lambda fresh, stamp, staff: session_fragment(fresh, overview(fresh, stamp), session.pk, staff),
    )


def session_fragment(tournament: Tournament, view: Overview, session_id: int, staff: bool) -> dict:
    session = Session.objects.get(pk=session_id)
    context = {
        "tournament": tournament,
        "session": session,
        "sessions": list(tournament.sessions.filter(seating_published=True).values_list("number", flat=True)),
    }
    if not session.seating_published and not staff:
        context["unpublished"] = True
    else:
        tables = session_tables(session)
        if not tables:
            raise Http404
        cards = [_card(view, session.number, table) for table in tables]
        context.update(
            tables=cards,
            seat_list=_seat_list(tournament.slug, cards),
            has_results=any(card["result"] for card in cards),
            progress=view.session_progress(session.number),
        )
    heading = _("Session %(number)s") % {"number": session.number}
    return {"heading": heading, "body": render_to_string("tournament/seating/_session.html", context)}


def _card(view: Overview, number: int, table: dict) -> dict:
    """One table: its seats in order, each with the figures of the counted result when there is one."""
    progress = view.session_progress(number)
    state = next((t for t in progress.tables if t.table == table["number"]), None) if progress else None
    scored = view.tables.get((number, table["number"]))
    seats = []
    for seat in table["seats"]:
        registration = seat.registration
        line = {
            "wind": seat.wind,
            "wind_name": WIND_NAMES[seat.wind],
            "key": registration.key,
            "name": str(registration.player),
            "sort": name_sort_key(registration.player.last_name, registration.player.first_name),
            "listed": listed_name(registration.player.last_name, registration.player.first_name),
        }
        if scored is not None:
            line.update(_figures(view, number, registration.pk, scored))
        seats.append(line)
    return {
        "number": table["number"],
        "seats": seats,
        "result": scored is not None,
        "entered": state is not None and state.has_result,
        "unconfirmed": (number, table["number"]) in view.unconfirmed,
    }


def _figures(view: Overview, number: int, registration_id: int, scored) -> dict:
    outcome = next((seat for seat in scored.outcomes if seat.player == registration_id), None)
    if outcome is None:
        return {}
    notes = view.penalties.get((registration_id, number), ())
    deducted = sum(note.points for note in notes)
    return {
        "raw": points_full(outcome.raw, sign=False),
        "place": outcome.place,
        "uma": points(outcome.uma),
        "penalties": points(-deducted) if deducted else "",
        "penalty_notes": [penalty_text(note) for note in notes],
        "substitute": substitute_text(
            outcome.substitute, view.substitute_names.get((registration_id, number), "")
        ),
        "result": points(outcome.score + outcome.uma - deducted),
    }


def _seat_list(slug: str, cards: list[dict]) -> list[dict]:
    """Every seated player in alphabetical order (tournament.display), with table, wind and result."""
    players_url = reverse("player_schedule", args=[slug, "x"])[: -len("x/")]
    seats = [dict(seat, table=card["number"]) for card in cards for seat in card["seats"]]
    seats.sort(key=lambda seat: seat["sort"])
    for seat in seats:
        seat["url"] = f"{players_url}{seat['key']}/"
    return seats
