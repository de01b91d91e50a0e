"""A stale entry or check names when the table was changed in the hall's time, as the table page shows it.

Found by the concurrency tests (tests/operations/test_concurrent_entry.py): the conflict message formatted the
stored time as it came from the database, in UTC, so at a hall in Amsterdam it said "changed at 15:08" under a page
saying "version 1 by ref5 at 17:08".
"""

from datetime import UTC

import pytest
from django.utils import timezone

from tests.tournament.factories import played_event
from tournament.models import TableResult
from tournament.services import DomainError
from tournament.services.checks import check_result
from tournament.services.results import SeatScore, enter_table_result
from tournament.services.tournaments import update_tournament

SCORES = [SeatScore(w, r) for w, r in zip("ESWN", (45_000, 35_000, 25_000, 15_000), strict=True)]


@pytest.fixture
def tokyo(settings):
    """A hall nine hours from UTC, so its clock never reads like UTC's."""
    settings.TIME_ZONE = "Asia/Tokyo"


def _changed_table(make_user):
    event = played_event("stale-time", n_players=4, n_sessions=1, played=0)
    table = event.sessions.get().tables.get()
    olga = make_user("olga", tournament=event, role="referee")
    enter_table_result(actor=olga, table=table, scores=SCORES, expected_version=0)
    saved = TableResult.objects.get(table=table).entered_at  # as read back from the database
    hall, utc = f"{timezone.localtime(saved):%H:%M}", f"{saved.astimezone(UTC):%H:%M}"
    assert hall != utc
    return event, table, hall, utc


@pytest.mark.django_db
def test_a_stale_entry_names_the_hall_time(tokyo, make_user):
    _, table, hall, utc = _changed_table(make_user)
    with pytest.raises(DomainError) as error:
        enter_table_result(actor=None, table=table, scores=SCORES[::-1], expected_version=0)
    assert error.value.code == "stale_result"
    assert f"changed by olga at {hall} (now version 1)" in error.value.message
    assert utc not in error.value.message


@pytest.mark.django_db
def test_a_stale_check_names_the_hall_time(tokyo, make_user):
    event, table, hall, utc = _changed_table(make_user)
    update_tournament(actor=None, tournament=event, confirmation_required=True)
    with pytest.raises(DomainError) as error:
        check_result(actor=None, table=table, version=2, verdict="confirmed")
    assert error.value.code == "stale_result"
    assert f"changed by olga at {hall} (now version 1)" in error.value.message
    assert utc not in error.value.message
