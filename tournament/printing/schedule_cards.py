"""Personal schedule cards: for each player every session's table and wind, cut-out cards (8 or 6 per page), with a QR
code of the player's check-in link (selectors.check_in: the page shows the next session, its table and wind, a
button to check in when the organiser allows it, and links the player's page), whatever the switch says when the
cards are printed: the cards are printed before the day, the switch may change on it."""

from typing import NamedTuple

from django.utils.translation import gettext_lazy

from scoring.standings import WITHDRAWN
from tournament.display.names import name_sort_key
from tournament.display.seats import seat_holder
from tournament.display.winds import WIND_KANJI
from tournament.models import Registration, Seat, Session
from tournament.printing.documents import Document, SeatLine, chunks, register, seat_line
from tournament.printing.qr import qr_data_uri
from tournament.selectors.check_in import check_in_path


class CardLine(NamedTuple):
    session: Session
    table: int | None
    wind: str
    kanji: str
    substitute: str = ""  # who plays the player's own seat from the start (5.8)
    substitutes_for: str = ""  # on a reserve's card: the player whose seat they play from the start


class ScheduleCard(NamedTuple):
    player: SeatLine  # without a wind
    lines: tuple[CardLine, ...]
    url: str  # the player's check-in link
    qr: str  # its QR code, an SVG data URI


@register
class ScheduleCards(Document):
    identifier = "schedule-cards"
    name = gettext_lazy("Personal schedule cards")
    template = "print/schedule_cards.html"

    def context(self) -> dict:
        sessions = list(self.tournament.sessions.all())
        per_page = 8 if len(sessions) <= 8 else 6
        return {
            "pages": [chunks(page, 2) for page in chunks(self._cards(sessions), per_page)],
            "card_class": "cards-8" if per_page == 8 else "cards-6",
        }

    def _cards(self, sessions: list[Session]) -> list[ScheduleCard]:
        seats = Seat.objects.filter(session__tournament=self.tournament).select_related(
            "table", "session", "registration__player", "substitute_reserve__player"
        )
        where: dict[tuple[int, int], Seat] = {}
        for seat in seats:  # a player's own seat, and the seat a reserve plays from the start (5.8)
            where[(seat.registration_id, seat.session_id)] = seat
            if seat.substitute_reserve_id:
                where[(seat.substitute_reserve_id, seat.session_id)] = seat
        registrations = (
            Registration.objects.filter(tournament=self.tournament)
            .exclude(status=WITHDRAWN)
            .select_related("player")
        )
        cards = []
        for registration in registrations:
            lines = tuple(
                _card_line(session, where.get((registration.pk, session.pk)), registration.pk)
                for session in sessions
            )
            registration.tournament = self.tournament
            url = self.absolute_url(check_in_path(registration))
            cards.append(ScheduleCard(seat_line("", registration.player), lines, url, qr_data_uri(url)))
        cards.sort(key=lambda card: name_sort_key(card.player.last_name, card.player.first_name))
        return cards


def _card_line(session: Session, seat: Seat | None, registration_id: int) -> CardLine:
    if seat is None:
        return CardLine(session, None, "", "")
    holder = seat_holder(seat)
    own = seat.registration_id == registration_id
    return CardLine(
        session,
        seat.table.number,
        seat.wind,
        WIND_KANJI[seat.wind],
        substitute=holder.substitute if own else "",
        substitutes_for="" if own else holder.player,
    )
