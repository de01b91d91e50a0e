"""The fast path of the public live pages (issue 23, tournament/operations/fast_public.py): a reader without a
session gets the 304 or the page kept for this version before the session, locale, CSRF and auth middlewares and
the view, with the bytes and headers the normal way gives; everything unusual goes the normal way."""

import threading
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import resolve
from django.utils import timezone

from tests.tournament.views.public.conftest import enter
from tests.tournament.views.public.test_http_caching import SESSION_3_TABLE_1, fresh_client
from tournament.models import Tournament
from tournament.operations import fast_public
from tournament.services import tournaments
from tournament.services.hall_display import set_announcement

# the tournament page, the standings, a session's and a player's page
FAST_PAGES = [
    "/t/hand-worked/",
    "/t/hand-worked/standings/",
    "/t/hand-worked/sessions/3/",
    "/t/hand-worked/players/e/",
]
HALL_PAGES = ["/t/hand-worked/display.json", "/t/hand-worked/display/pages/"]
PER_REQUEST = {"X-Request-ID"}  # each answer its own


def fast(response) -> bool:
    return getattr(response.wsgi_request, "fast_public", False)


def headers(response) -> dict:
    return {name: value for name, value in response.headers.items() if name not in PER_REQUEST}


def reader(language: str, by_cookie: bool, encoding: str) -> Client:
    """A reader without a session, their language from the switch's cookie or from their browser."""
    if by_cookie:
        client = fresh_client(**{"accept-encoding": encoding})
        client.cookies["django_language"] = language
        return client
    return fresh_client(**{"accept-encoding": encoding, "accept-language": language})


@pytest.fixture
def public_event(hand_worked):
    return hand_worked


@pytest.mark.parametrize("url", FAST_PAGES)
@pytest.mark.parametrize("language,by_cookie", [("en", False), ("nl", False), ("nl", True)])
@pytest.mark.parametrize("encoding", ["gzip", "br"])
def test_the_fast_path_answers_what_the_normal_way_answers(public_event, url, language, by_cookie, encoding):
    normal = reader(language, by_cookie, encoding).get(url)
    again = reader(language, by_cookie, encoding).get(url)
    assert not fast(normal) and fast(again)
    assert again.status_code == normal.status_code == 200
    assert again.content == normal.content and headers(again) == headers(normal)
    assert normal["Content-Encoding"] == encoding and normal["Content-Language"] == language
    assert {"Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options"} <= set(again.headers)

    asks = {"if-none-match": normal["ETag"]}
    not_modified = reader(language, by_cookie, encoding).get(url, headers=asks)
    assert fast(not_modified) and not_modified.status_code == 304 and not_modified.content == b""
    with_session_cookie = reader(language, by_cookie, encoding)
    with_session_cookie.cookies["sessionid"] = (
        "nobody"  # an unknown session: the normal way, an anonymous reader
    )
    normal_304 = with_session_cookie.get(url, headers=asks)
    assert not fast(normal_304) and normal_304.status_code == 304
    assert headers(not_modified) == headers(normal_304)


def test_the_other_language_is_another_page(public_event):
    url = FAST_PAGES[1]
    english = reader("en", False, "gzip").get(url)
    reader("en", False, "gzip").get(url)
    dutch = reader("nl", False, "gzip").get(url)
    assert not fast(dutch) and dutch["ETag"] != english["ETag"] and dutch["Content-Language"] == "nl"


def test_a_304_on_the_fast_path_is_one_query_and_reads_no_session(
    public_event, django_assert_max_num_queries
):
    url = FAST_PAGES[1]
    etag = fresh_client().get(url)["ETag"]
    with django_assert_max_num_queries(1):
        again = fresh_client().get(url, headers={"if-none-match": etag})
    assert again.status_code == 304 and fast(again)
    assert not hasattr(again.wsgi_request, "session") and not hasattr(again.wsgi_request, "user")
    with django_assert_max_num_queries(1):
        kept = fresh_client().get(url)
    assert kept.status_code == 200 and fast(kept)


def test_a_logged_in_reader_never_gets_the_fast_path(public_event, client, make_user):
    url = FAST_PAGES[1]
    etag = fresh_client().get(url)["ETag"]
    client.force_login(make_user("reader"))
    for asks in ({}, {"if-none-match": etag}):
        response = client.get(url, headers=asks)
        assert not fast(response) and response.status_code == 200
        assert {"private", "no-store"} <= {part.strip() for part in response["Cache-Control"].split(",")}


def test_hidden_standings_are_never_answered_by_the_fast_path(public_event):
    """Even hidden without an audited change (no new stamp), the kept public standings are not given out."""
    url = FAST_PAGES[1]
    shown = fresh_client().get(url)
    Tournament.objects.filter(pk=public_event.pk).update(standings_hidden=True)
    for asks in ({}, {"if-none-match": shown["ETag"]}):
        response = fresh_client().get(url, headers=asks)
        assert not fast(response) and response.status_code == 200
        assert "hidden the standings" in response.content.decode()


