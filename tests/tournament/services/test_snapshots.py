"""services.snapshots, without writing a real snapshot (the copies, their names, reuse within the window and the
refusals when none can be written are in tests/operations/test_snapshots.py, which needs transactions): when one is
taken, what the audit entry notes, that a nested action takes no second one, and the refusal of an action that
would destroy more than its snapshot holds."""

from pathlib import Path

import pytest

from tests.tournament.services.expect import refused
from tournament.database.backups import BackupError
from tournament.services import snapshots
from tournament.services.snapshots import check_covered, noted, snapshot_before

REASON = "delete tournament spring"


@pytest.fixture
def taken(monkeypatch, settings):
    """Snapshots on; each one "taken" is noted here (reason) instead of written."""
    settings.TENBOU_SNAPSHOTS = True
    calls: list[str] = []

    def fake(reason, *, seatings=None):
        calls.append(reason)
        return Path(f"/backups/{len(calls)}-{reason.replace(' ', '-')}.zip")

    monkeypatch.setattr(snapshots, "snapshot", fake)
    return calls


@pytest.mark.django_db
def test_a_snapshot_is_taken_before_the_block_and_noted_for_its_audit_entry(taken):
    assert noted() == {}
    with snapshot_before(REASON) as path:
        assert taken == [REASON]
        assert noted() == {"snapshot": "1-delete-tournament-spring.zip"} == {"snapshot": path.name}
    assert noted() == {}


@pytest.mark.django_db
def test_a_nested_action_takes_no_second_snapshot(taken):
    with snapshot_before(REASON) as outer, snapshot_before("reseat spring sessions 2") as inner:
        assert inner == outer
    assert taken == [REASON]


@pytest.mark.django_db
def test_nothing_destroyed_or_snapshots_off_take_none(taken, settings):
    with snapshot_before(None) as path:
        assert path is None and noted() == {}
    settings.TENBOU_SNAPSHOTS = False
    with snapshot_before(REASON) as path:
        assert path is None and noted() == {}
    assert taken == []


@pytest.mark.django_db
def test_without_a_snapshot_the_block_does_not_run(monkeypatch, settings):
    settings.TENBOU_SNAPSHOTS = True

    def full_disk(reason, *, seatings=None):
        raise BackupError("the disk is full")

    monkeypatch.setattr(snapshots, "snapshot", full_disk)
    ran = []
    with pytest.raises(BackupError, match="the disk is full"), snapshot_before(REASON):
        ran.append(True)
    assert ran == []


def test_destroying_what_the_snapshot_holds_is_allowed(settings):
    settings.TENBOU_SNAPSHOTS = True
    check_covered([6, 7, 8], [6, 8], where="The seating of Spring Open")
    check_covered([], [], where="The seating of Spring Open")


@pytest.mark.django_db
def test_destroying_more_than_the_snapshot_holds_is_refused(settings):
    settings.TENBOU_SNAPSHOTS = True
    refused(
        lambda: check_covered([6], [6, 7], where="The seating of Spring Open"),
        "changed_meanwhile",
        "The seating of Spring Open changed while the snapshot was being taken, so nothing was changed. "
        "Please try again.",
    )


def test_with_snapshots_off_nothing_is_covered_and_nothing_refused(settings):
    settings.TENBOU_SNAPSHOTS = False
    check_covered([], [6, 7], where="The seating of Spring Open")
