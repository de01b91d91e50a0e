"""selectors.ema_results: the rows of the EMA results file and the MERS figures, on the small event of conftest.py
(standings by hand there: 1 p01, 2= p05, 2= p06, 4 p07, 5 p03, 6 p02, 7 p04, 8 p08)."""

from datetime import date
from decimal import Decimal

from tests.tournament.selectors.conftest import RANKS, TOTALS, enter, key_of
from tournament.selectors.ema_results import ema_results, substitute_count
from tournament.services import players
from tournament.services.tournaments import update_tournament

QUERIES = 6  # the standings' five (selectors.results, without any memo) and the substitutes


def test_the_rows_and_the_weight_of_the_small_event(small, django_assert_max_num_queries):
    """Base rank = round(1000 x (N - place) / (N - 1)), halves up (ema-results-file.md "Base rank"), N = 8:
    1000, 6000/7 = 857.1, 4000/7 = 571.4, 3000/7 = 428.6, 2000/7 = 285.7, 1000/7 = 142.9, 0."""
    with django_assert_max_num_queries(QUERIES):
        found = ema_results(small.tournament)
    assert [
        (key_of(small, row.registration_id), row.place, row.score, row.base_rank) for row in found.rows
    ] == [
        ("p01", 1, 26_200, 1000),
        ("p05", 2, 15_000, 857),
        ("p06", 2, 15_000, 857),
        ("p07", 4, -8_000, 571),
        ("p03", 5, -9_300, 429),
        ("p02", 6, -14_100, 286),
        ("p04", 7, -22_800, 143),
        ("p08", 8, -25_000, 0),
    ]
    assert [key for key, _, _ in RANKS] == [key_of(small, row.registration_id) for row in found.rows]
    assert {key_of(small, row.registration_id): row.score for row in found.rows} == TOTALS
    first = found.rows[0]
    assert (
        first.first_name,
        first.last_name,
        first.ema_id,
        first.ema_member,
        first.country,
        first.status,
    ) == (
        "First01",
        "Last01",
        None,
        False,
        "NED",
        "active",
    )
    # MERS weight (ema-results-file.md): 1 day (no dates: one), 8 players (<= 40: +0), 2 countries (<= 5: +0)
    assert (found.days, found.countries, found.substitutes) == (1, 2, 0)
    assert found.computed_weight.total == found.weight == Decimal(1)


def test_days_qualification_and_the_organisers_weight(small):
    """2 days + qualification required (+1) = 3; the organiser's override is written instead."""
    tournament = update_tournament(
        actor=None,
        tournament=small.tournament,
        start_date=date(2026, 5, 9),
        end_date=date(2026, 5, 10),
        qualification=True,
    )
    found = ema_results(tournament)
    assert found.days == 2 and found.computed_weight.total == found.weight == Decimal(3)
    tournament = update_tournament(actor=None, tournament=tournament, mers_weight_override=Decimal("2.5"))
    found = ema_results(tournament)
    assert found.computed_weight.total == Decimal(3) and found.weight == Decimal("2.5")


def test_withdrawn_players_are_not_rows_and_disqualified_ones_come_last(small):
    """5.8: a withdrawn player is removed from the results; a disqualified one is ranked last (and listed)."""
    players.set_status(actor=None, registration=small.regs["p05"], status="withdrawn")
    players.set_status(actor=None, registration=small.regs["p01"], status="disqualified")
    found = ema_results(small.tournament)
    keys = [key_of(small, row.registration_id) for row in found.rows]
    assert keys == ["p06", "p07", "p03", "p02", "p04", "p08", "p01"]
    last = found.rows[-1]
    assert (last.place, last.status, last.score, last.base_rank) == (7, "disqualified", 26_200, 0)
    assert found.rows[0].base_rank == 1000 and found.rows[1].base_rank == 833  # 5000 / 6 = 833.3


def test_substitutes_count_by_name_once_and_the_unnamed_once(small):
    """Session 2: a substitute from the start for p07 named "Sam  Stand-in", one during the session for p08 named
    "sam stand-in" (the same person: case and spacing ignored) and an unnamed one for p04: two substitutes."""
    one, two = small.two.tables.order_by("number")
    enter(one, (30_000, 30_000, 30_000, 30_000), substitutes={"N": ("from_start", "Sam  Stand-in")})
    enter(
        two,
        (30_000, 30_000, 30_000, 30_000),
        substitutes={"N": ("mid_session", "sam stand-in"), "W": ("from_start", "")},
    )
    assert substitute_count(small.tournament) == 2
    found = ema_results(small.tournament)
    assert found.substitutes == 2 and len(found.rows) == 8  # substitutes are not rows
    enter(two, (30_000, 30_000, 30_000, 30_000), version=1)  # corrected: no substitute at table 2 after all
    assert substitute_count(small.tournament) == 1  # the current results only: Sam at table 1


def test_before_any_result_every_player_shares_the_first_place(db):
    from tests.tournament.factories import make_event, numbered_people

    found = ema_results(make_event("empty", numbered_people(4)))
    assert [(row.place, row.score, row.base_rank) for row in found.rows] == [(1, 0, 1000)] * 4