def test_hidden_standings_notice_is_not_kept_for_the_fast_path(public_event):
    tournaments.update_tournament(actor=None, tournament=public_event, standings_hidden=True)
    for url in FAST_PAGES:
        fresh_client().get(url)
        assert not fast(fresh_client().get(url))


def test_a_change_is_on_the_next_answer(public_event):
    url = FAST_PAGES[1]
    before = fresh_client().get(url)
    assert fast(fresh_client().get(url, headers={"if-none-match": before["ETag"]}))
    enter(public_event, 3, 1, SESSION_3_TABLE_1)
    after = fresh_client().get(url, headers={"if-none-match": before["ETag"]})
    assert after.status_code == 200 and not fast(after) and after["ETag"] != before["ETag"]
    assert "Standings after session 3" in after.content.decode()
    assert fast(fresh_client().get(url, headers={"if-none-match": after["ETag"]}))


@pytest.mark.parametrize("url", HALL_PAGES)
@pytest.mark.parametrize("language,by_cookie", [("en", False), ("nl", False), ("nl", True)])
@pytest.mark.parametrize("encoding", ["gzip", "br"])
def test_the_hall_screens_pages_take_the_fast_path_in_the_tournaments_language(
    public_event, url, language, by_cookie, encoding
):
    """The hall display's pages and display.json (asked by every screen every few seconds) are answered as the
    live pages, in the tournament's language whatever the screen's browser asks (operations.language)."""
    normal = reader(language, by_cookie, encoding).get(url)
    again = reader(language, by_cookie, encoding).get(url)
    assert not fast(normal) and fast(again) and again.status_code == normal.status_code == 200
    assert again.content == normal.content and headers(again) == headers(normal)
    assert normal["Content-Language"] == "en" and "Cookie" not in normal["Vary"]  # the tournament's
    not_modified = reader(language, by_cookie, encoding).get(url, headers={"if-none-match": normal["ETag"]})
    assert fast(not_modified) and not_modified.status_code == 304
    with_session_cookie = reader(language, by_cookie, encoding)
    with_session_cookie.cookies["sessionid"] = "nobody"
    normal_304 = with_session_cookie.get(url, headers={"if-none-match": normal["ETag"]})
    assert not fast(normal_304) and headers(not_modified) == headers(normal_304)


def test_a_hall_page_kept_with_an_announcement_ends_with_it(public_event, monkeypatch):
    """The version of a hall page holds the announcement on show: once it ends, the fast path gives it no more."""
    now = timezone.now().replace(microsecond=0)
    lunch = {"en": "Lunch break until 13:30"}
    set_announcement(
        actor=None, tournament=public_event, texts=lunch, ends_at=now + timedelta(minutes=5), now=now
    )
    monkeypatch.setattr(timezone, "now", lambda: now + timedelta(minutes=1))
    url = HALL_PAGES[1]
    shown = fresh_client().get(url)
    assert fast(fresh_client().get(url)) and b"Lunch break" in shown.content
    monkeypatch.setattr(timezone, "now", lambda: now + timedelta(minutes=6))
    after = fresh_client().get(url, headers={"if-none-match": shown["ETag"]})
    assert not fast(after) and after.status_code == 200 and b"Lunch break" not in after.content
    assert fast(fresh_client().get(url, headers={"if-none-match": after["ETag"]}))


@pytest.mark.parametrize(
    "url", ["/t/hand-worked/standings/?after=1&utm=x", "/t/hand-worked/clock.json", "/t/nowhere/standings/"]
)
def test_an_odd_query_a_clock_or_an_unknown_tournament_goes_the_normal_way(public_event, url):
    first = fresh_client().get(url)
    again = fresh_client().get(url, headers={"if-none-match": first.get("ETag", '"x"')})
    assert not fast(again)


def test_a_post_goes_the_normal_way(public_event):
    url = FAST_PAGES[1]
    fresh_client().get(url)
    assert not fast(fresh_client().post(url))


def test_a_head_on_the_fast_path_has_the_headers_of_the_get(public_event):
    url = FAST_PAGES[1]
    got = fresh_client(**{"accept-encoding": "br"}).get(url)
    head = fresh_client(**{"accept-encoding": "br"}).head(url)
    assert fast(head) and head.status_code == 200 and head.content == b""
    assert headers(head) == headers(got)


