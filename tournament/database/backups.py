"""Whole-database backups: ``manage.py backup`` / ``restore`` / ``backups`` and the automatic snapshots.

A backup is a zip file holding ``manifest.json`` (what, when, why, which database vendor, and the schema: the latest
applied migration of every app) and the database copy made by tournament/database/engines.py. ``restore`` refuses a
file from another database vendor or from a newer schema (a migration this installation does not have), so an old
installation never runs on tables it does not know; an older backup is restored and then migrated.

``snapshot(reason)`` is called before a destructive action (``import_tournament --replace``, ...): it writes
``snapshot-<UTC time>-<reason>.zip`` into ``TENBOU_BACKUP_DIR`` and then prunes: it deletes the snapshots older than
``TENBOU_BACKUP_KEEP_DAYS``, and while the snapshots take more than ``TENBOU_BACKUP_MAX_MB`` the oldest ones, never
the newest snapshot of a tournament; files written with ``backup -o`` are never deleted (nor counted). When it
cannot write, it raises ``BackupError`` (a ``DomainError``), so the action is refused rather than done without its
snapshot. A snapshot may also hold ``seatings.json``, what services.snapshots needs to decide whether a later
action in its window is already covered by it.
"""

import json
import re
import tempfile
import zipfile
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import django
from django.conf import settings
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournament.database import snapshot_reasons
from tournament.database.engines import EngineError, engine_for_connection
from tournament.errors import DomainError
from tournament.logs import refusals

FORMAT = "tenbou-backup"
VERSION = 1
MANIFEST = "manifest.json"
SEATINGS = "seatings.json"
MB = 1024 * 1024  # as the pages show sizes (filesizeformat)
SNAPSHOT_NAME = re.compile(r"snapshot-(\d{8}T\d{6}\d{6}Z)-")
_STAMP = "%Y%m%dT%H%M%S%fZ"


class BackupError(DomainError):
    def __init__(self, message: str):
        super().__init__("backup", message)


@dataclass(frozen=True)
class Manifest:
    format: str
    version: int
    created: str
    vendor: str
    reason: str
    migrations: dict[str, str]
    django: str


@dataclass(frozen=True)
class Listed:
    path: Path
    size: int
    manifest: Manifest | None
    problem: str = ""


@dataclass(frozen=True)
class Usage:
    """The automatic snapshots in TENBOU_BACKUP_DIR: how many, their bytes, and the bytes allowed."""

    count: int
    size: int
    limit: int

    @property
    def limit_mb(self) -> int:
        """The bound as it was set (TENBOU_BACKUP_MAX_MB), shown whole: "1,000 MB", not "1000.0 MB"."""
        return self.limit // MB


def schema_state() -> dict[str, str]:
    """The latest applied migration of every app (migration names start with their number)."""
    latest: dict[str, str] = {}
    for app, name in MigrationRecorder(connection).applied_migrations():
        latest[app] = max(latest.get(app, name), name)
    return dict(sorted(latest.items()))


def write_backup(target: Path, *, reason: str = "", seatings: dict | None = None) -> Manifest:
    """Write a backup of the whole database to ``target`` (replaced only once the new file is complete), with
    ``seatings`` as seatings.json when given."""
    target = Path(target)
    try:
        engine = engine_for_connection()
        manifest = Manifest(
            FORMAT, VERSION, _now().isoformat(), engine.vendor, reason, schema_state(), django.__version__
        )
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=target.parent, prefix=".tenbou-backup-") as work:
            copy = Path(work) / engine.member
            engine.dump(copy)
            partial = Path(work) / "backup.zip"
            with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, allowZip64=True) as archive:
                archive.writestr(MANIFEST, json.dumps(asdict(manifest), indent=2) + "\n")
                if seatings is not None:
                    archive.writestr(SEATINGS, json.dumps(seatings, sort_keys=True))
                archive.write(copy, engine.member)
            partial.replace(target)
    except EngineError as error:
        raise BackupError(f"{target}: {error}") from error
    except OSError as error:
        raise BackupError(f"{target}: cannot write the backup ({error.strerror})") from error
    return manifest


def read_manifest(path: Path) -> Manifest:
    try:
        with zipfile.ZipFile(path) as archive:
            data = json.loads(archive.read(MANIFEST))
        manifest = Manifest(**data)
    except FileNotFoundError as error:
        raise BackupError(f"{path}: no such file") from error
    except (OSError, KeyError, TypeError, ValueError, zipfile.BadZipFile) as error:
        raise BackupError(f"{path}: not a Tenbou backup (no readable {MANIFEST})") from error
    if manifest.format != FORMAT or manifest.version > VERSION:
        raise BackupError(f"{path}: not a Tenbou backup of a version this installation reads")
    return manifest


def check_restorable(path: Path, manifest: Manifest) -> None:
    """Refuse a backup of another vendor or of a newer schema, naming the first unknown migration."""
    if manifest.vendor != connection.vendor:
        raise BackupError(
            f"{path}: the backup is of a {manifest.vendor} database; this server uses {connection.vendor}"
        )
    known = MigrationLoader(None, ignore_no_migrations=True).disk_migrations
    for app, name in manifest.migrations.items():
        if (app, name) not in known:
            raise BackupError(
                f"{path}: the backup's schema is newer than this installation (migration {app}.{name} is unknown); "
                "upgrade Tenbou first"
            )


