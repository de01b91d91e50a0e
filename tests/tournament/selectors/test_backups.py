"""selectors.backups: the snapshots and backups an organiser sees for a tournament (its own snapshots and the
whole-database backups), and everything for a superuser. The files hold their manifest only: the selector reads
nothing else, and no database row (the page is in tests/operations/test_backups_page.py)."""

import json
import zipfile
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import User

from tournament.database.backups import FORMAT, MANIFEST
from tournament.selectors.backups import BackupRow, snapshot_usage, tournament_backups
from tournament.services.tournaments import create_tournament

OWN = "snapshot-20260530T100000000000Z-reseat-small-sessions-6-8.zip"
OTHERS = "snapshot-20260530T110000000000Z-delete-tournament-other.zip"
MANUAL = "tenbou-20260529-080000.zip"
MANUAL_OTHER = "tenbou-20260529-090000.zip"


def write(folder, name: str, created: str, reason: str) -> None:
    with zipfile.ZipFile(folder / name, "w") as archive:
        manifest = {"format": FORMAT, "version": 1, "created": created, "vendor": "sqlite", "reason": reason}
        archive.writestr(MANIFEST, json.dumps({**manifest, "migrations": {}, "django": "5.2"}))


@pytest.fixture
def folder(settings, tmp_path):
    settings.TENBOU_BACKUP_DIR = tmp_path
    settings.TENBOU_BACKUP_KEEP_DAYS = 14
    write(tmp_path, OWN, "2026-05-30T10:00:00+00:00", "reseat small sessions 6-8")
    write(tmp_path, OTHERS, "2026-05-30T11:00:00+00:00", "delete tournament other")
    write(tmp_path, MANUAL, "2026-05-29T08:00:00+00:00", "before the final")
    write(tmp_path, MANUAL_OTHER, "2026-05-29T09:00:00+00:00", "remove other sessions 7")
    (tmp_path / "broken.zip").write_bytes(b"not a zip")
    return tmp_path


@pytest.fixture
def small_event(db):
    return create_tournament(actor=None, slug="small", name="Small Open")


def test_the_organiser_sees_this_tournaments_snapshots_and_the_backups(
    folder, small_event, django_assert_num_queries
):
    organiser = User(username="org")
    with django_assert_num_queries(0):
        found = tournament_backups(small_event, organiser)
    assert [row.name for row in found] == [OWN, MANUAL]
    own, manual = found
    assert own == BackupRow(
        OWN,
        (folder / OWN).stat().st_size,
        True,
        taken=datetime(2026, 5, 30, 10, tzinfo=UTC),
        reason="reseat small sessions 6-8",
        description="before the seating of sessions 6-8 was replaced",
        slug="small",
    )
    assert own.kept_until == datetime(2026, 5, 30, 10, tzinfo=UTC) + timedelta(days=14)
    assert (manual.automatic, manual.slug, manual.description, manual.kept_until) == (False, None, "", None)


def test_a_superuser_sees_every_file_with_the_unreadable_ones(folder, small_event):
    root = User(username="root", is_superuser=True)
    found = {row.name: row for row in tournament_backups(small_event, root)}
    assert set(found) == {OWN, OTHERS, MANUAL, MANUAL_OTHER, "broken.zip"}
    assert "not a Tenbou backup" in found["broken.zip"].problem and found["broken.zip"].taken is None
    assert found[OTHERS].slug == "other" and found[MANUAL_OTHER].slug == "other"


def test_the_room_the_snapshots_take(folder, settings):
    settings.TENBOU_BACKUP_MAX_MB = 2
    usage = snapshot_usage()
    sizes = [(folder / name).stat().st_size for name in (OWN, OTHERS)]  # backups with -o are not counted
    assert (usage.count, usage.size, usage.limit) == (2, sum(sizes), 2 * 1024 * 1024)


def test_no_folder_no_files(settings, tmp_path, small_event):
    settings.TENBOU_BACKUP_DIR = tmp_path / "nowhere"
    assert tournament_backups(small_event, User(username="org")) == []
    assert snapshot_usage().count == 0
