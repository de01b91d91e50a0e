"""selectors.problems.dashboard_problems: what the organiser should fix, on the small event of conftest.py (eight
players seated in two sessions, session 1 played, no referee, no host data, no EMA numbers)."""

import pytest

from tests.tournament.selectors.conftest import enter
from tournament.models import Table
from tournament.selectors.problems import ERROR, INFO, WARNING, dashboard_problems
from tournament.selectors.progress import tournament_progress
from tournament.services import checks, players, publication, sheets
from tournament.services.tournaments import create_tournament, update_tournament

# players seated, the withdrawn players' seats (1-2), the players and seats of open sessions and the cut (3), tables with a
# chombo on the sheet, the referees, the EMA checks (the standings' five, the substitutes, progress 3, keys)
QUERIES = 18


def problems(tournament):
    return dashboard_problems(tournament, tournament_progress(tournament))


def lines(found):
    return [(p.level, p.message, p.fix_url) for p in found]


def test_the_small_event(small, django_assert_max_num_queries):
    """Five EMA errors (host data), then the missing referee and the eight EMA warnings (no EMA numbers) counted in
    one line; the results still to come in session 2 are no problem."""
    progress = tournament_progress(small.tournament)
    with django_assert_max_num_queries(QUERIES):
        found = dashboard_problems(small.tournament, progress)
    fix = "/t/small/organise/settings/#details"
    assert lines(found) == [
        (ERROR, "EMA results file: The host country is not set.", fix),
        (ERROR, "EMA results file: The host city is not set.", fix),
        (ERROR, "EMA results file: The first day of the tournament is not set.", fix),
        (ERROR, "EMA results file: The last day of the tournament is not set.", fix),
        (ERROR, "EMA results file: The tournament's short name is not set.", fix),
        (WARNING, "No referee is appointed; only organisers can enter results.", "/t/small/organise/staff/"),
        (WARNING, "8 more remarks on the EMA results file.", "/t/small/organise/ema/"),
    ]


@pytest.fixture
def quiet(small, make_user):
    """The small event with a referee and its host data: only the eight EMA warnings remain."""
    make_user("rita", tournament=small.tournament, role="referee")
    from datetime import date

    return update_tournament(
        actor=None,
        tournament=small.tournament,
        short_name="SML",
        city="Utrecht",
        country="NED",
        start_date=date(2026, 5, 9),
        end_date=date(2026, 5, 9),
    )


def test_a_withdrawn_player_with_a_seat_in_session_2(quiet, small):
    """Seven players left: every session is seated, so the count says nothing (issue 28); p03's seat in session 2
    is the one to decide on."""
    players.set_status(actor=None, registration=small.regs["p03"], status="withdrawn")
    found = lines(problems(quiet))
    assert not any("multiple of 4" in line[1] for line in found)
    assert found[:1] == [
        (
            ERROR,
            "First03 Last03 is withdrawn but still has seats in sessions without results.",
            "/t/small/organise/seating/withdrawals/",
        ),
    ]
    players.set_status(actor=None, registration=small.regs["p04"], status="disqualified")  # still seated
    assert lines(problems(quiet))[:1] == found[:1]


def test_a_player_registered_after_the_seating(quiet, small):
    for key in ("p09", "p10", "p11", "p12"):
        players.register_player(
            actor=None, tournament=quiet, key=key, first_name="Late", last_name=key, country="BEL"
        )
    found = [p for p in problems(quiet) if p.level == ERROR]
    assert found[0].message == "4 players have no seat in sessions 2: make a new seating for them."


def test_unpublished_seating_and_a_disputed_result(quiet, small, make_user):
    small.tournament.sessions.filter(number=2).update(seating_published=False)
    tournament = update_tournament(actor=None, tournament=quiet, confirmation_required=True)
    checker = make_user("carla", tournament=tournament, role="referee")
    checks.check_result(
        actor=checker, table=small.one.tables.get(number=2), version=1, verdict="disputed", reason="swapped"
    )
    found = lines(problems(tournament))
    assert found[0] == (
        ERROR,
        "Session 1, table 2: the result is disputed.",
        "/t/small/referee/sessions/1/tables/2/",
    )
    assert (WARNING, "The seating of sessions 2 is not public yet.", "/t/small/organise/seating/") in found


def test_a_hidden_tournament_and_hidden_standings_are_noted(quiet):
    publication.set_public(actor=None, tournament=quiet, public=False)
    publication.set_standings_hidden(actor=None, tournament=quiet, hidden=True)
    quiet.refresh_from_db()
    notes = [(p.level, p.message) for p in problems(quiet) if p.level == INFO]
    assert notes == [
        (INFO, "The tournament is not public: only its staff see it."),
        (INFO, "The standings are hidden from the public."),
    ]


def test_a_new_tournament(db):
    found = lines(problems(create_tournament(actor=None, slug="new", name="New Open")))
    assert found[:2] == [
        (ERROR, "No player is registered yet.", "/t/new/organise/players/"),
        (ERROR, "The tournament has no sessions.", "/t/new/organise/settings/#sessions"),
    ]


def players_chombo(table, offender="S", count=0, key="c"):
    sheets.add_line(
        actor=None,
        table=table,
        kind="hand",
        expected_count=count,
        submission_key=f"{key}-{table.pk}-{count}",
        hand={"chombo": offender},
        by_players=True,
    )


def test_chombos_the_players_entered_wait_for_a_referee(quiet, small, django_assert_max_num_queries):
    """3.4.6: a chombo counts once a referee records it; until then its table is named. The query count does not
    grow with the tables that have one."""
    one, two = (
        Table.objects.select_related("session__tournament").get(pk=t.pk) for t in small.two.tables.all()
    )
    players_chombo(one)
    progress = tournament_progress(quiet)
    with django_assert_max_num_queries(QUERIES + 2) as one_table:
        found = dashboard_problems(quiet, progress)
    assert (
        WARNING,
        "Session 2, table 1: the players entered a chombo on the score sheet; it counts only once a referee "
        "records it.",
        "/t/small/referee/sessions/2/tables/1/",
    ) in lines(found)
    players_chombo(two, "E")
    players_chombo(two, "W", count=1)
    with django_assert_max_num_queries(len(one_table)):
        found = dashboard_problems(quiet, progress)
    assert (
        "Session 2, table 2: the players entered 2 chombos on the score sheet; they count only once a referee "
        "records them."
    ) in [p.message for p in found]
    sheets.record_sheet_chombo(actor=None, table=one, line=1)
    assert not [p for p in problems(quiet) if "table 1" in p.message]


def test_a_result_entered_after_the_seating_is_not_a_problem(quiet, small):
    """Only the eight EMA warnings are left, counted in one line."""
    enter(small.two.tables.get(number=1), (30_000, 30_000, 30_000, 30_000))
    assert [(p.level, p.message) for p in problems(quiet)] == [
        (WARNING, "8 more remarks on the EMA results file."),
    ]