def restore_backup(path: Path) -> Manifest:
    """Replace the whole database with the backup's. Checks first; a failed restore leaves the database as it was."""
    path = Path(path)
    manifest = read_manifest(path)
    check_restorable(path, manifest)
    engine = engine_for_connection()
    try:
        with tempfile.TemporaryDirectory(prefix="tenbou-restore-") as work:
            with zipfile.ZipFile(path) as archive:
                copy = Path(archive.extract(engine.member, work))
            engine.load(copy)
    except EngineError as error:
        raise BackupError(f"{path}: {error}") from error
    except (OSError, KeyError, zipfile.BadZipFile) as error:
        raise BackupError(f"{path}: the backup's database copy cannot be read") from error
    return manifest


def backup_dir() -> Path:
    return Path(settings.TENBOU_BACKUP_DIR)


def snapshot(reason: str, *, seatings: dict | None = None) -> Path | None:
    """A backup before a destructive action, into TENBOU_BACKUP_DIR; None when snapshots are switched off.

    Call it before the action's transaction: the copy is of what is committed (SQLite through its own read-only
    connection, PostgreSQL through pg_dump's own session), and an in-memory test database cannot be copied inside one.
    """
    if not settings.TENBOU_SNAPSHOTS:
        return None
    now = _now()
    target = backup_dir() / f"snapshot-{now.strftime(_STAMP)}-{slugify(reason)[:60] or 'manual'}.zip"
    try:
        write_backup(target, reason=reason, seatings=seatings)
    except BackupError as error:
        message = _(
            "No snapshot of the database could be taken before this change, so nothing was changed: %(problem)s"
        )
        raise BackupError(message % {"problem": error.message}) from error
    prune(now=now)
    return target


def prune(*, now: datetime | None = None) -> list[Path]:
    """Delete the snapshots older than TENBOU_BACKUP_KEEP_DAYS (by the time in their name), then, while the
    snapshots take more than TENBOU_BACKUP_MAX_MB, the oldest, never the newest of a tournament; returns them."""
    limit = (now or _now()) - timedelta(days=settings.TENBOU_BACKUP_KEEP_DAYS)
    removed = []
    for path in _snapshot_files():
        taken = _snapshot_time(path)
        if taken is not None and taken < limit:
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed + _prune_to_limit()


def _prune_to_limit() -> list[Path]:
    files = [(path, path.stat().st_size, snapshot_slug(path)) for path in _snapshot_files()]
    newest = {slug: path for path, _size, slug in files}  # oldest first: the last of each tournament stays
    total = sum(size for _path, size, _slug in files)
    removed = []
    for path, size, _slug in files:
        if total <= settings.TENBOU_BACKUP_MAX_MB * MB:
            break
        if path not in newest.values():
            path.unlink(missing_ok=True)
            total -= size
            removed.append(path)
    return removed


def snapshot_usage() -> Usage:
    sizes = [path.stat().st_size for path in _snapshot_files()]
    return Usage(count=len(sizes), size=sum(sizes), limit=settings.TENBOU_BACKUP_MAX_MB * MB)


def latest_snapshot(slug: str, *, since: datetime) -> Path | None:
    """The newest snapshot taken for this tournament (its reason names it) no earlier than ``since``."""
    for path in reversed(_snapshot_files()):
        taken = _snapshot_time(path)
        if taken is None or taken < since:
            return None
        if snapshot_slug(path) == slug:
            return path
    return None


def snapshot_slug(path: Path) -> str | None:
    """The tournament a snapshot's reason names (tournament.database.snapshot_reasons); None when it names none."""
    try:
        reason = snapshot_reasons.parse(read_manifest(path).reason)
    except BackupError as unreadable:
        refusals.withdraw(unreadable)  # a question, not a refused action
        return None
    return reason.slug if reason else None


def read_seatings(path: Path) -> dict:
    """A snapshot's seatings.json; empty when it has none (an older snapshot) or it cannot be read."""
    try:
        with zipfile.ZipFile(path) as archive:
            return json.loads(archive.read(SEATINGS))
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return {}


def _snapshot_files() -> list[Path]:
    """The snapshots in TENBOU_BACKUP_DIR, oldest first (their names start with the time)."""
    return sorted(path for path in backup_dir().glob("snapshot-*.zip") if _snapshot_time(path) is not None)


def list_backups(directory: Path | None = None) -> list[Listed]:
    """Every backup file in the folder, newest first; an unreadable one is listed with its problem."""
    folder = Path(directory) if directory is not None else backup_dir()
    listed = []
    for path in folder.glob("*.zip") if folder.is_dir() else []:
        try:
            listed.append(Listed(path, path.stat().st_size, read_manifest(path)))
        except BackupError as error:
            listed.append(Listed(path, path.stat().st_size, None, error.message))
    return sorted(
        listed,
        key=lambda item: (item.manifest.created if item.manifest else "", item.path.name),
        reverse=True,
    )


def default_backup_name() -> str:
    return f"tenbou-{_now().strftime('%Y%m%d-%H%M%S')}.zip"


def _snapshot_time(path: Path) -> datetime | None:
    match = SNAPSHOT_NAME.match(path.name)
    return datetime.strptime(match.group(1), _STAMP).replace(tzinfo=UTC) if match else None


def _now() -> datetime:
    return datetime.now(UTC)
