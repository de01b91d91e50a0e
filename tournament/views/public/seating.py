"""A session's public page: the seating by table and alphabetically and, once results exist, every table's raw
points, place, uma, penalties and result next to the seating. A live page (views/public/live.py)."""

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.standings import session_result
from tournament.display.names import full_name, listed_name, name_sort_key, seat_name, substituting
from tournament.display.numbers import points_full
from tournament.display.winds import WIND_LETTERS, WIND_NAMES
from tournament.models import Session, Tournament
from tournament.presenters.figures import PENALTY_MARK, SessionFigures, marked, penalty_text, substitute_text
from tournament.selectors.overview import Overview, overview
from tournament.selectors.session_seats import SeatLine, session_seats
from tournament.views.access import public_tournament
from tournament.views.public.live import live_page


def session_seating(request, slug, number):
    tournament = public_tournament(request, slug)
    return live_page(
        request,
        tournament,
        name="session",
        variant=str(number),
        template="public/session.html",
        build=lambda fresh, stamp, staff: session_fragment(fresh, overview(fresh, stamp), number, staff),
    )


def session_fragment(tournament: Tournament, view: Overview, number: int, staff: bool) -> dict:
    """The session's page; a session the tournament does not have is a 404 (asked only when it is built)."""
    session = get_object_or_404(Session, tournament=tournament, number=number)
    context = {
        "tournament": tournament,
        "session": session,
        "sessions": list(tournament.sessions.filter(seating_published=True).values_list("number", flat=True)),
    }
    if not session.seating_published and not staff:
        context["unpublished"] = True
    else:
        tables = session_seats(session.pk)
        if not tables:
            raise Http404
        cards = Cards(tournament.slug, view, session.number)
        found = [cards.card(number, seats) for number, seats in tables.items()]
        has_results = any(card["result"] for card in found)
        context.update(
            tables=found,
            seat_list=_seat_list(found),
            has_results=has_results,
            result_head=render_to_string("public/_result_head.html") if has_results else "",
            progress=view.session_progress(session.number),
        )
    heading = _("Session %(number)s") % {"number": session.number}
    return {"heading": heading, "body": render_to_string("public/_session.html", context)}


class Cards:
    """The tables of one session as the page shows them (templates/public/_session.html): each seat
    with its wind, the player (linked) and, once the table's result counts, its figures. Words and links are
    looked up once per page."""

    def __init__(self, slug: str, view: Overview, number: int):
        self.view, self.number, self.figures = view, number, SessionFigures(view)
        self.players_url = reverse("player_schedule", args=[slug, "x"])[: -len("x/")]
        self.wind_names = {wind: str(name) for wind, name in WIND_NAMES.items()}
        self.wind_letters = {wind: str(letter) for wind, letter in WIND_LETTERS.items()}
        self.table_label = _("Table %(number)s")
        progress = view.session_progress(number)
        self.entered = {t.table for t in progress.tables if t.has_result} if progress else set()

    def card(self, number: int, seats: list[SeatLine]) -> dict:
        scored = self.view.tables.get((self.number, number))
        return {
            "number": number,
            "label": self.table_label % {"number": number},
            "seats": [self.seat(seat, scored) for seat in seats],
            "result": scored is not None,
            "entered": number in self.entered,
            "unconfirmed": (self.number, number) in self.view.unconfirmed,
        }

    def seat(self, seat: SeatLine, scored) -> dict:
        """The seat's line of the card and of the A-Z list: wind, player, and the figures once the result counts."""
        outcome = (
            next((o for o in scored.outcomes if o.player == seat.registration_id), None) if scored else None
        )
        figures = self.results(seat.registration_id, outcome) if outcome else None
        line = {
            "table": seat.table,
            "letter": self.wind_letters[seat.wind],
            "wind_name": self.wind_names[seat.wind],
            "url": f"{self.players_url}{seat.key}/",
            "name": seat_name(full_name(seat.first_name, seat.last_name), seat.substitute),
            "sort": name_sort_key(seat.last_name, seat.first_name),
            "listed": seat_name(listed_name(seat.last_name, seat.first_name), seat.substitute),
            "figures": figures,
            "result": figures["result"] if figures else "",
        }
        line["own_line"] = _own_line(seat, line, self.players_url)
        return line

    def results(self, registration_id: int, outcome) -> dict:
        figures, language = self.figures, self.figures.language
        notes = self.view.penalties.get((registration_id, self.number), ())
        deducted = sum(note.points for note in notes)
        penalty = None
        if notes:
            words = [(PENALTY_MARK, penalty_text(note, language=language)) for note in notes]
            penalty = marked(figures.points(-deducted) if deducted else "0", words, cell="points")
        return {
            "raw": points_full(outcome.raw, sign=False, language=language),
            "place": "—" if outcome.place is None else outcome.place,
            "uma": figures.points(outcome.uma),
            "penalty": penalty,
            "result": figures.points(session_result(outcome, deducted)),
            "substitute": substitute_text(
                outcome.substitute, self.view.substitute_names.get((registration_id, self.number), "")
            ),
        }


def _seat_list(cards: list[dict]) -> list[dict]:
    """Every seated player in alphabetical order (tournament.display.names): table, wind and result; and, as on the
    wall list (printing.seating_lists), each substitute from the start under their own name too, "for" the player,
    so a reserve or a guest finds their table where they look for it (5.8)."""
    seats = [seat for card in cards for seat in card["seats"]]
    seats += [seat["own_line"] for seat in seats if seat["own_line"]]
    return sorted(seats, key=lambda seat: seat["sort"])


def _own_line(seat: SeatLine, line: dict, players_url: str) -> dict | None:
    """The substitute's own line of the A-Z list: their name first, "for" the player's, linked to a reserve's own
    page (a guest has none: the player's); no result (the seat's figures are the player's)."""
    if not seat.substitute:
        return None
    return {
        **line,
        "url": f"{players_url}{seat.substitute_key}/" if seat.substitute_key else line["url"],
        "sort": name_sort_key(seat.substitute_last, seat.substitute_first),
        "listed": substituting(
            listed_name(seat.substitute_last, seat.substitute_first),
            listed_name(seat.last_name, seat.first_name),
        ),
        "result": "",
        "own_line": None,
    }
