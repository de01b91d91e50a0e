"""The change stamp of a tournament: what the public pages' cache keys, ETags and Last-Modified are made of.

Every change by a person goes through a service that writes an audit entry with the tournament in the same
transaction (tournament.services.audit); changes without a tournament (a person's name edited in the admin, a
tournament deleted) are entries without one and count for every tournament. The stamp comes from the database, so
several server processes agree on it and none keeps a notion of "fresh" of its own: on SQLite it is read on every
request; on PostgreSQL a process keeps it until the database says it changed (below).

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

The stamp is read for a public page, the 304s too, so it is one statement: on SQLite a look into
the index of the tournament column (the entries of the tournament and those without one, each apart: an OR of the
two made SQLite read every row), on PostgreSQL the two counts' rows; then the newest entry's row for its time.

On PostgreSQL the statement is prepared once per connection (``_prepared_cursor``: psycopg's protocol-level
prepared statement, kept by the persistent connection, config/settings.py): planning the joins took three times as
long as running them (1.2 ms of planning, 0.27 ms of execution, measured with EXPLAIN ANALYZE on the 400-player event
under load), which made the 304 of a public page a third of a static file's rate. The rows come back as tuples
(no model made per row). The statement and its answer are the same; only the planning is done once.

On PostgreSQL a server process keeps the stamps of the fast path (``tournament_and_stamp``, ``site_stamp``) between
changes: PostgreSQL notifies every change of the rows these statements read when it commits, and the process reads
the stamp again after hearing of it (tournament.database.notices, which says how fresh that is). The other reads
(``change_stamp``: the pages of somebody with a session, and the normal way's pages) always read the database.

Read the stamp before the data a page shows: a change committed in between makes the page newer than its stamp,
never older, and the next request sees a new stamp.
"""

from datetime import UTC, datetime
from typing import NamedTuple

from django.db import DEFAULT_DB_ALIAS, connection

from tournament.database import direct, notices
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
    found = _row(_STAMP_SQL, [tournament.pk])
    if found is None:  # no entry at all
        return Stamp(0, 0, None)
    return _stamp(found)


class FastRead(NamedTuple):
    tournament: Tournament
    stamp: Stamp
    asked: bool  # the database was asked now (else the stamp was kept: database.notices)


def tournament_and_stamp(slug: str) -> FastRead | None:
    """One statement for the fast path of the public pages (operations.fast_public), or none while the process
    keeps its answer (PostgreSQL's notices): the tournament of ``slug`` (its id, language, publication and the
    standings' state: nothing else is read) and its change stamp; None when there is no such tournament (or no
    entry at all: the normal way answers)."""
    found, asked = _kept_row(("slug", slug), _BY_SLUG_SQL, [slug, slug], scope=lambda row: row[3])
    if found is None:
        return None
    t_id, t_language, t_public, t_hidden = found[3:]
    # as the ORM makes a row read with only(): the other fields deferred (read from the database if asked for,
    # never a default taken for the tournament's value), in 5 µs instead of the 15 µs of Tournament(**fields)
    read = {
        "id": t_id,
        "slug": slug,
        "language": t_language,
        "is_public": bool(t_public),
        "standings_hidden": bool(t_hidden),
    }
    tournament = Tournament.from_db(DEFAULT_DB_ALIAS, _FAST_FIELDS, [read[name] for name in _FAST_FIELDS])
    return FastRead(tournament, _stamp(found), asked)


# from_db takes the values in the order of the model's fields
_FAST_FIELDS = [
    field.attname
    for field in Tournament._meta.concrete_fields
    if field.attname in ("id", "slug", "language", "is_public", "standings_hidden")
]


def _stamp(row: tuple) -> Stamp:
    """The stamp of a row that starts with the newest entry's id and time and the count."""
    last_id, at, entries = row[:3]
    if isinstance(at, str):  # SQLite without the model's converter
        at = datetime.fromisoformat(at)
    if at is not None and at.tzinfo is None:  # stored in UTC (USE_TZ)
        at = at.replace(tzinfo=UTC)
    return Stamp(int(entries or 0), last_id, at)


def _kept_row(key: tuple, sql: str, params: list, scope) -> tuple[tuple | None, bool]:
    """``_row`` and whether the database was asked now: the row is kept in this process until PostgreSQL notifies
    a change of its ``scope(row)`` (database.notices: until then no statement at all); read every time where
    notices are off (SQLite) or not heard. Nothing is kept for a statement that found no row (no such tournament:
    the normal way answers)."""
    if not notices.on():
        return _row(sql, params), True
    found = notices.known(key)
    if found is not None:
        return found, False
    since = notices.moment()
    found = _row(sql, params)
    if found is not None:
        notices.remember(key, found, scope(found), since)
    return found, True


def _row(sql: str, params: list) -> tuple | None:
    """The first row of one of the stamp's statements, prepared on PostgreSQL: straight through libpq where nothing
    is lost by it (tournament.database.direct: 35 µs instead of 200), else through Django's cursor."""
    if direct.usable():
        return direct.row(sql, params)
    with _prepared_cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def _prepared_cursor():
    """A cursor whose statements PostgreSQL plans once per connection (psycopg's server-side binding and
    ``prepare=True``; Django's own cursors bind on the client and prepare nothing), wrapped as Django's cursors are
    (counted in its query log, its execute wrappers applied). Anywhere else, or where the connection's
    ``prepare_threshold`` is None (config/settings.py: TENBOU_DB_PREPARED=0, for a pooler that cannot keep
    prepared statements), the statement is sent as it is. No health check of the kept connection first (a round
    trip as long as the stamp's): the fast path that fails on a connection the database closed gives way to the
    normal way on a new one (operations.fast_public)."""
    if connection.vendor != "postgresql":
        return connection.cursor()
    connection.ensure_connection()
    raw = _PreparingCursor(connection.connection)
    return connection.make_debug_cursor(raw) if connection.queries_logged else connection.make_cursor(raw)


if connection.vendor == "postgresql":
    from django.db.backends.postgresql.base import ServerBindingCursor

    class _PreparingCursor(ServerBindingCursor):
        """Django's server-side binding cursor that asks psycopg to prepare every statement at once."""

        def execute(self, query, params=None, *, prepare=None, binary=None):
            return super().execute(query, params, prepare=True, binary=binary)

        def _send_query_prepared(self, name, pgq, *, binary=None):
            self._query = (
                pgq  # what Django's query log shows (psycopg notes it only for a statement not prepared)
            )
            return super()._send_query_prepared(name, pgq, binary=binary)


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
    found, _asked = _kept_row(("site",), _SITE_SQL, [], scope=lambda row: notices.ANY_CHANGE)
    if found is None:
        return Stamp(0, 0, None)
    return _stamp(found)


_SITE_COUNTED = (
    f"(SELECT 0 AS entries, MAX(id) AS last_id FROM {_TABLE}) AS counted"
    if connection.vendor == "sqlite"
    else f"(SELECT SUM(entries) AS entries, MAX(last_id) AS last_id FROM {_COUNTS}) AS counted"
)
_SITE_SQL = (
    f"SELECT newest.id, newest.created_at, counted.entries FROM {_TABLE} newest, {_SITE_COUNTED} "
    f"WHERE newest.id = counted.last_id"
)
