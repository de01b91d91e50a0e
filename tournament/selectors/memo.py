"""The one memo of the app: a value built once per change stamp and kept in Django's cache (settings.CACHES,
``TENBOU_CACHE_URL``), so every process sharing that cache shares it and nothing is remembered per process.

``remembered(name, stamp, build)`` answers the value stored under ``name`` when it was built for this ``stamp``
(selectors.changes: read from the database on every request, before the data the value is built from), and
otherwise builds it, stores it and answers it. Each name holds one value, the last one built (storing a value
forgets the name's previous one), so the cache holds what is current and not one copy per change. A restored backup, results replaced underneath, a change made by
another process: each is a new stamp, so the next call builds again; nothing needs a restart.

While one caller builds a value, the others asking for the same name and stamp wait for it (up to
``BUILD_WAIT_SECONDS``, then they build it too) rather than build it again: a crowd opening the pages right
after a change costs one build, in this process through the cache's atomic ``add`` of a short-lived marker, and
across the processes of a shared cache (file, database, Redis) through the same marker.

Values go through pickle (every cache backend but the dummy stores a copy): plain data, no locks. Keys are
hashed, so a name may hold any text (a page's language, variant, viewer).
"""

import hashlib
import time
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache

from tournament.selectors.changes import Stamp

T = TypeVar("T")
PREFIX = "tenbou:memo:"
KEEP_SECONDS = 12 * 60 * 60  # a value nobody asks for again is forgotten after half a day
BUILD_WAIT_SECONDS = 5
_MARKER = ":building:"


def remembered(name: str, stamp: Stamp | str, build: Callable[[], T]) -> T:
    """The value of ``build()`` for ``name`` as of ``stamp`` (a Stamp, or a token that contains the stamp's
    token and whatever else makes a value old, such as the minute): built once, by one caller at a time. The
    value must not be None."""
    key = PREFIX + _digest(name)
    version = stamp.token if isinstance(stamp, Stamp) else stamp
    value_key = f"{key}:{_digest(version)}"
    found = cache.get(value_key)
    if found is not None:
        return found
    marker = value_key + _MARKER
    if not cache.add(marker, 1, BUILD_WAIT_SECONDS):  # somebody else is building it: wait for theirs
        found = _wait_for(value_key, marker)
        if found is not None:
            return found
    try:
        value = build()
        _keep(key, value_key, value)
        return value
    finally:  # also when the build refuses (a 404): nobody waits for a value that does not come
        cache.delete(marker)


def _keep(key: str, value_key: str, value) -> None:
    """Store the value and forget the one the name held before: one value per name."""
    previous = cache.get(key)
    cache.set_many({value_key: value, key: value_key}, KEEP_SECONDS)
    if previous is not None and previous != value_key:
        cache.delete(previous)


def _wait_for(value_key: str, marker: str):
    """The value once the other caller has stored it; None when they gave up (the marker is gone without a
    value) or take longer than BUILD_WAIT_SECONDS: then this caller builds it too."""
    deadline = time.monotonic() + BUILD_WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(0.01)
        found = cache.get(value_key)
        if found is not None:
            return found
        if cache.get(marker) is None:  # done or given up: what it stored, if anything
            return cache.get(value_key)
    return None


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]
