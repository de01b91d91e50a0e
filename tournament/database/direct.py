"""One small statement read straight through libpq on PostgreSQL (psycopg's ``pq`` layer), prepared once per
connection: what the change stamp of every public page's request costs (tournament.selectors.changes).

Through Django's cursor and psycopg's, the stamp's statement took 200 µs of the request's processor time (of 410 µs
for a whole answer of the fast path), 35 µs through libpq itself: psycopg's cursor machinery (its prepared-statement
bookkeeping, its row making, its loaders) and Django's wrappers are made for many rows of many types, and this is
one row of integers, a time, a language and two flags, asked for on every request. The answer is the same tuple
the cursor gives (``row``; the counts as int, the time as an aware datetime, the flags as bool).

Used only where nothing is lost by going around them (``usable``): a PostgreSQL connection in autocommit, outside
an atomic block (a statement that failed inside a transaction would abort it behind psycopg's back), with no query
log (DEBUG, a test's CaptureQueriesContext) and no execute wrapper, and with prepared statements allowed
(TENBOU_DB_PREPARED). Elsewhere the caller uses Django's cursor. A failure (the connection closed, the statement
gone after a pooler's DISCARD) is Django's OperationalError, as through the cursor; a statement the server no longer
knows is prepared again once.
"""

import re
from datetime import datetime

from django.db import DEFAULT_DB_ALIAS, OperationalError, connections
from psycopg import pq

_PLACEHOLDER = re.compile(r"%s")
# PostgreSQL's type oids of the stamp's columns, and how their text is read
_INTEGERS = {20, 21, 23, 1700}  # int8, int2, int4, numeric (a SUM of integers)
_BOOLEAN = 16
_TIMESTAMPTZ = 1184
SQLSTATE = pq.DiagnosticField.SQLSTATE
UNKNOWN_STATEMENT = b"26000"  # invalid_sql_statement_name: no prepared statement of that name
_PREPARED_ON = (
    "_tenbou_direct_prepared"  # on Django's connection: (the psycopg connection, its statements' names)
)


def usable() -> bool:
    """The statement may go straight through libpq on this thread's connection (the module's docstring)."""
    own = _own()
    if own.vendor != "postgresql" or own.queries_logged or own.execute_wrappers:
        return False
    raw = own.connection  # None before the thread's first statement: the settings say what it will be
    options = own.settings_dict.get("OPTIONS", {})
    threshold = options.get("prepare_threshold") if raw is None else raw.prepare_threshold
    return threshold is not None and not own.in_atomic_block


def _own():
    """This thread's connection itself: each attribute of ``django.db.connection`` (a proxy) looks it up again
    among the thread's connections (1.5 µs each, eleven of them per statement here: 17 µs of every answer of the
    fast path; 2 µs this way)."""
    return connections[DEFAULT_DB_ALIAS]


def row(sql: str, params: list) -> tuple | None:
    """The first row of ``sql`` (Django's ``%s`` placeholders; the parameters sent as text), or None."""
    own = _own()
    own.ensure_connection()
    raw = own.connection
    if not own.get_autocommit():
        raise OperationalError("the direct statement needs autocommit")
    values = [str(param).encode() for param in params]
    with own.wrap_database_errors:  # psycopg's errors as Django's, as through a cursor
        result = raw.pgconn.exec_prepared(_prepared(own, sql), values)
        if result.status != pq.ExecStatus.TUPLES_OK and result.error_field(SQLSTATE) == UNKNOWN_STATEMENT:
            # the server no longer knows the statement (a pooler's DISCARD ALL): prepare it again
            _forget(own)
            result = raw.pgconn.exec_prepared(_prepared(own, sql), values)
    if result.status != pq.ExecStatus.TUPLES_OK:
        raise OperationalError(result.get_error_message())
    if not result.ntuples:
        return None
    return tuple(_value(result.get_value(0, i), result.ftype(i)) for i in range(result.nfields))


def _prepared(own, sql: str) -> bytes:
    """The name of ``sql`` prepared on the psycopg connection of Django's ``own``, prepared now if it was not."""
    raw = own.connection
    kept = getattr(own, _PREPARED_ON, None)
    if kept is None or kept[0] is not raw:
        kept = (raw, {})
        setattr(own, _PREPARED_ON, kept)
    names = kept[1]
    if sql not in names:
        name = f"tenbou_direct_{len(names)}".encode()
        numbered = iter(range(1, 100))
        text = _PLACEHOLDER.sub(lambda _match: f"${next(numbered)}", sql)
        result = raw.pgconn.prepare(name, text.encode())
        if result.status != pq.ExecStatus.COMMAND_OK:
            raise OperationalError(result.get_error_message())
        names[sql] = name
    return names[sql]


def _forget(own) -> None:
    setattr(own, _PREPARED_ON, (own.connection, {}))


def _value(text: bytes | None, oid: int):
    if text is None:
        return None
    if oid in _INTEGERS:
        return int(text)
    if oid == _BOOLEAN:
        return text == b"t"
    if oid == _TIMESTAMPTZ:
        return datetime.fromisoformat(text.decode())
    return text.decode()
