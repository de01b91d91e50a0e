"""Penalty amounts, computed by hand from the EMA Riichi Competition Rules 2016 (3.4.6, 5.5, 5.6, 5.7)."""

from datetime import UTC, datetime, timedelta

import pytest

from scoring.errors import ScoringError
from scoring.penalties import (
    SUBSTITUTE,
    PenaltyInput,
    late_arrival,
    late_between,
    lateness_points,
    penalty_points,
)
from scoring.ruleset import EMA_2008, EMA_2016, NTS, build_ruleset


@pytest.mark.parametrize(
    ("section", "penalty", "points"),
    [
        ("3.4.6 chombo: 20,000 after uma", PenaltyInput("chombo"), 20_000),
        ("5.7 example: 1 minute late = 1,000", PenaltyInput("lateness", minutes=1), 1_000),
        ("5.7: 4 minutes late = 4,000", PenaltyInput("lateness", minutes=4), 4_000),
        ("5.7 example: 10 minutes late = 10,000", PenaltyInput("lateness", minutes=10), 10_000),
        ("5.5 obstruction: 8,000", PenaltyInput("obstruction", points=8_000, reason="slow play"), 8_000),
        (
            "5.5 obstruction: 12,000 (chombo level)",
            PenaltyInput("obstruction", points=12_000, reason="x"),
            12_000,
        ),
        ("5.5 obstruction, serious: 30,000", PenaltyInput("obstruction", points=30_000, reason="x"), 30_000),
        (
            "5.5 obstruction, serious: at most 48,000",
            PenaltyInput("obstruction", points=48_000, reason="x"),
            48_000,
        ),
        (
            "5.6 telephone: referee's amount",
            PenaltyInput("telephone", points=2_000, reason="rang twice"),
            2_000,
        ),
        ("other: referee's amount", PenaltyInput("other", points=500, reason="tiles thrown"), 500),
        ("warning: recorded, 0 points", PenaltyInput("warning", reason="first offence"), 0),
    ],
)
def test_penalty_points_ema_2016(section, penalty, points):
    assert penalty_points(EMA_2016, penalty) == points, section


def test_chombo_in_ema_2008_is_paid_at_the_table():
    # 2008 book, 3.4.6: a reverse mangan inside the raw points, nothing after uma
    assert penalty_points(EMA_2008, PenaltyInput("chombo")) == 0


def test_more_than_ten_minutes_late_points_to_substitution():
    with pytest.raises(ScoringError) as error:
        penalty_points(EMA_2016, PenaltyInput("lateness", minutes=11), where="session 3, Anna de Vries")
    assert error.value.code == "lateness_over_limit"
    assert "substitute from the start" in error.value.message
    assert error.value.message.startswith("session 3, Anna de Vries")


@pytest.mark.parametrize(
    ("penalty", "code"),
    [
        (PenaltyInput("lateness", minutes=0), "lateness_minutes"),
        (PenaltyInput("lateness"), "lateness_minutes"),
        (PenaltyInput("obstruction", points=10_000, reason="x"), "obstruction_points"),
        (PenaltyInput("obstruction", points=50_000, reason="x"), "obstruction_points"),
        (PenaltyInput("telephone", points=2_050, reason="x"), "penalty_points"),
        (PenaltyInput("other", points=-1_000, reason="x"), "penalty_points"),
        (PenaltyInput("other", points=1_000_100, reason="x"), "penalty_points"),  # scoring.limits: 1,000,000
        (PenaltyInput("telephone", points=10**30, reason="x"), "penalty_points"),
        (PenaltyInput("other", points=1_000), "penalty_reason"),
        (PenaltyInput("warning"), "penalty_reason"),
        (PenaltyInput("chombo", points=8_000), "penalty_fixed_amount"),
        (PenaltyInput("chombo", minutes=3), "penalty_minutes"),
        (PenaltyInput("yellow card", reason="x"), "penalty_kind"),
    ],
)
def test_bad_penalties_are_refused(penalty, code):
    with pytest.raises(ScoringError) as error:
        penalty_points(EMA_2016, penalty)
    assert error.value.code == code


def test_the_largest_penalty_is_taken():
    """scoring.limits.MAX_PENALTY_POINTS: the books' largest is 48,000 (5.5); an organiser's 'other' up to 1,000,000."""
    assert penalty_points(EMA_2016, PenaltyInput("other", points=1_000_000, reason="x")) == 1_000_000


# 5.7 (EMA 2016): "1,000 points per minute late"; "a player who is late by more than 10 minutes is replaced by a
# substitute". A begun minute counts as a whole one (docs/organisers.md, "Attendance, reserves and late arrivals"):
# the minutes are the seconds late divided by 60, rounded up; the points are minutes x 1,000.
@pytest.mark.parametrize(
    ("seconds", "minutes", "points"),
    [
        (0, 0, 0),  # on time: no penalty
        (1, 1, 1_000),  # 1 s late: the first minute has begun
        (60, 1, 1_000),  # exactly one minute
        (61, 2, 2_000),  # the second minute has begun
        (600, 10, 10_000),  # 10:00, the most 5.7 penalises
        (-30, 0, 0),  # checked in before the start
    ],
)
def test_late_arrival_counts_begun_minutes_5_7(seconds, minutes, points):
    assert late_arrival(seconds, EMA_2016) == minutes
    if minutes:
        assert penalty_points(EMA_2016, PenaltyInput("lateness", minutes=minutes)) == points


