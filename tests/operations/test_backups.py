"""Backups: the round trip (backup, change, restore: the archive export is byte-identical to before) on SQLite and
on PostgreSQL, the refusals (newer schema, other vendor, not a backup, no --yes), snapshots and their pruning."""

import json
import zipfile
from datetime import UTC, datetime, timedelta
from io import StringIO
from pathlib import Path

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.utils import translation

from tournament.database.backups import MANIFEST, BackupError, list_backups, prune, read_manifest, snapshot
from tournament.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def export(slug: str = "demo") -> str:
    out = StringIO()
    call_command("export_tournament", slug, stdout=out)
    return out.getvalue()


def change_everything(tournament: Tournament) -> None:
    """A change to the event and a tournament that did not exist: the restore must undo both."""
    Tournament.objects.filter(pk=tournament.pk).update(name="Renamed after the backup")
    call_command(
        "demo", "--players", "16", "--sessions", "2", "--played", "1", "--slug", "later", stdout=StringIO()
    )


def round_trip(demo, tmp_path) -> None:
    before = export()
    target = tmp_path / "before.zip"
    call_command("backup", "-o", str(target), stdout=StringIO())
    change_everything(demo)
    assert export() != before
    out = StringIO()
    call_command("restore", str(target), "--yes", stdout=out)
    assert "Restored" in out.getvalue()
    assert export() == before
    assert not Tournament.objects.filter(slug="later").exists()
    assert read_manifest(target).vendor == connection.vendor


@pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite round trip")
def test_round_trip_on_sqlite(demo, tmp_path):
    round_trip(demo, tmp_path)
    with zipfile.ZipFile(tmp_path / "before.zip") as archive:
        assert archive.namelist() == [MANIFEST, "database.sqlite3"]


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the PostgreSQL round trip (pg_dump, pg_restore)"
)
def test_round_trip_on_postgresql(demo, tmp_path):
    round_trip(demo, tmp_path)
    with zipfile.ZipFile(tmp_path / "before.zip") as archive:
        assert archive.namelist() == [MANIFEST, "database.pgdump"]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's notices of changes")
def test_a_restore_tells_the_server_processes_that_everything_changed(demo, tmp_path):
    """The restored rows come back before their triggers: the restore's own notice, at its commit, makes every
    server process read its stamps again (tournament/database/notices.py)."""
    target = tmp_path / "before.zip"
    call_command("backup", "-o", str(target), stdout=StringIO())
    listener = psycopg.connect(**connection.get_connection_params(), autocommit=True)
    try:
        listener.execute("LISTEN tenbou_changes")
        call_command("restore", str(target), "--yes", stdout=StringIO())
        heard = [notice.payload for notice in listener.notifies(timeout=5, stop_after=1)]
    finally:
        listener.close()
    assert heard == ["0"]  # every tournament


def test_the_manifest_records_the_schema(tmp_path):
    call_command("backup", "-o", str(tmp_path / "b.zip"), "--reason", "before the final", stdout=StringIO())
    manifest = read_manifest(tmp_path / "b.zip")
    assert manifest.reason == "before the final" and manifest.format == "tenbou-backup"
    from django.db.migrations.loader import MigrationLoader

    (latest,) = [name for app, name in MigrationLoader(None).graph.leaf_nodes() if app == "tournament"]
    assert manifest.migrations["tournament"] == latest
    assert {"auth", "contenttypes", "sessions", "admin"} <= set(manifest.migrations)


def rewrite_manifest(path: Path, **changes) -> None:
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    manifest = json.loads(members[MANIFEST])
    for key, value in changes.items():
        manifest[key] = value(manifest[key]) if callable(value) else value
    members[MANIFEST] = json.dumps(manifest).encode()
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)


def test_a_backup_of_a_newer_schema_is_refused_and_changes_nothing(demo, tmp_path):
    target = tmp_path / "newer.zip"
    call_command("backup", "-o", str(target), stdout=StringIO())
    rewrite_manifest(target, migrations=lambda state: {**state, "tournament": "0099_from_the_future"})
    Tournament.objects.filter(pk=demo.pk).update(name="Changed")
    before = export()
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(target), "--yes")
    assert str(refused.value) == (
        f"{target}: the backup's schema is newer than this installation "
        "(migration tournament.0099_from_the_future is unknown); upgrade Tenbou first"
    )
    assert export() == before


