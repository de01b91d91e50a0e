"""A small event for the substitute tests (issue 20, 5.8), built through the services: players p01..p08 at
table 1 (p01..p04) and table 2 (p05..p08) of sessions 1 and 2 in the winds E, S, W, N, seating published, and two
reserves, r01 Jan Jansen and r02 Kees Klaassen."""

from scoring.standings import RESERVE
from tests.tournament.factories import make_event, numbered_people
from tournament.models import Seat, Tournament
from tournament.services import players

SEATING = [[["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]]] * 2
RESERVES = (("r01", "Jan", "Jansen"), ("r02", "Kees", "Klaassen"))


def substitute_event(slug: str = "day") -> Tournament:
    tournament = make_event(slug, numbered_people(8), SEATING)
    tournament.sessions.update(seating_published=True)
    for key, first, last in RESERVES:
        players.register_player(
            actor=None, tournament=tournament, key=key, first_name=first, last_name=last, status=RESERVE
        )
    return tournament


def seat(tournament: Tournament, session: int, key: str) -> Seat:
    return Seat.objects.select_related("substitute_reserve__player", "table").get(
        session__tournament=tournament, session__number=session, registration__key=key
    )
