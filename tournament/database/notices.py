"""What PostgreSQL says changed, heard by each server process: the change stamps of the public pages kept between
changes instead of read on every request (tournament.selectors.changes).

Every row the stamp's statements read notifies the channel ``tenbou_changes`` with its scope (the tournament's id;
0 for what counts for every tournament) when a change to it commits (migration 0022). Each process has one thread
that listens on a connection of its own and counts what it hears. A stamp read from the database is kept with the
counts as they were before it was read (``moment`` then ``remember``); it is answered again (``known``) only while
no notice of its scope (or of every tournament's) has been heard since. Nothing is kept while the process does not
listen: before the thread's LISTEN is in place, when its connection is lost (then every kept stamp is forgotten,
and the thread connects again), or where notices are off (``TENBOU_CHANGE_NOTICES``: SQLite, whose stamp is a look
into a file's index, or a pooler that cannot LISTEN).

How fresh it is: a change is on the next request that the process answers after the notice arrives, which is when
the change commits plus the notice's way to the process (a round trip's time, as the statement itself would take;
under load, until the listening thread gets its turn: Python switches threads at least every 5 ms). Somebody
who makes a change has a session, and a request with a session never goes through the fast path that uses this
(operations.fast_public), so their own next page always reads the database. A connection that dies without a word
(the network between the process and the database cut) is found by TCP keep-alives, and the channel itself is
proved: the thread's own notice must come back to it when it starts and after every ``NOTICE_HEARTBEAT_SECONDS`` of
silence (``_echo``, scoring/limits.py), else it connects again and meanwhile keeps nothing.

Why: on PostgreSQL the stamp's statement was a round trip on every public request, 120 µs of the database's
processor time and about as much in the server process (the thread switches around the wait): with it a page
reached half the rate of a static file (bench/public_pages.py).
"""

import atexit
import contextlib
import itertools
import logging
import os
import socket
import threading

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections

from scoring.limits import KEPT_STAMPS, NOTICE_ECHO_SECONDS, NOTICE_HEARTBEAT_SECONDS, NOTICE_RETRY_SECONDS

CHANNEL = "tenbou_changes"
EVERY_TOURNAMENT = 0  # the scope of a change that counts for every tournament
ANY_CHANGE = None  # the scope of something kept that any change at all makes old (the site's stamp)

logger = logging.getLogger(__name__)


class _Heard:
    """What this process has heard. The counts only grow; a kept value holds the counts it was read under."""

    def __init__(self):
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None
        self.listening = False
        self.notices = 0  # every notice, and every time listening began or ended
        self.everything = 0  # notices of scope 0, and every time listening began or ended
        self.scopes: dict[int, int] = {}
        self.kept: dict = {}  # key -> (value, scope, the scope's count, everything's count, every notice's count)
        self.stopping = threading.Event()
        self.backend: int | None = None  # the listening connection's server process
        self.socket: int | None = None  # and its socket

    def heard(self, scope: int) -> None:
        with self.lock:
            self.notices += 1
            if scope == EVERY_TOURNAMENT:
                self.everything += 1
            else:
                self.scopes[scope] = self.scopes.get(scope, 0) + 1

    def stop(self, wait: float) -> None:
        """The thread ended within ``wait`` seconds: its connection's socket is shut, which ends its wait for a
        notice at once (as a server gone would), and it closes the connection and returns without a word."""
        self.stopping.set()
        thread, fd = self.thread, self.socket
        if thread is not None and thread.is_alive():
            if fd is not None:
                with contextlib.suppress(OSError):  # already closed
                    shut = socket.socket(fileno=os.dup(fd))
                    shut.shutdown(socket.SHUT_RDWR)
                    shut.close()
            thread.join(wait)
        self.thread = None
        self.stopping.clear()

    def keep(self, key, value, scope: int | None, since: int) -> None:
        with self.lock:
            if not self.listening or self.notices != since:
                return
            if len(self.kept) >= KEPT_STAMPS:
                self.kept.clear()
            self.kept[key] = (value, scope, self.scopes.get(scope, 0), self.everything, self.notices)

    def listening_now(self, listening: bool) -> None:
        """Listening began or ended: whatever was kept before may have missed a notice."""
        with self.lock:
            self.listening = listening
            self.notices += 1
            self.everything += 1
            self.kept.clear()


_heard = _Heard()


def _after_fork() -> None:
    """A new process (gunicorn forks its workers) has no listening thread and has heard nothing yet."""
    global _heard
    _heard = _Heard()


os.register_at_fork(after_in_child=_after_fork)


def on() -> bool:
    """Notices are used in this process: the setting is on and the database is PostgreSQL."""
    return settings.TENBOU_CHANGE_NOTICES and connections[DEFAULT_DB_ALIAS].vendor == "postgresql"


def moment() -> int:
    """Taken before reading what will be kept: a notice heard after it means the read may be old."""
    return _heard.notices