def test_a_backup_of_the_other_database_vendor_is_refused(tmp_path):
    target = tmp_path / "other.zip"
    call_command("backup", "-o", str(target), stdout=StringIO())
    other = "postgresql" if connection.vendor == "sqlite" else "sqlite"
    rewrite_manifest(target, vendor=other)
    with pytest.raises(
        CommandError, match=f"the backup is of a {other} database; this server uses {connection.vendor}"
    ):
        call_command("restore", str(target), "--yes")


def test_restore_asks_for_yes_and_changes_nothing_without_it(demo, tmp_path):
    target = tmp_path / "b.zip"
    call_command("backup", "-o", str(target), stdout=StringIO())
    Tournament.objects.filter(pk=demo.pk).update(name="Kept")
    with pytest.raises(CommandError, match=r"replaces everything in the database .* run again with --yes"):
        call_command("restore", str(target))
    assert Tournament.objects.get(pk=demo.pk).name == "Kept"


def test_a_file_that_is_not_a_backup_is_refused(tmp_path):
    (tmp_path / "archive.json").write_text("{}", encoding="utf-8")
    with pytest.raises(
        CommandError, match=r"archive.json: not a Tenbou backup \(no readable manifest.json\)"
    ):
        call_command("restore", str(tmp_path / "archive.json"), "--yes")
    with pytest.raises(CommandError, match=r"missing.zip: no such file"):
        call_command("restore", str(tmp_path / "missing.zip"), "--yes")


def test_import_replace_takes_a_snapshot_first(demo, backup_dir, tmp_path):
    archive = tmp_path / "demo.json"
    archive.write_text(export(), encoding="utf-8")
    call_command("import_tournament", str(archive), "--replace", stdout=StringIO())
    snapshots = list_backups()
    assert len(snapshots) == 1
    assert snapshots[0].path.name.startswith("snapshot-") and snapshots[0].path.parent == backup_dir
    assert snapshots[0].manifest.reason == "import_tournament --replace demo"
    out = StringIO()
    call_command("backups", stdout=out)
    assert "import_tournament --replace demo" in out.getvalue() and "kept 14 days" in out.getvalue()


def test_no_snapshot_no_change(demo, settings, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    settings.TENBOU_SNAPSHOTS = True
    settings.TENBOU_BACKUP_DIR = blocker / "backups"
    data = json.loads(export())
    data["tournament"]["name"] = "Replaced"
    archive = tmp_path / "demo.json"
    archive.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(
        CommandError, match=r"demo.json: .*a-file/backups/snapshot-.*: cannot write the backup"
    ):
        call_command("import_tournament", str(archive), "--replace", stdout=StringIO())
    assert Tournament.objects.get(slug="demo").name == demo.name


def test_snapshots_older_than_the_kept_days_are_pruned_and_manual_backups_kept(backup_dir):
    backup_dir.mkdir(parents=True)
    now = datetime(2026, 5, 30, 12, 0, tzinfo=UTC)
    for age in (20, 15, 13):
        stamp = (now - timedelta(days=age)).strftime("%Y%m%dT%H%M%S%fZ")
        (backup_dir / f"snapshot-{stamp}-old.zip").write_bytes(b"")
    (backup_dir / "tenbou-20260101-000000.zip").write_bytes(b"")  # a manual backup: never pruned
    removed = prune(now=now)
    assert len(removed) == 2
    assert sorted(p.name[:17] for p in backup_dir.iterdir()) == ["snapshot-20260517", "tenbou-20260101-0"]


def test_snapshot_names_the_reason_and_lists_unreadable_files(backup_dir):
    path = snapshot("seat by standings: session 5")
    assert path.parent == backup_dir and path.name.endswith("-seat-by-standings-session-5.zip")
    (backup_dir / "broken.zip").write_bytes(b"not a zip")
    listed = list_backups()
    assert [item.path.name for item in listed if item.manifest] == [path.name]
    assert [item.problem for item in listed if not item.manifest] == [
        f"{backup_dir / 'broken.zip'}: not a Tenbou backup (no readable manifest.json)"
    ]


def test_snapshots_can_be_switched_off(settings, backup_dir):
    settings.TENBOU_SNAPSHOTS = False
    assert snapshot("anything") is None
    assert not backup_dir.exists()


def test_the_snapshot_refusal_in_dutch(settings, tmp_path):
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    settings.TENBOU_SNAPSHOTS = True
    settings.TENBOU_BACKUP_DIR = tmp_path / "a-file" / "backups"
    with translation.override("nl"), pytest.raises(BackupError) as refused:
        snapshot("opnieuw indelen")
    assert refused.value.message.startswith(
        "Er kon vóór deze wijziging geen momentopname van de database worden gemaakt, dus er is niets gewijzigd: "
    )
