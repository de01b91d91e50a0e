"""The hand-worked event of the finals tests (tests/scoring/finals_event.py, where every figure is worked by hand),
built through the services: 32 players p01..p32 (First01 Last01, ...), six sessions at the same tables, each
result entered; the tie-break best_session."""

from scoring.table import WINDS
from tests.scoring.finals_event import FINAL_RAW, REGULAR, TABLES
from tests.tournament.factories import make_event, numbered_people
from tournament.models import Table, Tournament
from tournament.services import results
from tournament.services.results import SeatScore


def finals_event(slug: str = "open", tie_breaks=("best_session",), seated: int = 6) -> Tournament:
    """``seated``: the sessions seated (every player, the same tables), the first six with their results."""
    tournament = make_event(slug, numbered_people(32), [TABLES] * seated)
    Tournament.objects.filter(pk=tournament.pk).update(tie_breaks=list(tie_breaks))
    tournament.refresh_from_db()
    for session, raws in REGULAR.items():
        for number, raw in enumerate(raws, start=1):
            enter(tournament, session, number, raw)
    return tournament


def enter(tournament: Tournament, session: int, number: int, raw) -> None:
    table = Table.objects.get(session__tournament=tournament, session__number=session, number=number)
    scores = [SeatScore(wind, points) for wind, points in zip(WINDS, raw, strict=True)]
    results.enter_table_result(actor=None, table=table, scores=scores, expected_version=0)


def play_the_final(tournament: Tournament) -> None:
    for number, raw in enumerate(FINAL_RAW, start=1):
        enter(tournament, 7, number, raw)
