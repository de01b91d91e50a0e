"""The one memo of values built from a tournament's data (the public pages' overview): ``remembered(name, stamp,
build)`` answers the value last built under ``name`` when it was built for this change stamp (selectors.changes),
and otherwise builds it, keeps it instead of the name's previous value and answers it.

Safe across processes and without a restart: the stamp is read from the database on every request, before the
data the value is built from, so a change made by another process, or a restored backup (other rows under the
same ids, and its own audit log), is a new stamp, and the next call builds again. Each name holds one value (a
tournament's overview: the memo holds one per tournament, never one per change; the names hold the tournament's
id). One build at a time per name in this process: a crowd opening the pages right after a change waits for one
build instead of starting many, and one tournament's build never waits for another's (nor for another name of
the same tournament). Call it outside a transaction (the public pages do): a value built from rows a transaction
has not committed yet would outlive a rollback.

Why in this process and not in Django's cache, where the rendered pages are: a value there is pickled on the
way in and out, and the overview of a 400-player, 12-session event is half a megabyte of small tuples (about
12 ms to read back, 25 ms to store, against 8 to 15 ms to render a player's or a session's page from it). Each
page built after a change reads the overview, and with a result saved every second nearly every page is built
anew (bench/http_load.py). The pages themselves are small and live in Django's cache (views/public/live.py).
"""

import threading
from collections.abc import Callable
from typing import TypeVar

from tournament.selectors.changes import Stamp

T = TypeVar("T")
_LATEST: dict[str, tuple[str, object]] = {}  # name -> (the stamp's token, the value built for it)
_BUILDING: dict[str, threading.Lock] = {}  # name -> the lock of its builds (kept, like the name's value)
_LOCK = threading.Lock()  # guards the two dicts for a moment, never held while building


def remembered(name: str, stamp: Stamp, build: Callable[[], T]) -> T:
    """The value of ``build()`` for ``name`` as of ``stamp``: built once per stamp in this process."""
    found = _LATEST.get(name)
    if found is not None and found[0] == stamp.token:
        return found[1]
    with _name_lock(name):
        found = _LATEST.get(name)  # built meanwhile by the caller this one waited for
        if found is not None and found[0] == stamp.token:
            return found[1]
        value = build()
        with _LOCK:
            _LATEST[name] = (stamp.token, value)
        return value


def _name_lock(name: str) -> threading.Lock:
    with _LOCK:
        return _BUILDING.setdefault(name, threading.Lock())


def forget_all() -> None:
    """Drop every value kept (the tests start each with an empty memo)."""
    with _LOCK:
        _LATEST.clear()