def test_more_than_ten_minutes_late_is_a_substitute_5_7():
    assert late_arrival(601, EMA_2016) == SUBSTITUTE  # 10:01 is more than 10 minutes
    assert late_arrival(3_600, EMA_2016) == SUBSTITUTE


# -- issue 32: each rule case pinned -------------------------------------------------------------------------------


def test_lateness_under_a_ruleset_that_overrides_the_points_per_minute_5_7():
    """5.7's 1,000 per minute is a ruleset parameter (rules-interpretation.md section 6): at 500 per minute, 4
    minutes late is 4 x 500 = 2,000 and 10 minutes 5,000."""
    ruleset = build_ruleset("ema-2016", {"lateness_points_per_minute": 500})
    assert penalty_points(ruleset, PenaltyInput("lateness", minutes=4)) == 2_000
    assert penalty_points(ruleset, PenaltyInput("lateness", minutes=10)) == 5_000


def test_lateness_under_a_ruleset_that_overrides_the_limit_5_7():
    """5.7's 10 minutes is a parameter too: with 5, 5 minutes (300 s) is still a penalty of 5,000; 5:01 (301 s),
    or 6 minutes entered, is a substitute."""
    ruleset = build_ruleset("ema-2016", {"lateness_max_minutes": 5})
    assert late_arrival(300, ruleset) == 5
    assert late_arrival(301, ruleset) == SUBSTITUTE
    assert penalty_points(ruleset, PenaltyInput("lateness", minutes=5)) == 5_000
    with pytest.raises(ScoringError) as error:
        penalty_points(ruleset, PenaltyInput("lateness", minutes=6))
    assert error.value.code == "lateness_over_limit"
    assert "6 minutes late is more than 5" in error.value.message


@pytest.mark.parametrize(
    ("seconds", "minutes"),
    [
        (600.7, 10),  # 10:00.7: parts of a second do not count, so 10 minutes (10,000), not a substitute
        (0.9, 0),  # on time to the second
        (60.5, 1),  # 1:00.5 is still the first minute
        (-90, 0),  # a mark 1:30 before the start: on time (0), never a negative lateness
        (-600.5, 0),
    ],
)
def test_late_arrival_to_the_second_and_never_negative_5_7(seconds, minutes):
    assert late_arrival(seconds, EMA_2016) == minutes


def test_a_penalty_of_one_point_under_a_rule_set_counted_in_single_points():
    """NTS counts single points (score unit 1): an 'other' penalty of 1 point is the smallest there is; 0 points is
    no penalty, and True is not a number of points (it would pass as 1)."""
    assert penalty_points(NTS, PenaltyInput("other", points=1, reason="x")) == 1
    for points in (0, True):
        with pytest.raises(ScoringError) as error:
            penalty_points(NTS, PenaltyInput("other", points=points, reason="x"))
        assert error.value.code == "penalty_points"


def test_a_refused_penalty_is_named_penalty_when_no_place_is_given():
    from scoring.penalties import check_penalty

    for check in (penalty_points, check_penalty):
        with pytest.raises(ScoringError) as refused:
            check(EMA_2016, PenaltyInput("warning"))
        assert refused.value.message == "penalty: a warning needs a reason"


def test_the_lateness_arithmetic_is_one_function_5_7():
    """The points of a lateness (scoring.penalties.lateness_points) are what the penalty deducts, under the rules'
    points per minute: the attendance page's proposal and its audit entry ask the same function (issue 29)."""
    ruleset = build_ruleset("ema-2016", {"lateness_points_per_minute": 2_000, "lateness_max_minutes": 5})
    assert lateness_points(3, ruleset) == 6_000
    assert lateness_points(3, ruleset) == penalty_points(ruleset, PenaltyInput("lateness", minutes=3))
    assert lateness_points(7, EMA_2016) == 7_000


def test_late_between_the_clock_start_and_the_arrival_5_7():
    """From the clock's start to the arrival: a begun minute counts, past the rules' limit a substitute, an arrival
    at or before the start on time (0)."""
    started = datetime(2026, 5, 2, 9, 0, tzinfo=UTC)
    ruleset = build_ruleset("ema-2016", {"lateness_max_minutes": 5})
    assert late_between(started, started + timedelta(seconds=61), ruleset) == 2
    assert late_between(started, started + timedelta(seconds=300), ruleset) == 5
    assert late_between(started, started + timedelta(seconds=301), ruleset) == SUBSTITUTE
    assert late_between(started, started, ruleset) == 0
    assert late_between(started, started - timedelta(minutes=3), ruleset) == 0
