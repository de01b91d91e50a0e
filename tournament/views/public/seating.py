"""A session's public page: the seating by table and alphabetically and, once results exist, every table's raw
points, place, uma, penalties and result next to the seating. A live page (views/public/live.py)."""

from html import escape

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.standings import session_result
from tournament.display.names import full_name, listed_name, name_sort_key
from tournament.display.winds import WIND_LETTERS, WIND_NAMES
from tournament.models import Session, Tournament
from tournament.selectors.overview import Overview, overview
from tournament.selectors.session_seats import SeatLine, session_seats
from tournament.tables.figures import Figures, substitute_text
from tournament.views.access import public_tournament
from tournament.views.public.live import live_page


def session_seating(request, slug, number):
    tournament = public_tournament(request, slug)
    session = get_object_or_404(Session, tournament=tournament, number=number)
    return live_page(
        request,
        tournament,
        name="session",
        variant=str(number),
        template="public/session.html",
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
        tables = session_seats(session.pk)
        if not tables:
            raise Http404
        cards = Cards(tournament.slug, view, session.number)
        found = [cards.card(number, seats) for number, seats in tables.items()]
        has_results = any(card["result"] for card in found)
        context.update(
            tables=found,
            seat_list=_seat_list(found, has_results),
            has_results=has_results,
            progress=view.session_progress(session.number),
        )
    heading = _("Session %(number)s") % {"number": session.number}
    return {"heading": heading, "body": render_to_string("public/_session.html", context)}


class Cards:
    """The tables of one session as the page shows them: each seat with its wind, the player (linked) and, once
    the table's result counts, its figures as ready <td> cells. Words and links are looked up once per page."""

    def __init__(self, slug: str, view: Overview, number: int):
        self.view, self.number, self.figures = view, number, Figures()
        self.players_url = reverse("player_schedule", args=[slug, "x"])[: -len("x/")]
        self.wind_names = {wind: str(name) for wind, name in WIND_NAMES.items()}
        self.wind_letters = {wind: str(letter) for wind, letter in WIND_LETTERS.items()}
        self.table_label = _("Table %(number)s")
        self.head = format_html(
            '<thead><tr><th><span class="visually-hidden">{}</span></th><th>{}</th><th class="points">{}</th>'
            '<th class="points"><abbr title="{}">{}</abbr></th><th class="points">{}</th>'
            '<th class="points"><abbr title="{}">{}</abbr></th><th class="points">{}</th></tr></thead>',
            _("Wind"),
            _("Player"),
            pgettext("public results", "Points"),
            _("Place"),
            _("Pl."),
            _("Uma"),
            _("Penalties"),
            _("Pen."),
            _("Result"),
        )
        progress = view.session_progress(number)
        self.entered = {t.table for t in progress.tables if t.has_result} if progress else set()

    def card(self, number: int, seats: list[SeatLine]) -> dict:
        scored = self.view.tables.get((self.number, number))
        found = [self.seat(seat, scored) for seat in seats]
        return {
            "number": number,
            "label": self.table_label % {"number": number},
            "seats": found,
            "html": self.lines(scored is not None, [seat["html"] for seat in found]),
            "result": scored is not None,
            "entered": number in self.entered,
            "unconfirmed": (self.number, number) in self.view.unconfirmed,
        }

    def lines(self, with_results: bool, lines: list[str]) -> SafeString:
        """The seats of a card: table rows under the (once translated) head, or the items of a list."""
        if with_results:
            return mark_safe(f"{self.head}<tbody>{''.join(lines)}</tbody>")
        return mark_safe("".join(lines))

    def seat(self, seat: SeatLine, scored) -> dict:
        """The seat's line of the card (a <tr> with the figures once the result counts, an <li> before) as HTML,
        and what the A-Z list needs."""
        line = {
            "table": seat.table,
            "wind_name": self.wind_names[seat.wind],
            "url": escape(f"{self.players_url}{seat.key}/"),
            "sort": name_sort_key(seat.last_name, seat.first_name),
            "listed": listed_name(seat.last_name, seat.first_name),
            "result": "",
        }
        letter, name = (
            escape(self.wind_letters[seat.wind]),
            escape(full_name(seat.first_name, seat.last_name)),
        )
        link = f'<a href="{line["url"]}">{name}</a>'
        outcome = (
            next((o for o in scored.outcomes if o.player == seat.registration_id), None) if scored else None
        )
        if outcome is None:
            line["html"] = f'<li><span class="wind">{letter}</span><span class="who">{link}</span></li>'
            return line
        figures = self.results(seat.registration_id, outcome)
        substitute = (
            f'<span class="sub">⇄ {escape(figures["substitute"])}</span>' if figures["substitute"] else ""
        )
        line["result"] = figures["result"]
        line["html"] = (
            f'<tr><td><span class="wind">{letter}</span></td><td class="who">{link}{substitute}</td>'
            f"{figures['cells']}</tr>"
        )
        return line

    def results(self, registration_id: int, outcome) -> dict:
        figures = self.figures
        notes = self.view.penalties.get((registration_id, self.number), ())
        deducted = sum(note.points for note in notes)
        result = figures.points(session_result(outcome, deducted))
        substitute = substitute_text(
            outcome.substitute, self.view.substitute_names.get((registration_id, self.number), "")
        )
        place = "—" if outcome.place is None else outcome.place
        return {
            "result": result,
            "substitute": substitute,
            "cells": (
                f'<td class="points">{escape(figures.points_full(outcome.raw, sign=False))}</td>'
                f'<td class="points">{place}</td><td class="points">{escape(figures.points(outcome.uma))}</td>'
                f'{_penalty_cell(figures, notes, deducted)}<td class="points total">{escape(result)}</td>'
            ),
        }


def _penalty_cell(figures: Figures, notes, deducted: int) -> str:
    if not notes:
        return '<td class="points">—</td>'
    words = [figures.penalty_text(note) for note in notes]
    return format_html(
        '<td class="points"><details class="note"><summary title="{}">{}<span class="marks">!</span></summary>'
        '<span class="pop">{}</span></details></td>',
        "; ".join(words),
        figures.points(-deducted) if deducted else "0",
        format_html_join("", "<span>{}</span>", ((text,) for text in words)),
    )


def _seat_list(cards: list[dict], has_results: bool) -> SafeString:
    """The rows of every seated player in alphabetical order (tournament.display.names): table, wind and result."""
    seats = sorted((seat for card in cards for seat in card["seats"]), key=lambda seat: seat["sort"])
    return mark_safe(
        "".join(
            f'<tr><td class="name"><a href="{seat["url"]}">{escape(seat["listed"])}</a></td>'
            f'<td class="points">{seat["table"]}</td><td>{escape(seat["wind_name"])}</td>'
            + (f'<td class="points">{escape(seat["result"])}</td>' if has_results else "")
            + "</tr>\n"
            for seat in seats
        )
    )
