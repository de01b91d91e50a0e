"""Three small finished tournaments for the series tests (tests/tournament/management/test_series_command.py and
the series pages' tests): four players at one table each, with ties, built through the services.

Under EMA 2016 (30,000 to start, uma 15/5/-5/-15, tied players split the uma of their places, 3.6.1):

- t-one, 3-4 Oct. 2026 (2 days: MERS weight 2): Ann 40,000 and Ben 40,000 share 1st (total +20.0 each), Cas
  25,000 3rd, Dee 15,000 4th. Base ranks (N 4): 1000, 1000, 333, 0.
- t-two, 14 Jun. 2025 (1 day: weight 1; on 29 Nov. 2026 17.5 months old: age factor 1/2): Cas 45,000 1st, Nob
  (no EMA number) 35,000 2nd, Ann and Ben 20,000 share 3rd. Base ranks: 1000, 667, 333, 333.
- t-three, 1 Nov. 2026 (weight 1): Eve 50,000 1st, Dee 30,000 2nd, Ann 25,000 3rd, Ben 15,000 4th. Base ranks
  1000, 667, 333, 0.
"""

from datetime import date

from scoring.table import WINDS
from tournament.models import Registration
from tournament.services import players, results, schedule, tournaments
from tournament.services import series as series_services
from tournament.services.results import SeatScore

ON = date(2026, 11, 29)  # the day the pages' and the API's tests rank on (age factors above)

PEOPLE = {
    "ann": ("Ann", "Adams", "04000001", "NED"),
    "ben": ("Ben", "Brown", "04000002", "GER"),
    "cas": ("Cas", "Cole", "04000003", "NED"),
    "dee": ("Dee", "Dunn", "04000004", "FRA"),
    "eve": ("Eve", "Evans", "04000005", "DEN"),
    "nob": ("Nob", "Body", None, "NED"),
}
EVENTS = {
    "t-one": (
        date(2026, 10, 3),
        date(2026, 10, 4),
        [("ann", 40_000), ("ben", 40_000), ("cas", 25_000), ("dee", 15_000)],
    ),
    "t-two": (
        date(2025, 6, 14),
        date(2025, 6, 14),
        [("cas", 45_000), ("nob", 35_000), ("ann", 20_000), ("ben", 20_000)],
    ),
    "t-three": (
        date(2026, 11, 1),
        date(2026, 11, 1),
        [("eve", 50_000), ("dee", 30_000), ("ann", 25_000), ("ben", 15_000)],
    ),
}


def finished_event(slug: str, *, public: bool = True, play: bool = True):
    start, end, seats = EVENTS[slug]
    tournament = tournaments.create_tournament(
        actor=None, slug=slug, name=f"Event {slug}", start_date=start, end_date=end, is_public=public
    )
    for key, _raw in seats:
        first, last, ema_id, country = PEOPLE[key]
        players.register_player(
            actor=None,
            tournament=tournament,
            key=key,
            first_name=first,
            last_name=last,
            ema_id=ema_id,
            country=country,
        )
    by_key = {r.key: r for r in Registration.objects.filter(tournament=tournament)}
    (session,) = schedule.ensure_sessions(actor=None, tournament=tournament, count=1)
    schedule.set_session_seating(actor=None, session=session, tables=[[by_key[key] for key, _raw in seats]])
    if play:
        table = session.tables.get()
        scores = [SeatScore(wind, raw) for wind, (_key, raw) in zip(WINDS, seats, strict=True)]
        results.enter_table_result(actor=None, table=table, scores=scores, expected_version=0)
    return tournament


def three_events(**public):
    return [finished_event(slug, public=public.get(slug.replace("-", "_"), True)) for slug in EVENTS]


def mers_league():
    """The public MERS series "league" of the three events."""
    league = series_services.create_series(actor=None, slug="league", name="League 2026", rule="mers")
    series_services.add_tournaments(actor=None, series=league, tournaments=three_events())
    return league


def rank_on_the_day(monkeypatch):
    """Today is ``ON`` for the pages (the ranking's default date, django.utils.timezone.localdate)."""
    monkeypatch.setattr("django.utils.timezone.localdate", lambda *args: ON if not args else args[0].date())
