"""selectors.statistics on the small event of conftest.py, its session 2 entered from two digital score sheets.

Session 1 has no sheet (the places only): table 1 p01 1, p02 2, p03 3, p04 4 (41,200 / 30,900 / 25,700 / 22,200);
table 2 p05 and p06 level first (35,000 each: both 1st, 3.6.1), p07 3, p08 4.

Session 2, table 1 (E p01, S p05, W p03, N p07) is SHEET_1 of tests/scoring/test_statistics.py, worked by hand
there: final E 38,100, S -4,500, W 22,300, N 64,100; places p07 1, p01 2, p03 3, p05 4; 4 hands played;
p01 a ron of 8,000 and a riichi; p05 a ron of 5,200 and a dealer's tsumo of 3,000, a riichi, a deal-in; p03 a
deal-in; p07 a ron of 32,000 (yakuman), a riichi and a chombo.
Session 2, table 2 (E p02, S p06, W p04, N p08) is SHEET_2 there, with p04's seat played by a substitute from
the start: E 29,500, S 29,700, W 31,100 (the substitute), N 29,700; 2 hands; p06 and p08 share 2nd, p02 4th;
p04's seat is not p04's (only their session 1 counts).
"""

from decimal import Decimal
from fractions import Fraction

import pytest
from django.contrib.auth.models import AnonymousUser

from scoring.statistics import Tally, machine_figures
from scoring.table import FROM_START
from tests.scoring.test_statistics import SHEET_1, SHEET_2
from tests.tournament.selectors.conftest import build_small_event
from tournament.models import Player, Registration, Tournament
from tournament.selectors.statistics import person_statistics, tournament_statistics
from tournament.services import results
from tournament.services.players import register_player
from tournament.services.results import SeatScore


def enter_sheets(small):
    table_1, table_2 = small.two.tables.order_by("number")
    scores_1 = [
        SeatScore(w, raw, "") for w, raw in zip("ESWN", (38_100, -4_500, 22_300, 64_100), strict=True)
    ]
    results.enter_table_result(actor=None, table=table_1, scores=scores_1, hands=SHEET_1)
    scores_2 = [
        SeatScore("E", 29_500, ""),
        SeatScore("S", 29_700, ""),
        SeatScore("W", 31_100, FROM_START, "Guest Player"),
        SeatScore("N", 29_700, ""),
    ]
    results.enter_table_result(actor=None, table=table_2, scores=scores_2, hands=SHEET_2)


@pytest.fixture
def stats(small):
    enter_sheets(small)
    return tournament_statistics(small.tournament)


def tally_of(stats, small, key):
    return stats.tally(small.regs[key].pk)


def test_a_tournament_without_sheets_has_the_places_only(small):
    stats = tournament_statistics(small.tournament)
    assert (stats.tables, stats.sheets) == (2, 0)
    assert tally_of(stats, small, "p01") == Tally(sessions=1, places=(1, 0, 0, 0))
    assert tally_of(stats, small, "p06") == Tally(sessions=1, places=(1, 0, 0, 0))  # level first: both 1st
    assert tally_of(stats, small, "p08") == Tally(sessions=1, places=(0, 0, 0, 1))
    assert machine_figures(tally_of(stats, small, "p08"))["win_rate"] is None


def test_the_sheets_and_the_places(small, stats):
    assert (stats.tables, stats.sheets) == (4, 2)
    p01 = tally_of(stats, small, "p01")
    assert p01 == Tally(
        sessions=2,
        sheets=1,
        hands=4,
        wins=1,
        ron=1,
        riichi=1,
        win_points=8_000,
        highest_win=8_000,
        places=(1, 1, 0, 0),
    )
    p05 = tally_of(stats, small, "p05")
    assert (p05.wins, p05.ron, p05.tsumo, p05.deal_ins, p05.average_win) == (2, 1, 1, 1, 4_100)
    assert p05.places == (1, 0, 0, 1) and p05.average_place == Fraction(5, 2)
    p07 = tally_of(stats, small, "p07")
    assert (p07.chombos, p07.highest_win, p07.places) == (1, 32_000, (1, 0, 1, 0))
    assert tally_of(stats, small, "p03") == Tally(
        sessions=2, sheets=1, hands=4, deal_ins=1, places=(0, 0, 2, 0)
    )
    assert tally_of(stats, small, "p08") == Tally(sessions=2, sheets=1, hands=2, places=(0, 1, 0, 1))


def test_a_seat_a_substitute_played_is_not_the_players(small, stats):
    # p04: session 1 only (4th), nothing of session 2's sheet
    assert tally_of(stats, small, "p04") == Tally(sessions=1, places=(0, 0, 0, 1))


def test_rows_are_alphabetical_and_only_of_those_who_played(small, stats):
    register_player(actor=None, tournament=small.tournament, key="p09", first_name="Ann", last_name="Aalders")
    stats = tournament_statistics(small.tournament)
    assert [info.key for info, _tally in stats.rows()] == [f"p0{n}" for n in range(1, 9)]
    assert machine_figures(stats.tally(small.regs["p05"].pk))["deal_in_rate"] == Decimal("0.2500")


@pytest.fixture
def person(small):
    """p05 of the small event and p01 of another: one person by EMA number."""
    enter_sheets(small)
    other = build_small_event("other")
    person = small.regs["p05"].player
    Player.objects.filter(pk=person.pk).update(ema_id="04120005")
    Registration.objects.filter(pk=other.regs["p01"].pk).update(player=person)  # the same person plays there
    return other.tournament


def slugs(found):
    return [item.tournament.slug for item in found.tournaments]


def test_a_persons_statistics_over_their_tournaments(person):
    found = person_statistics("04120005")
    assert sorted(slugs(found)) == ["other", "small"]
    # small: 2 sessions (1st, 4th), session 2 on a sheet; other: p01 1st of session 1, no sheet
    assert found.total.sessions == 3 and found.total.places == (2, 0, 0, 1)
    assert (found.total.sheets, found.total.hands, found.total.wins) == (1, 4, 2)
    assert found.total.win_rate == Fraction(1, 2)  # 2 wins of the 4 hands on a sheet, not of 3 sessions
    assert {item.tournament.slug: item.sheets for item in found.tournaments} == {
        "small": True,
        "other": False,
    }


def test_a_hidden_tournament_or_hidden_standings_never_count_for_the_public(small, person, make_user):
    Tournament.objects.filter(pk=person.pk).update(is_public=False)
    assert slugs(person_statistics("04120005", reader=AnonymousUser())) == ["small"]
    Tournament.objects.filter(pk=small.tournament.pk).update(standings_hidden=True)
    assert slugs(person_statistics("04120005", reader=AnonymousUser())) == []
    organiser = make_user("org", tournament=small.tournament, role="organiser")
    assert slugs(person_statistics("04120005", reader=organiser)) == ["small"]
    assert sorted(slugs(person_statistics("04120005"))) == ["other", "small"]  # the command line sees both


def test_a_correction_typed_without_hands_leaves_the_places_only(small, stats):
    table_1 = small.two.tables.get(number=1)
    scores = [SeatScore(w, raw, "") for w, raw in zip("ESWN", (38_100, -4_500, 22_300, 64_100), strict=True)]
    results.enter_table_result(
        actor=None, table=table_1, scores=scores, expected_version=1
    )  # version 2, no hands
    corrected = tournament_statistics(small.tournament)
    assert (corrected.tables, corrected.sheets) == (4, 1)
    assert tally_of(corrected, small, "p01") == Tally(sessions=2, places=(1, 1, 0, 0))
