"""selectors.ema_checks: what must be right before the EMA results file goes out (ema-results-file.md, "Checks
before export"), on the small event of conftest.py; the player and host checks one by one are in
tests/tournament/ema/test_ema_checks.py."""

from datetime import date

import pytest

from tests.tournament.selectors.conftest import enter
from tournament.models import Player
from tournament.selectors.ema_checks import ERROR, WARNING, ema_problems, errors
from tournament.selectors.ema_results import ema_results
from tournament.services import players
from tournament.services.tournaments import create_tournament, update_tournament

CHECK_QUERIES = 4  # the progress (tables, current results, sessions) and the registrations' keys


@pytest.fixture
def complete(small):
    """The small event with its host data and EMA numbers (08... Dutch for NED, 05... German for GER)."""
    tournament = update_tournament(
        actor=None,
        tournament=small.tournament,
        short_name="SML",
        city="Utrecht",
        country="NED",
        start_date=date(2026, 5, 9),
        end_date=date(2026, 5, 9),
    )
    for number, registration in enumerate(small.regs.values(), start=1):
        prefix = "08" if registration.player.country == "NED" else "05"
        Player.objects.filter(pk=registration.player_id).update(ema_id=f"{prefix}0000{number:02d}")
    return tournament


def codes(problems):
    return [(problem.code, problem.level) for problem in problems]


def test_the_results_of_session_2_are_missing(complete, django_assert_num_queries):
    results = ema_results(complete)
    with django_assert_num_queries(CHECK_QUERIES):
        problems = ema_problems(results)
    assert codes(problems) == [("results_missing", ERROR)]
    assert problems[0].message == "Session 2: no results entered yet (2 tables)."
    assert problems[0].fix_url == "/t/small/referee/sessions/2/"


def test_one_table_missing_is_named_and_none_missing_is_clean(complete, small):
    enter(small.two.tables.get(number=1), (30_000, 30_000, 30_000, 30_000))
    (problem,) = ema_problems(ema_results(complete))
    assert problem.message == "Session 2: no result for table 2."
    enter(small.two.tables.get(number=2), (30_000, 30_000, 30_000, 30_000))
    assert ema_problems(ema_results(complete)) == []


def test_the_query_count_does_not_grow_with_the_players(demo, django_assert_num_queries):
    results = ema_results(demo)
    with django_assert_num_queries(CHECK_QUERIES):
        problems = ema_problems(results)
    assert ("results_missing", ERROR) in codes(problems)


def test_errors_come_first_and_warnings_do_not_stop_the_export(small, django_assert_num_queries):
    """No host data (five errors), session 2 without results (an error), eight players without an EMA number (eight
    warnings: listed with NO, no ranking points)."""
    problems = ema_problems(ema_results(small.tournament))
    assert [p.level for p in problems] == [ERROR] * 6 + [WARNING] * 8
    assert {p.code for p in errors(problems)} == {
        "results_missing",
        "country_missing",
        "city_missing",
        "start_date_missing",
        "end_date_missing",
        "short_name_missing",
    }
    assert problems[-1].message == "First08 Last08 has no EMA number: listed with NO, no ranking points."
    assert problems[-1].fix_url == "/t/small/organise/players/p08/edit/"


def test_a_withdrawn_player_is_not_checked(complete, small):
    """A withdrawn player is not in the file (5.8), so a mistake in his data does not stop it."""
    enter(small.two.tables.get(number=1), (30_000, 30_000, 30_000, 30_000))
    enter(small.two.tables.get(number=2), (30_000, 30_000, 30_000, 30_000))
    Player.objects.filter(pk=small.regs["p03"].player_id).update(country="NLD")
    # NLD is the ISO code (the EMA's is NED), and it is not the country of his Dutch number either
    assert codes(ema_problems(ema_results(complete))) == [("iso_country", ERROR), ("ema_id_country", WARNING)]
    players.set_status(actor=None, registration=small.regs["p03"], status="withdrawn")
    assert ema_problems(ema_results(complete)) == []
    players.set_status(
        actor=None, registration=small.regs["p04"], status="disqualified"
    )  # still ranked: checked
    Player.objects.filter(pk=small.regs["p04"].player_id).update(ema_id=None)
    assert codes(ema_problems(ema_results(complete))) == [("no_ema_id", WARNING)]


def test_reversed_dates_and_classical_rules(complete):
    tournament = update_tournament(actor=None, tournament=complete, end_date=date(2026, 5, 8))
    found = codes(ema_problems(ema_results(tournament)))
    assert ("dates_reversed", ERROR) in found
    nts = create_tournament(actor=None, slug="nts", name="NTS Open", ruleset="nts")
    assert ("not_riichi", WARNING) in codes(ema_problems(ema_results(nts)))


def test_a_tournament_without_sessions_or_players(db):
    bare = create_tournament(actor=None, slug="bare", name="Bare Open", country="NED")
    found = codes(ema_problems(ema_results(bare)))
    assert ("no_sessions", ERROR) in found and ("no_players", ERROR) in found


def test_unconfirmed_results_are_not_ready_while_the_second_check_is_on(complete, small):
    """Issue 21, item 9: with the second check on, a result nobody confirmed is not final (the score sheets and
    the standings treat it so): the EMA file waits for it, naming the tables, as it waits for a missing one."""
    from tournament.services.checks import check_result

    for number in (1, 2):
        enter(small.two.tables.get(number=number), (30_000, 30_000, 30_000, 30_000))
    assert ema_problems(ema_results(complete)) == []
    tournament = update_tournament(actor=None, tournament=complete, confirmation_required=True)
    problems = ema_problems(ema_results(tournament))
    assert codes(problems) == [("results_unconfirmed", ERROR), ("results_unconfirmed", ERROR)]
    assert [p.message for p in problems] == [
        "Session 1: the results of tables 1, 2 are not confirmed yet (second check).",
        "Session 2: the results of tables 1, 2 are not confirmed yet (second check).",
    ]
    assert problems[1].fix_url == "/t/small/referee/sessions/2/"
    for session in (small.tournament.sessions.get(number=1), small.two):
        for table in session.tables.all():
            result = table.results.get(is_current=True)
            if (session.number, table.number) != (2, 2):
                check_result(actor=None, table=table, version=result.version, verdict="confirmed")
    (problem,) = ema_problems(ema_results(tournament))
    assert problem.message == "Session 2: the result of table 2 is not confirmed yet (second check)."
    from django.utils import translation

    with translation.override("nl"):
        (problem,) = ema_problems(ema_results(tournament))
    assert problem.message == "Sessie 2: de uitslag van tafel 2 is nog niet bevestigd (tweede controle)."
