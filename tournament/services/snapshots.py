"""A snapshot of the whole database before a destructive action, taken by the service itself, so that the pages,
the admin and the commands all get it (tournament.database.backups.snapshot writes it; tournament.database.snapshot_reasons names it).

A service that destroys data kept nowhere else (a seating replaced, sessions removed, a tournament deleted or
replaced) looks first, outside its transaction, at what it will destroy, and runs its transaction inside
``with snapshot_before(reason)``. The snapshot is written before the transaction starts: it copies what is
committed, and the in-memory test database cannot be copied inside a transaction. When it cannot be written, the
``BackupError`` refuses the action before anything changed. Within the block a nested service (or the admin's
delete around the service's) takes no second snapshot.

In its transaction the service looks again and calls ``check_covered``: if more is destroyed now than when the
snapshot was taken (another organiser seated those sessions meanwhile), the action is refused rather than done
without a snapshot of it.

Coalescing: a burst of changes (the session count set to 7, 8, 7, 8 ...) takes one snapshot, not one each. An
action that replaces or removes the seating of sessions reuses the last snapshot of the same tournament when that
one is younger than TENBOU_SNAPSHOT_WINDOW_SECONDS and already holds everything the action destroys: each of those
sessions either has no seating (a session without seating holds only its start and length) or has, table for table
and seat for seat, the seating the snapshot holds (its seatings.json has a fingerprint of every seated session of
the tournament, made before the database was copied). A seating made after that snapshot is in none, so it gets a
new snapshot, however soon; so does deleting or replacing a whole tournament. The audit entry names the snapshot
reused, the one that holds what was destroyed.
"""

import hashlib
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime, timedelta
from pathlib import Path

from django.conf import settings

from tournament.database import snapshot_reasons
from tournament.database.backups import latest_snapshot, read_seatings, snapshot
from tournament.errors import DomainError
from tournament.models import Tournament
from tournament.selectors.seating_plan import stored_seating

SEATING_ACTIONS = (snapshot_reasons.RESEAT, snapshot_reasons.REMOVE_SESSIONS)

_taken: ContextVar[Path | None] = ContextVar("tenbou_snapshot", default=None)


@contextmanager
def snapshot_before(reason: str | None) -> Iterator[Path | None]:
    """Take a snapshot (none when ``reason`` is None, snapshots are off, or one is taken already; the last one when
    it covers this action, see above), then run the block; yields the snapshot's path or None. A BackupError leaves
    the block unrun."""
    if reason is None or _taken.get() is not None:
        yield _taken.get()
        return
    # None when snapshots are off: then a nested call takes none either
    path = _covering(reason) or _new_snapshot(reason)
    taken = _taken.set(path)
    try:
        yield path
    finally:
        _taken.reset(taken)


def _new_snapshot(text: str) -> Path | None:
    if not settings.TENBOU_SNAPSHOTS:
        return None
    # the fingerprints before the copy: a seating changed in between is then in the copy, not in the fingerprints
    return snapshot(text, seatings=_seatings(snapshot_reasons.parse(text)))


def _covering(text: str) -> Path | None:
    """The last snapshot of the tournament, taken within the window, when it holds all this action destroys."""
    reason = snapshot_reasons.parse(text)
    window = settings.TENBOU_SNAPSHOT_WINDOW_SECONDS
    if not (settings.TENBOU_SNAPSHOTS and window and reason and reason.action in SEATING_ACTIONS):
        return None
    last = latest_snapshot(reason.slug, since=datetime.now(UTC) - timedelta(seconds=window))
    if last is None:
        return None
    held, now = read_seatings(last), _seatings(reason) or {}
    destroyed = [str(number) for number in reason.numbers() if str(number) in now]  # the seated ones
    return last if all(held.get(number) == now[number] for number in destroyed) else None


def _seatings(reason: snapshot_reasons.Reason | None) -> dict[str, str] | None:
    """A fingerprint of the seating of every seated session of the reason's tournament, by session number."""
    tournament = Tournament.objects.filter(slug=reason.slug).first() if reason else None
    if tournament is None:
        return None
    return {
        str(number): hashlib.sha256(json.dumps(tables).encode()).hexdigest()
        for number, tables in stored_seating(tournament).items()
    }


def noted() -> dict:
    """For an audit entry's data: the file name of the snapshot taken before this change, if any."""
    path = _taken.get()
    return {"snapshot": path.name} if path is not None else {}


def check_covered(covered: Iterable, destroyed: Iterable, *, where: str) -> None:
    """Refuse when the transaction would destroy more than the snapshot was taken for (snapshots on only)."""
    if not settings.TENBOU_SNAPSHOTS:
        return
    if set(destroyed) - set(covered):
        raise DomainError.coded("changed_meanwhile", where=where)