@pytest.mark.skipif(connection.vendor == "sqlite", reason="a PostgreSQL server closing a kept connection")
@pytest.mark.django_db(transaction=True)  # its connection ended by the server, outside a test's transaction
def test_a_connection_the_database_closed_is_a_page_not_an_error():
    """The fast path reads the stamp without Django's health check first (CONN_HEALTH_CHECKS, a SELECT 1 per
    request): when the server ended the kept connection (a restart), the request goes the normal way on a new one."""
    tournaments.create_tournament(actor=None, slug="lotus", name="Lotus Open")
    assert fresh_client().get("/t/lotus/").status_code == 200
    assert fast(fresh_client().get("/t/lotus/"))
    backend = connection.connection.info.backend_pid
    ended = []
    killer = threading.Thread(target=lambda: ended.append(_terminate(backend)))
    killer.start()
    killer.join(10)
    assert ended == [True]
    again = fresh_client().get("/t/lotus/")
    assert again.status_code == 200 and not fast(again)
    assert fast(fresh_client().get("/t/lotus/"))  # and the new connection is kept


def _terminate(backend: int) -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [backend])
            return cursor.fetchone()[0]
    finally:
        connection.close()


def test_an_address_is_looked_up_among_the_urls_once(public_event, monkeypatch):
    """Looking the address up among the URLs took 60 to 200 µs, a fifth of a 304 on the fast path: each path is
    looked up once (operations.fast_public._resolved), and again after the URLs change (a test's ROOT_URLCONF)."""
    looked_up = []

    def counted(path, *args, **kwargs):
        looked_up.append(path)
        return resolve(path, *args, **kwargs)

    fast_public._resolved.cache_clear()
    monkeypatch.setattr(fast_public, "resolve", counted)
    for _ in range(3):
        fresh_client().get("/t/hand-worked/standings/")
    assert fast(fresh_client().get("/t/hand-worked/standings/"))
    assert looked_up.count("/t/hand-worked/standings/") == 1
    with override_settings(ROOT_URLCONF="config.urls"):
        fresh_client().get("/t/hand-worked/standings/")
    assert looked_up.count("/t/hand-worked/standings/") == 2


def test_a_page_the_fast_path_could_not_answer_reads_the_stamp_and_the_tournament_once(public_event):
    """The fast path read the stamp before the language middleware read the tournament: the page built the
    normal way uses that stamp (views.public.live) and that tournament, newer than it, instead of reading both
    again. The page is the same as a page built without the fast path."""
    url = "/t/hand-worked/players/e/"
    with CaptureQueriesContext(connection) as queries:
        response = fresh_client().get(url)
    assert response.status_code == 200 and not fast(response)
    sql = [query["sql"] for query in queries.captured_queries]
    assert len([text for text in sql if "newest" in text]) == 1  # the stamp
    by_id = [text for text in sql if text.startswith('SELECT "tournament_tournament"') and '"id" =' in text]
    assert len(by_id) == 1  # the overview's own read (selectors.overview), not the page's again
    assert fast(fresh_client().get(url))
    fast_public._resolved.cache_clear()
    cache.clear()
    with override_settings(
        MIDDLEWARE=[m for m in settings.MIDDLEWARE if not m.endswith("FastPublicMiddleware")]
    ):
        alone = fresh_client().get(url)
    assert alone.content == response.content and alone["ETag"] == response["ETag"]


@pytest.mark.skipif(connection.vendor == "sqlite", reason="SQLite's health check asks no server anything")
def test_a_connection_the_stamp_was_read_on_needs_no_health_check(public_event, monkeypatch):
    """CONN_HEALTH_CHECKS asks the kept connection a SELECT 1 before a request's first statement: the fast path's
    stamp has just been read on it, so a page built the normal way after it asks no SELECT 1 (a round trip)."""
    checks = []
    real = connection.is_usable
    monkeypatch.setattr(connection, "is_usable", lambda: checks.append(1) or real())
    assert connection.settings_dict["CONN_HEALTH_CHECKS"]
    connection.health_check_done = False  # as at the start of every request (close_old_connections)
    response = fresh_client().get("/t/hand-worked/sessions/3/")
    assert response.status_code == 200 and not fast(response) and checks == []


@pytest.mark.skipif(connection.vendor == "sqlite", reason="SQLite's health check asks no server anything")
def test_a_stamp_kept_between_notices_leaves_the_health_check_to_the_normal_way(public_event, monkeypatch):
    """A stamp the process kept (PostgreSQL's notices: database/notices.py) asked the connection nothing: a page
    built the normal way after it still checks the kept connection first."""
    checks = []
    real = connection.is_usable
    monkeypatch.setattr(connection, "is_usable", lambda: checks.append(1) or real())
    read = fast_public.tournament_and_stamp
    monkeypatch.setattr(fast_public, "tournament_and_stamp", lambda slug: read(slug)._replace(asked=False))
    connection.health_check_done = False  # as at the start of every request (close_old_connections)
    response = fresh_client().get("/t/hand-worked/sessions/3/")
    assert response.status_code == 200 and not fast(response) and checks == [1]
