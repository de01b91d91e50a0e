"""Redis as the page cache that may be away (``TENBOU_CACHE_URL=redis://...``: config/settings.py).

Redis only keeps what can be made again (the rendered public pages, tournament/operations/caching.py), so while it
cannot be reached every call is a miss, as if the page had aged out: ``get`` gives the default, ``add`` and ``set``
keep nothing, ``delete`` does nothing. The pages are then rendered for each reader, slower but right, and kept again
as soon as Redis is back; the staff's pages never needed it. A connection that does not answer gives up after
``TIMEOUT_SECONDS``. What went wrong is logged as a warning at most once every ``WARN_EVERY_SECONDS`` (a hall of phones
would write a line per request), with the error's kind and without the address (it may hold a password).
"""

import logging
import threading
import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger("tenbou.cache")
TIMEOUT_SECONDS = 0.5
WARN_EVERY_SECONDS = 60


class ForgivingRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        timeouts = {"socket_connect_timeout": TIMEOUT_SECONDS, "socket_timeout": TIMEOUT_SECONDS}
        self._options = {**timeouts, **self._options}  # the connection pool's

    def get(self, key, default=None, version=None):
        return _or(default, super().get, key, default, version)

    def get_many(self, keys, version=None):
        return _or({}, super().get_many, keys, version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return _or(False, super().add, key, value, timeout, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        _or(None, super().set, key, value, timeout, version)

    def delete(self, key, version=None):
        return _or(False, super().delete, key, version)


_warned = {"at": float("-inf")}
_warning = threading.Lock()


def _or(missed, call, *args):
    """``call(*args)``, or ``missed`` when Redis cannot be reached (logged now and then)."""
    try:
        return call(*args)
    except RedisError as error:
        _warn(error)
        return missed


def _warn(error: RedisError) -> None:
    with _warning:
        now = time.monotonic()
        if now - _warned["at"] < WARN_EVERY_SECONDS:
            return
        _warned["at"] = now
    logger.warning(
        "the page cache (Redis) cannot be reached: %s; pages are made for each reader", type(error).__name__
    )