def known(key):
    """The value kept under ``key`` while nothing of its scope changed, else None. Starts the listening thread."""
    heard = _heard
    if not heard.listening:
        _start(heard)
        return None
    found = heard.kept.get(key)
    if found is None:
        return None
    value, scope, scope_count, everything, notices = found
    if scope is ANY_CHANGE:
        fresh = notices == heard.notices
    else:
        fresh = everything == heard.everything and scope_count == heard.scopes.get(scope, 0)
    return value if fresh and heard.listening else None


def remember(key, value, scope: int | None, since: int) -> None:
    """Keep ``value`` of ``scope`` (a tournament's id, or ANY_CHANGE), read after ``moment()`` gave ``since``: not
    kept if a notice has been heard since (the read may be from before that change's commit), nor when not
    listening."""
    _heard.keep(key, value, scope, since)


def listening() -> bool:
    """The process hears the database's notices now (its kept stamps are used)."""
    return _heard.listening


def _start(heard: _Heard) -> None:
    if not on():
        return
    with heard.lock:
        if heard.thread is not None and heard.thread.is_alive():
            return
        heard.thread = threading.Thread(target=_listen, args=(heard,), name="tenbou-notices", daemon=True)
        heard.thread.start()


def stop() -> None:
    """Stop listening (a test's end: its database is dropped after it)."""
    _heard.stop(wait=NOTICE_HEARTBEAT_SECONDS)


@atexit.register
def _at_exit() -> None:
    """A process that ends (a gunicorn worker stopped) closes its listening connection itself, before Python's own
    end, rather than leaving a thread in the middle of a wait to the interpreter's shutdown."""
    _heard.stop(wait=1)


def _listen(heard: _Heard) -> None:
    """Listen for as long as the process lives; connect again after a failure, waiting longer each time."""
    wait = NOTICE_RETRY_SECONDS[0]
    while heard is _heard and not heard.stopping.is_set():
        own = None
        try:
            own = _connection()
            raw = own.connection
            heard.backend, heard.socket = raw.info.backend_pid, raw.pgconn.socket
            raw.execute(_LISTEN)
            _echo(raw, heard)
            heard.listening_now(True)
            wait = NOTICE_RETRY_SECONDS[0]
            while not heard.stopping.is_set():
                quiet = True
                for notice in raw.notifies(timeout=NOTICE_HEARTBEAT_SECONDS):
                    quiet = False
                    _hear(heard, notice.payload)
                if quiet:
                    _echo(raw, heard)  # a connection the network lost, or a channel gone deaf, fails here
        except Exception as error:  # noqa: BLE001 - whatever stops it, the pages read the database until it is back
            if not heard.stopping.is_set():
                logger.warning(
                    "the database's change notices are not heard (%s): pages read every stamp", error
                )
        finally:
            heard.listening_now(False)
            heard.backend = heard.socket = None
            if own is not None:
                with contextlib.suppress(Exception):  # a connection already lost
                    own.close()
        if heard.stopping.wait(wait):
            return
        wait = min(wait * 2, NOTICE_RETRY_SECONDS[1])


def _connection():
    """A connection of the thread's own, made as Django makes the default one (its settings, its password, its
    TLS), with TCP keep-alives that find a dead connection within seconds; autocommit, as Django's are."""
    own = connections.create_connection(DEFAULT_DB_ALIAS)
    options = own.settings_dict.get("OPTIONS", {})
    own.settings_dict = {
        **own.settings_dict,
        "OPTIONS": {
            **options,
            "application_name": "tenbou-notices",  # as pg_stat_activity names it
            "keepalives": 1,
            "keepalives_idle": NOTICE_HEARTBEAT_SECONDS,
            "keepalives_interval": 2,
            "keepalives_count": 3,
        },
    }
    own.connect()
    return own


class NoEcho(Exception):
    """The process's own notice did not come back through its listening connection."""


def _echo(raw, heard: _Heard) -> None:
    """Notifies the channel from the listening connection and waits for that notice to come back to it (the other
    notices heard meanwhile counted): proof that notices reach this process, at the start and after every
    NOTICE_HEARTBEAT_SECONDS of silence. Behind a pooler in transaction mode (TENBOU_DB_LISTEN not set to 0) the
    LISTEN and the notices may be on different server connections: the process then never trusts a kept stamp,
    instead of keeping stamps that nothing makes old."""
    token = f"{_PROBE}{os.getpid()}.{next(_echoes)}"
    raw.execute("SELECT pg_notify(%s, %s)", [CHANNEL, token])
    for notice in raw.notifies(timeout=NOTICE_ECHO_SECONDS):
        if notice.payload == token:
            return
        _hear(heard, notice.payload)
    raise NoEcho(
        f"its own notice did not come back within {NOTICE_ECHO_SECONDS} s (behind a pooler in transaction mode, "
        "set TENBOU_DB_LISTEN=0)"
    )


def _hear(heard: _Heard, payload: str) -> None:
    """Counts a notice of a change; another process's echo (``_echo``) is no change."""
    if payload.startswith(_PROBE):
        return
    try:
        scope = int(payload)
    except ValueError:
        scope = EVERY_TOURNAMENT
    heard.heard(scope)


_LISTEN = f"LISTEN {CHANNEL}"
_PROBE = "echo:"  # the payload of ``_echo``'s notices: no tournament's
_echoes = itertools.count(1)
