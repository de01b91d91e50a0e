"""The snapshots and backups an organiser sees for a tournament, newest first (tournament.database.backups.list_backups).

An organiser sees the automatic snapshots whose reason names this tournament (tournament.database.snapshot_reasons) and the
backups written with ``manage.py backup`` (each holds the whole database, so this tournament too), unless their
reason names another tournament. Snapshots taken for another tournament are not shown, nor files that cannot be
read. A superuser sees every file in the folder, the unreadable ones with their problem.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings

from tournament.database import snapshot_reasons
from tournament.database.backups import SNAPSHOT_NAME, Listed, Usage, list_backups
from tournament.database.backups import snapshot_usage as _snapshot_usage
from tournament.models import Tournament


@dataclass(frozen=True)
class BackupRow:
    name: str
    size: int
    automatic: bool  # a snapshot before a destructive action (deleted after the kept days), else `backup -o`
    taken: datetime | None = None
    reason: str = ""  # as written in the file
    description: str = ""  # what the snapshot was taken before, in the reader's language
    slug: str | None = None  # the tournament its reason names
    problem: str = ""  # why the file cannot be read

    @property
    def kept_until(self) -> datetime | None:
        """When an automatic snapshot is deleted (by the next snapshot taken after that); None: kept."""
        if not self.automatic or self.taken is None:
            return None
        return self.taken + timedelta(days=settings.TENBOU_BACKUP_KEEP_DAYS)


def snapshot_usage() -> Usage:
    """The room every tournament's snapshots take together (they share TENBOU_BACKUP_MAX_MB)."""
    return _snapshot_usage()


def tournament_backups(tournament: Tournament, user) -> list[BackupRow]:
    rows = [_row(item) for item in list_backups()]
    if user.is_superuser:
        return rows
    return [row for row in rows if _shown_to_organiser(row, tournament.slug)]


def _shown_to_organiser(row: BackupRow, slug: str) -> bool:
    if row.problem:
        return False
    if row.slug is not None:
        return row.slug == slug
    return not row.automatic


def _row(item: Listed) -> BackupRow:
    automatic = SNAPSHOT_NAME.match(item.path.name) is not None
    if item.manifest is None:
        return BackupRow(item.path.name, item.size, automatic, problem=item.problem)
    reason = snapshot_reasons.parse(item.manifest.reason)
    return BackupRow(
        item.path.name,
        item.size,
        automatic,
        taken=datetime.fromisoformat(item.manifest.created),
        reason=item.manifest.reason,
        description=reason.describe() if reason else "",
        slug=reason.slug if reason else None,
    )
