"""A snapshot of the whole database before a destructive action, taken by the service itself, so that the pages,
the admin and the commands all get it (tournament.backups.snapshot writes it; tournament.snapshot_reasons names it).

A service that destroys data kept nowhere else (a seating replaced, sessions removed, a tournament deleted or
replaced) looks first, outside its transaction, at what it will destroy, and runs its transaction inside
``with snapshot_before(reason)``. The snapshot is written before the transaction starts: it copies what is
committed, and the in-memory test database cannot be copied inside a transaction. When it cannot be written, the
``BackupError`` refuses the action before anything changed. Within the block a nested service (or the admin's
delete around the service's) takes no second snapshot.

In its transaction the service looks again and calls ``check_covered``: if more is destroyed now than when the
snapshot was taken (another organiser seated those sessions meanwhile), the action is refused rather than done
without a snapshot of it.
"""

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from django.conf import settings
from django.utils.translation import gettext as _

from tournament.backups import snapshot
from tournament.services.errors import DomainError

_taken: ContextVar[Path | None] = ContextVar("tenbou_snapshot", default=None)


@contextmanager
def snapshot_before(reason: str | None) -> Iterator[Path | None]:
    """Take a snapshot (none when ``reason`` is None, snapshots are off, or one is taken already), then run the
    block; yields the snapshot's path or None. A BackupError leaves the block unrun."""
    if reason is None or _taken.get() is not None:
        yield _taken.get()
        return
    path = snapshot(reason)  # None when snapshots are off: then a nested call takes none either
    taken = _taken.set(path)
    try:
        yield path
    finally:
        _taken.reset(taken)


def noted() -> dict:
    """For an audit entry's data: the file name of the snapshot taken before this change, if any."""
    path = _taken.get()
    return {"snapshot": path.name} if path is not None else {}


def check_covered(covered: Iterable, destroyed: Iterable, *, where: str) -> None:
    """Refuse when the transaction would destroy more than the snapshot was taken for (snapshots on only)."""
    if not settings.TENBOU_SNAPSHOTS:
        return
    if set(destroyed) - set(covered):
        raise DomainError(
            "changed_meanwhile",
            _(
                "%(where)s changed while the snapshot was being taken, so nothing was changed. Please try again."
            )
            % {"where": where},
        )
