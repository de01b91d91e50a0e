"""The page cache shared by several machines (docs/operators.md, "Configuration", ``TENBOU_CACHE_URL=redis://...``):
two real server processes (scripts/serve.sh, DEBUG off, as in test_two_servers.py) on one database and one real
Redis server (Debian's redis-server, started for the test run: tests/operations/redis_server.py).

Whatever is saved through one server is on the other's public pages at its very next request, and the pages are
really shared: what one server rendered, the other serves without rendering it again (Redis holds no new key after
the second server's request), and a change replaces them under the same keys (issue 33: nothing is left behind
to age out). The figures are the hand-worked event's (test_two_servers.py): after the referee's
session 3, table 1 result, Evil (h) has -17.7 in all with +32.3 for session 3, Lindqvist (g) -8.9 with +8.1.
"""

import pytest
from django.db import connection

from tests.operations import test_two_servers
from tests.operations.http_client import Browser
from tests.operations.redis_server import redis_program, redis_server
from tests.operations.test_two_servers import FIRST, HALL, Reader, figures, log_in, save_result, two_servers

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="two server processes need one database server they both reach: PostgreSQL, not SQLite's "
        "in-memory test database (run with scripts/with-postgres.sh)",
    ),
    pytest.mark.skipif(
        redis_program() is None,
        reason="redis-server is not installed (apt-get install redis-server; scripts/system-packages.sh installs "
        "it as root)",
    ),
    pytest.mark.django_db(transaction=True),  # committed, so the servers' own connections see it
]
event, password_hash = test_two_servers.event, test_two_servers.password_hash  # fixtures


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url


@pytest.fixture(scope="module")
def servers(django_db_setup, collected_static, tmp_path_factory, redis_url):
    """Servers A and B sharing one Redis page cache."""
    with two_servers(
        tmp_path_factory.mktemp("redis-servers"), collected_static, TENBOU_CACHE_URL=redis_url
    ) as both:
        yield both


def stored_keys(redis_url: str) -> set[bytes]:
    import redis  # the client requirements.txt pins (Django's RedisCache needs it)

    client = redis.Redis.from_url(redis_url)
    try:
        return set(client.keys("*"))
    finally:
        client.close()


@pytest.fixture
def empty_cache(redis_url):
    """Each test starts with nothing kept: the event is imported anew (same addresses, new rows)."""
    import redis

    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    client.close()


@pytest.mark.parametrize("writer, reader", [(0, 1), (1, 0)], ids=["A-writes-B-reads", "B-writes-A-reads"])
def test_a_result_saved_through_one_server_is_on_the_others_cached_pages(
    servers, event, empty_cache, redis_url, writer, reader
):
    write, read = servers[writer], servers[reader]
    phones = {server.name: Reader(server) for server in servers}
    page = phones[write.name].standings()  # rendered by the writer, kept in Redis
    assert "Standings after session 2" in page.text and figures(page, "Evil") == ("−50.0", "")
    kept = stored_keys(redis_url)
    assert kept, "nothing was kept in Redis"
    assert phones[read.name].standings().rows() == page.rows()  # the reader's: the writer's rendering
    assert stored_keys(redis_url) == kept, "the reading server rendered the page again instead of sharing it"

    referee = Browser()
    log_in(referee, read, "referee")
    save_result(referee, write, FIRST)
    page = phones[read.name].standings()
    assert "Standings after session 3" in page.text
    assert stored_keys(redis_url) == kept, "the change left the old page behind under keys of its own"
    assert figures(page, "Evil") == ("−17.7", "+32.3") and figures(page, "Lindqvist") == ("−8.9", "+8.1")
    shown = Browser().get(read, HALL).text
    assert "Standings after session 3" in shown and "−17.7" in shown
    kept = stored_keys(redis_url)
    assert phones[write.name].standings().rows() == page.rows()  # the writer's phone: the reader's rendering
    assert stored_keys(redis_url) == kept, "the writing server rendered the page again instead of sharing it"
