"""The change stamp of a tournament: what the public pages' cache keys, ETags and Last-Modified are made of.

Every change by a person goes through a service that writes an audit entry with the tournament in the same
transaction (tournament.services.audit); changes without a tournament (a person's name edited in the admin, a
tournament deleted) are entries without one and count for every tournament. The stamp is read from the database
on every request, so several server processes agree on it and none keeps a notion of "fresh" of its own.

The stamp is the highest id of those entries and the time of that newest entry, and on PostgreSQL their number too.
The count matters on PostgreSQL: ids come from a sequence when a row is written, not when its transaction commits,
so a slower transaction can commit an entry with a lower id after a faster one; the highest id stays the same but
the count grows. Entries are never deleted, so an equal count means the same entries. PostgreSQL keeps the count
per tournament (and one for the entries without one) in ``ChangeCount``, written by a trigger when the entries'
transaction commits (migration 0014), so the stamp reads two rows instead of counting the log. SQLite has one
writer at a time (each write transaction takes the lock when it begins: config/settings.py) and never hands an id
out twice (AUTOINCREMENT), so its entries are committed in the order of their ids and the highest id alone names
them: it does not count (``entries`` is 0). Either way the stamp costs the same however long the log grows. The
time makes a stamp unique across databases (a test database rolled back, a backup restored), where counts and ids
can repeat; an entry's time is taken when it is written, as its id, so the newest entry by id is the latest by time.

The stamp is read on every request to a public page, the 304s too, so it is one statement: on SQLite a look into
the index of the tournament column (the entries of the tournament and those without one, each apart: an OR of the
two made SQLite read every row), on PostgreSQL the two counts' rows; then the newest entry's row for its time.

Read the stamp before the data a page shows: a change committed in between makes the page newer than its stamp,
never older, and the next request sees a new stamp.
"""

from datetime import datetime
from typing import NamedTuple

from django.db import connection

from tournament.models import AuditEntry, ChangeCount, Tournament


class Stamp(NamedTuple):
    entries: int  # 0 on SQLite, where the highest id names the entries
    last_id: int
    at: datetime | None  # the time of the latest entry: the page's Last-Modified

    @property
    def token(self) -> str:
        micros = int(self.at.timestamp() * 1_000_000) if self.at else 0
        return f"{self.entries}.{self.last_id}.{micros}"


def change_stamp(tournament: Tournament) -> Stamp:
    """One statement: the count and highest id of the tournament's entries and of those without a tournament, and
    the time of the newest of them."""
    found = next(iter(AuditEntry.objects.raw(_STAMP_SQL, [tournament.pk])), None)
    if found is None:  # no entry at all
        return Stamp(0, 0, None)
    return Stamp(int(found.entries), found.id, found.created_at)


def tournament_and_stamp(slug: str) -> tuple[Tournament, Stamp] | None:
    """One statement for the fast path of the public pages (operations.fast_public): the tournament of ``slug``
    (its id, language, publication and the standings' state: nothing else is read) and its change stamp; None when
    there is no such tournament (or no entry at all: the normal way answers)."""
    found = next(iter(AuditEntry.objects.raw(_BY_SLUG_SQL, [slug, slug])), None)
    if found is None:
        return None
    tournament = Tournament(
        pk=found.t_id,
        slug=slug,
        language=found.t_language,
        is_public=bool(found.t_public),
        standings_hidden=bool(found.t_hidden),
    )
    return tournament, Stamp(int(found.entries), found.id, found.created_at)


_TABLE = AuditEntry._meta.db_table
_TOURNAMENTS = Tournament._meta.db_table
_COUNTS = ChangeCount._meta.db_table


def _counted(tournament_id: str) -> str:
    """The count and the highest id of the entries of ``tournament_id`` (an SQL expression) and those of none: on
    PostgreSQL the two rows of the counts kept at commit, on SQLite the highest ids alone (see above)."""
    if connection.vendor != "sqlite":
        return (
            f"(SELECT SUM(entries) AS entries, MAX(last_id) AS last_id FROM {_COUNTS} "
            f"WHERE scope = {tournament_id} OR scope = 0) AS counted"
        )
    return (
        f"(SELECT 0 AS entries, MAX(last_id) AS last_id FROM ("
        f"SELECT MAX(id) AS last_id FROM {_TABLE} WHERE tournament_id = {tournament_id} "
        f"UNION ALL SELECT MAX(id) FROM {_TABLE} WHERE tournament_id IS NULL) AS parts) AS counted"
    )


_STAMP_SQL = (
    f"SELECT newest.id, newest.created_at, counted.entries FROM {_TABLE} newest, {_counted('%s')} "
    f"WHERE newest.id = counted.last_id"
)
_BY_SLUG_SQL = (
    f"SELECT newest.id, newest.created_at, counted.entries, tournament.t_id, tournament.t_language, "
    f"tournament.t_public, tournament.t_hidden FROM {_TABLE} newest, "
    f"{_counted(f'(SELECT id FROM {_TOURNAMENTS} WHERE slug = %s)')}, "
    f"(SELECT id AS t_id, language AS t_language, is_public AS t_public, standings_hidden AS t_hidden "
    f"FROM {_TOURNAMENTS} WHERE slug = %s) AS tournament "
    f"WHERE newest.id = counted.last_id"
)


def site_stamp() -> Stamp:
    """The change stamp of the whole site (every tournament's entries and those without one): what a page that
    reads several tournaments depends on (the read API's list of tournaments, a series' page, a person's history),
    which any change anywhere makes new. One statement, as ``change_stamp``: on PostgreSQL the sum
    of the counts' rows, on SQLite the highest id alone."""
    found = next(iter(AuditEntry.objects.raw(_SITE_SQL)), None)
    if found is None:
        return Stamp(0, 0, None)
    return Stamp(int(found.entries), found.id, found.created_at)


_SITE_COUNTED = (
    f"(SELECT 0 AS entries, MAX(id) AS last_id FROM {_TABLE}) AS counted"
    if connection.vendor == "sqlite"
    else f"(SELECT SUM(entries) AS entries, MAX(last_id) AS last_id FROM {_COUNTS}) AS counted"
)
_SITE_SQL = (
    f"SELECT newest.id, newest.created_at, counted.entries FROM {_TABLE} newest, {_SITE_COUNTED} "
    f"WHERE newest.id = counted.last_id"
)
