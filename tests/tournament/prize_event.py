"""A small event whose prize winners are worked out by hand, built through the services (no tests here): for the
prize list's selector, page, printed list and certificates, and the browser test.

Eight players p01..p08 (First01 Last01, ...), two sessions, both played (EMA 2016):

    session 1: table 1 p01 60,000 / p02 35,000 / p03 15,000 / p04 10,000   (E S W N)
               table 2 p05 35,000 / p06 45,000 / p07 20,000 / p08 20,000
    session 2: table 1 p01 30,000 / p05 45,000 / p03 24,000 / p07 21,000
               table 2 p02 55,000 / p06 22,500 / p04 21,500 / p08 21,000

By hand: score = raw - 30,000 (3.6); uma 15,000 / 5,000 / -5,000 / -15,000 (3.6.1); p07 and p08, level third in
session 1, split the uma of third and fourth: (-5,000 - 15,000) / 2 = -10,000 each.

    p01  session 1 +30,000 + 15,000 = +45,000 (1st)   session 2      0 + 5,000 =  +5,000 (2nd)  total  50,000
    p02           +5,000 +  5,000 = +10,000 (2nd)             +25,000 + 15,000 = +40,000 (1st)  total  50,000
    p03          -15,000 -  5,000 = -20,000 (3rd)              -6,000 -  5,000 = -11,000 (3rd)  total -31,000
    p04          -20,000 - 15,000 = -35,000 (4th)              -8,500 -  5,000 = -13,500 (3rd)  total -48,500
    p05           +5,000 +  5,000 = +10,000 (2nd)             +15,000 + 15,000 = +30,000 (1st)  total  40,000
    p06          +15,000 + 15,000 = +30,000 (1st)              -7,500 +  5,000 =  -2,500 (2nd)  total  27,500
    p07          -10,000 - 10,000 = -20,000 (3rd=)             -9,000 - 15,000 = -24,000 (4th)  total -44,000
    p08          -10,000 - 10,000 = -20,000 (3rd=)             -9,000 - 15,000 = -24,000 (4th)  total -44,000

Standings (rules-interpretation.md section 4, shared places): 1= p01 and p02, 3 p05, 4 p06, 5 p03, 6= p07 and
p08, 8 p04. With the tie-break best_session: p01 (45,000) before p02 (40,000); p07 and p08 are level on every
tie-break (the same session results), so they stay tied at 6 and hold places 6 and 7.

Categories: newcomer p02, p06, p08 (places among them 1 p02, 2 p06, 3 p08); junior p01, p02 (level at 50,000:
p01 first on best_session). Teams: Dragons p01 + p05 = 90,000, Tigers p02 + p06 = 77,500.
"""

from scoring.table import WINDS
from tests.tournament.factories import make_event, numbered_people
from tournament.models import Registration, Tournament
from tournament.services import results
from tournament.services.prizes import add_prize
from tournament.services.results import SeatScore

SEATING = [
    [["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]],
    [["p01", "p05", "p03", "p07"], ["p02", "p06", "p04", "p08"]],
]
RAW = [
    [[60_000, 35_000, 15_000, 10_000], [35_000, 45_000, 20_000, 20_000]],
    [[30_000, 45_000, 24_000, 21_000], [55_000, 22_500, 21_500, 21_000]],
]
CATEGORIES = {"p01": ["junior"], "p02": ["newcomer", "junior"], "p06": ["newcomer"], "p08": ["newcomer"]}
TEAMS = {"p01": "Dragons", "p05": "Dragons", "p02": "Tigers", "p06": "Tigers"}
PRIZES = [
    ("First place", "overall", "", 1),
    ("Second place", "overall", "", 2),
    ("Sixth place", "overall", "", 6),
    ("Best newcomer", "category", "newcomer", 1),
    ("Best junior", "category", "junior", 1),
    ("Best team", "team", "", 1),
]


def prize_event(slug: str = "prizes", *, tie_breaks=("best_session",), **details) -> Tournament:
    """The event above, with the tie-breaks given, its prizes defined, and any details (name, city, dates)."""
    tournament = make_event(slug, numbered_people(8), SEATING)
    Tournament.objects.filter(pk=tournament.pk).update(tie_breaks=list(tie_breaks), **details)
    for key, names in CATEGORIES.items():
        Registration.objects.filter(tournament=tournament, key=key).update(categories=names)
    for key, team in TEAMS.items():
        Registration.objects.filter(tournament=tournament, key=key).update(team=team)
    for session, tables in zip(tournament.sessions.order_by("number"), RAW, strict=True):
        for table, raws in zip(session.tables.order_by("number"), tables, strict=True):
            scores = [SeatScore(wind, raw) for wind, raw in zip(WINDS, raws, strict=True)]
            results.enter_table_result(actor=None, table=table, scores=scores, expected_version=0)
    tournament.refresh_from_db()
    for title, ranking, category, place in PRIZES:
        add_prize(
            actor=None, tournament=tournament, title=title, ranking=ranking, category=category, place=place
        )
    return tournament
