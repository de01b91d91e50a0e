"""Issue "Trust on the day", item 12: the services refuse what the forms refuse (scoring.limits), so a command,
an import or a page that skips a form cannot store a date in year 9999, a session of 1,441 minutes or starting
points of 10^24. The refusal is a DomainError naming what and where; nothing is written."""

from datetime import UTC, datetime

import pytest

from scoring.limits import FIRST_YEAR, LAST_YEAR, MAX_RULE_POINTS, MAX_SESSION_MINUTES
from tournament.models import AuditEntry, ClockEvent, Session, Tournament
from tournament.services import DomainError
from tournament.services.clock import start_clock
from tournament.services.sessions import set_sessions
from tournament.services.setup import set_up_tournament
from tournament.services.tournaments import create_tournament, set_ruleset, update_tournament

LAST_MOMENT = datetime(LAST_YEAR, 12, 31, 12, 0, tzinfo=UTC)


def written() -> tuple:
    return tuple(model.objects.count() for model in (Tournament, Session, AuditEntry, ClockEvent))


@pytest.fixture
def fresh(db):
    return set_up_tournament(actor=None, slug="fresh", name="Fresh Open", ruleset="ema-2016", sessions=2)


def refused(call, code: str, *words: str) -> None:
    before = written()
    with pytest.raises(DomainError) as caught:
        call()
    assert caught.value.code == code
    assert all(word in caught.value.message for word in words), caught.value.message
    assert written() == before


@pytest.mark.parametrize("year", [1, FIRST_YEAR - 1, LAST_YEAR + 1, 9999])
def test_a_session_start_outside_the_years_is_refused(fresh, year):
    start = (
        datetime(year, 1, 1, 10, 0, tzinfo=UTC) if year < 9999 else datetime(9999, 12, 31, 23, 59, tzinfo=UTC)
    )
    refused(
        lambda: set_sessions(actor=None, tournament=fresh, count=2, times={1: (start, 90), 2: (None, 90)}),
        "bad_session_start",
        "Session 1",
        f"{FIRST_YEAR} to {LAST_YEAR}",
    )
    refused(
        lambda: set_up_tournament(
            actor=None, slug="other", name="Other", ruleset="ema-2016", sessions=1, starts=[start]
        ),
        "bad_session_start",
    )


@pytest.mark.parametrize("minutes", [0, MAX_SESSION_MINUTES + 1])
def test_a_session_length_outside_1_to_600_is_refused(fresh, minutes):
    refused(
        lambda: set_sessions(actor=None, tournament=fresh, count=2, times={1: (None, minutes)}),
        "bad_session_length",
    )
    refused(
        lambda: start_clock(actor=None, session=fresh.sessions.get(number=1), minutes=minutes), "clock_length"
    )


def test_the_edges_are_taken(fresh):
    set_sessions(
        actor=None, tournament=fresh, count=2, times={1: (None, MAX_SESSION_MINUTES), 2: (LAST_MOMENT, 1)}
    )
    assert list(fresh.sessions.values_list("duration_minutes", "starts_at")) == [
        (MAX_SESSION_MINUTES, None),
        (1, LAST_MOMENT),
    ]
    start_clock(actor=None, session=fresh.sessions.get(number=1), minutes=MAX_SESSION_MINUTES)


@pytest.mark.parametrize(
    ("details", "field"),
    [
        ({"start_date": datetime(9999, 12, 31).date()}, "first day"),
        ({"end_date": datetime(1, 1, 1).date()}, "last day"),
        ({"session_minutes": MAX_SESSION_MINUTES + 1}, "session length"),
    ],
)
def test_tournament_dates_and_lengths_outside_the_limits_are_refused(fresh, details, field):
    refused(
        lambda: create_tournament(actor=None, slug="other", name="Other", **details), "invalid_field", field
    )
    refused(lambda: update_tournament(actor=None, tournament=fresh, **details), "invalid_field", field)


@pytest.mark.parametrize(
    "overrides",
    [
        {"starting_points": 10**24},
        {"uma": [10**30, 0, 0, -(10**30)]},
        {"uma": [MAX_RULE_POINTS + 1, 0, 0, -1]},
        {"chombo_points": MAX_RULE_POINTS + 1},
        {"score_unit": 0},
        {"lateness_max_minutes": MAX_SESSION_MINUTES + 1},
    ],
)
def test_rule_numbers_outside_the_limits_are_refused(fresh, overrides):
    refused(
        lambda: set_ruleset(actor=None, tournament=fresh, ruleset="ema-2016", overrides=overrides),
        "bad_ruleset_value",
    )
    refused(
        lambda: create_tournament(actor=None, slug="other", name="Other", ruleset_overrides=overrides),
        "bad_ruleset_value",
    )


def test_rule_numbers_at_the_limits_are_taken(fresh):
    overrides = {"starting_points": MAX_RULE_POINTS, "uma": [MAX_RULE_POINTS, 0, 0, -MAX_RULE_POINTS]}
    assert set_ruleset(actor=None, tournament=fresh, ruleset="ema-2016", overrides=overrides).rules.uma[
        0
    ] == (MAX_RULE_POINTS)
