"""Issue "Trust on the day", item 12: the archive importer and the settings page take the same session lengths,
dates and rule numbers (scoring.limits). Before, an archive could hold a session of 1,440 minutes that the settings
page (600) then refused to save again, and start dates from 1900 to 2199."""

import copy
from datetime import datetime

import pytest

from scoring.limits import FIRST_YEAR, LAST_YEAR, MAX_RULE_POINTS, MAX_SESSION_MINUTES
from tests.tournament.hostile_files import ARCHIVE
from tournament.readers.archive import ArchiveError, validate_archive
from tournament.services import DomainError
from tournament.services.sessions import set_sessions
from tournament.services.setup import set_up_tournament
from tournament.services.tournaments import set_ruleset


def archive_takes(session: dict | None = None, overrides: dict | None = None) -> bool:
    data = copy.deepcopy(ARCHIVE)
    data["sessions"][0].update(session or {})
    if overrides is not None:  # without results, which would not add up under other starting points
        data["tournament"]["ruleset_overrides"] = overrides
        data["sessions"], data["penalties"] = [], []
    try:
        validate_archive(data)
    except ArchiveError:
        return False
    return True


def settings_take(call) -> bool:
    try:
        call()
    except DomainError:
        return False
    return True


@pytest.fixture
def fresh(db):
    return set_up_tournament(actor=None, slug="fresh", name="Fresh Open", ruleset="ema-2016", sessions=1)


@pytest.mark.parametrize(
    ("minutes", "taken"),
    [(1, True), (90, True), (MAX_SESSION_MINUTES, True)]
    + [
        (0, False),
        (MAX_SESSION_MINUTES + 1, False),
        (1_440, False),
    ],
)
def test_import_and_settings_agree_on_the_session_length(fresh, minutes, taken):
    assert archive_takes({"duration_minutes": minutes}) is taken
    assert settings_take(
        lambda: set_sessions(actor=None, tournament=fresh, count=1, times={1: (None, minutes)})
    ) is (taken)


@pytest.mark.parametrize(
    ("moment", "taken"),
    [
        (f"{FIRST_YEAR}-01-01T00:00:00+00:00", True),
        (f"{LAST_YEAR}-12-31T12:00:00+00:00", True),
        (f"{FIRST_YEAR - 1}-12-31T12:00:00+00:00", False),
        (f"{LAST_YEAR + 1}-01-01T12:00:00+00:00", False),
        ("9999-12-31T23:59:00+00:00", False),
    ],
)
def test_import_and_settings_agree_on_the_years_of_a_session_start(fresh, moment, taken):
    assert archive_takes({"starts_at": moment}) is taken
    start = datetime.fromisoformat(moment)
    assert (
        settings_take(lambda: set_sessions(actor=None, tournament=fresh, count=1, times={1: (start, 90)}))
        is taken
    )


@pytest.mark.parametrize(
    ("overrides", "taken"),
    [
        ({"starting_points": MAX_RULE_POINTS}, True),
        ({"starting_points": MAX_RULE_POINTS + 1}, False),
        ({"uma": [MAX_RULE_POINTS, 0, 0, -MAX_RULE_POINTS]}, True),
        ({"uma": [MAX_RULE_POINTS + 1, 0, 0, -MAX_RULE_POINTS]}, False),
        ({"lateness_max_minutes": MAX_SESSION_MINUTES}, True),
        ({"lateness_max_minutes": MAX_SESSION_MINUTES + 1}, False),
    ],
)
def test_import_and_settings_agree_on_rule_numbers(fresh, overrides, taken):
    assert archive_takes(overrides=overrides) is taken
    assert (
        settings_take(
            lambda: set_ruleset(actor=None, tournament=fresh, ruleset="ema-2016", overrides=overrides)
        )
        is taken
    )
