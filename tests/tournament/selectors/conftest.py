"""A small event whose figures are computed by hand, for the direct tests of the selectors.

Eight players p01..p08 (First01 Last01, ...; odd numbers NED, even GER), two sessions, both seated and published:

    session 1: table 1 p01 p02 p03 p04, table 2 p05 p06 p07 p08 (E S W N)
    session 2: table 1 p01 p05 p03 p07, table 2 p02 p06 p04 p08

Session 1 has results; session 2 has none yet. Table 1 was first entered with E and N swapped
(22,200 / 30,900 / 25,700 / 41,200) and corrected to version 2: 41,200 / 30,900 / 25,700 / 22,200. Table 2 is
35,000 / 35,000 / 30,000 / 20,000. Penalties in session 1: p02 a chombo, p07 3 minutes late, p05 an obstruction
of 8,000 that was cancelled.

By hand (EMA 2016; rules-interpretation.md sections 1, 3 and 4):
  score = raw - 30,000 (3.6); uma 15,000 / 5,000 / -5,000 / -15,000 (3.6.1), two tied for first split
  15,000 + 5,000 into 10,000 each; a chombo deducts 20,000 after uma (3.4.6), lateness 1,000 a minute (5.7);
  a cancelled penalty deducts nothing.

  p01 +11,200 + 15,000 = 26,200       p05  +5,000 + 10,000 = 15,000 (obstruction cancelled)
  p02    +900 +  5,000 - 20,000 = -14,100   p06  +5,000 + 10,000 = 15,000
  p03  -4,300 -  5,000 =  -9,300      p07       0 -  5,000 - 3,000 = -8,000
  p04  -7,800 - 15,000 = -22,800      p08 -10,000 - 15,000 = -25,000

  standings after session 1: 1 p01, 2= p05, 2= p06, 4 p07, 5 p03, 6 p02, 7 p04, 8 p08
"""

from types import SimpleNamespace

import pytest

from tests.tournament.factories import make_event, numbered_people
from tournament.services import penalties, results
from tournament.services.results import SeatScore

SESSION_1 = [["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]]
SESSION_2 = [["p01", "p05", "p03", "p07"], ["p02", "p06", "p04", "p08"]]

TOTALS = {
    "p01": 26_200,
    "p02": -14_100,
    "p03": -9_300,
    "p04": -22_800,
    "p05": 15_000,
    "p06": 15_000,
    "p07": -8_000,
    "p08": -25_000,
}
# (key, rank, tied) in standings order: shared ranks (rules-interpretation.md section 4)
RANKS = [
    ("p01", 1, False),
    ("p05", 2, True),
    ("p06", 2, True),
    ("p07", 4, False),
    ("p03", 5, False),
    ("p02", 6, False),
    ("p04", 7, False),
    ("p08", 8, False),
]


def enter(table, raws, *, version=0, actor=None, substitutes=None):
    """Enter the raw points (E, S, W, N) as a new version; ``substitutes`` maps a wind to (kind, name)."""
    substitutes = substitutes or {}
    scores = [
        SeatScore(wind, raw, *substitutes.get(wind, ("", ""))) for wind, raw in zip("ESWN", raws, strict=True)
    ]
    return results.enter_table_result(actor=actor, table=table, scores=scores, expected_version=version)


def build_small_event(slug: str = "small"):
    tournament = make_event(slug, numbered_people(8), [SESSION_1, SESSION_2])
    tournament.sessions.update(seating_published=True)
    regs = {r.key: r for r in tournament.registrations.select_related("player")}
    one, two = tournament.sessions.order_by("number")
    table_1, table_2 = one.tables.order_by("number")
    enter(table_1, (22_200, 30_900, 25_700, 41_200))
    enter(table_1, (41_200, 30_900, 25_700, 22_200), version=1)  # the correction
    enter(table_2, (35_000, 35_000, 30_000, 20_000))
    penalties.give_penalty(actor=None, registration=regs["p02"], session=one, kind="chombo")
    penalties.give_penalty(actor=None, registration=regs["p07"], session=one, kind="lateness", minutes=3)
    cancelled = penalties.give_penalty(
        actor=None, registration=regs["p05"], session=one, kind="obstruction", points=8_000, reason="talking"
    )
    penalties.cancel_penalty(actor=None, penalty=cancelled, reason="a misunderstanding")
    tournament.refresh_from_db()
    return SimpleNamespace(tournament=tournament, regs=regs, one=one, two=two, cancelled=cancelled)


@pytest.fixture
def small(db):
    return build_small_event()


def key_of(small, registration_id: int) -> str:
    return next(key for key, reg in small.regs.items() if reg.pk == registration_id)
