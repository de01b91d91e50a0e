"""The public live pages. ``hand_worked`` is the hand-worked event of tests/tournament/test_archive.py (8 players,
sessions 1 and 2 played, session 3 seated without results), its seating published through the service.

Its figures, by hand from the EMA 2016 rules (start 30,000; uma +15,000 / +5,000 / -5,000 / -15,000, ties
split, 3.6.1; chombo 20,000 after uma, 3.4.6; lateness 1,000 a minute after uma, 5.7):

session 1  table 1: a 41,200 +26.2 · b 30,900 +5.9 · c 25,700 -9.3 · d 22,200 -22.8, late 3 min -3.0 = -25.8
           table 2: e 40,000 +20.0 · f 40,000 +20.0 (1st and 2nd shared) · g 25,000 -10.0 · h 15,000 -30.0
           ranks after 1: a 1, e 2=, f 2=, b 4, c 5, g 6, d 7, h 8
session 2  table 1: e 35,000 +20.0 · a 30,000 +5.0, chombo -20.0 = -15.0 · g 28,000 -7.0 · c 27,000 -18.0
           table 2: b 32,000 +12.0 · f 32,000 +12.0 · d 31,000 -4.0 · h 25,000 -20.0
           ranks after 2: e 1 (+40.0), f 2 (+32.0), b 3 (+17.9), a 4 (+11.2), g 5, c 6, d 7, h 8
"""

import copy

import pytest

from tests.tournament.archive.test_archive import HAND_WORKED
from tournament.services import seating
from tournament.services.archive_import import import_archive
from tournament.services.results import SeatScore, enter_table_result


@pytest.fixture(autouse=True)
def fresh_caches():
    """Every test starts with no rendered pages (the overviews are remembered by change stamp, which differs from
    test to test: each stamp holds the time of its latest audit entry)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def hand_worked(db):
    tournament = import_archive(actor=None, data=copy.deepcopy(HAND_WORKED))
    seating.publish_seating(actor=None, tournament=tournament, numbers=[1, 2, 3])
    return tournament


def enter(tournament, session: int, table: int, raws: dict[str, int], **options):
    """Enter a table's result through the service, as the referee's form does."""
    found = tournament.sessions.get(number=session).tables.get(number=table)
    scores = [SeatScore(wind, raw) for wind, raw in raws.items()]
    current = found.results.filter(is_current=True).first()
    return enter_table_result(
        actor=None,
        table=found,
        scores=scores,
        expected_version=current.version if current else 0,
        **options,
    )


def rows(html: str) -> list[str]:
    """The rows of the first table body on the page."""
    body = html.split("<tbody", 1)[1].split("</tbody>", 1)[0]
    return body.split("<tr")[1:]


def row_of(html: str, name: str) -> str:
    return next(row for row in rows(html) if name in row)
