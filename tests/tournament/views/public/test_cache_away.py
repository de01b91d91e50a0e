"""The page cache shared by several machines may be away (docs/operators.md, "Several app machines"): with
``TENBOU_CACHE_URL=redis://...`` pointing at a Redis that cannot be reached (a closed port: the real client, the
real refusal), the public pages are made for each reader and are right, their 304s still hold, and the log says so
once, not per request. The figures: test_live_cache.py (session 3, table 1; EMA 2016 3.6)."""

import logging
import socket

import pytest
from django.core.cache import caches

from config.settings import _cache
from tests.tournament.views.public.conftest import enter
from tests.tournament.views.public.test_live_cache import NEW_FIGURE, PAGES, SESSION_3_TABLE_1


@pytest.fixture
def redis_away(settings):
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.CACHES = {"default": _cache(f"redis://127.0.0.1:{port}/0")}  # Django makes its caches again


@pytest.mark.parametrize("url", PAGES)
def test_the_public_pages_are_made_for_each_reader_while_redis_is_away(
    client, hand_worked, redis_away, url, caplog
):
    cache = caches["default"]
    assert type(cache).__name__ == "ForgivingRedisCache" and cache.get("anything", "missed") == "missed"
    caplog.set_level(logging.WARNING, logger="tenbou.cache")
    before = client.get(url)
    assert before.status_code == 200 and NEW_FIGURE[url] not in before.content.decode()
    assert client.get(url, headers={"if-none-match": before["ETag"]}).status_code == 304
    enter(hand_worked, 3, 1, SESSION_3_TABLE_1)
    after = client.get(url, headers={"if-none-match": before["ETag"]})
    assert after.status_code == 200 and NEW_FIGURE[url] in after.content.decode()
    warned = [record.getMessage() for record in caplog.records if record.name == "tenbou.cache"]
    assert len(warned) <= 1 and all("cannot be reached: ConnectionError" in line for line in warned)
    assert "127.0.0.1" not in caplog.text  # the address (which may hold a password) is not logged


def test_a_redis_address_gets_the_forgiving_backend_with_short_timeouts():
    config = _cache("redis://cache.example:6379/0")
    assert config["BACKEND"] == "tournament.operations.redis_cache.ForgivingRedisCache"
    from tournament.operations.redis_cache import TIMEOUT_SECONDS, ForgivingRedisCache

    backend = ForgivingRedisCache(config["LOCATION"], config)
    pool = backend._cache._get_connection_pool(write=True)
    assert (
        pool.connection_kwargs["socket_connect_timeout"]
        == pool.connection_kwargs["socket_timeout"]
        == TIMEOUT_SECONDS
    )
