"""HTTP caching of the public pages (issue 23, tournament/operations/caching.py): a stable strong ETag per
representation, Last-Modified, ``Cache-Control: public`` with the settings' max-age and stale-while-revalidate,
``Vary`` only on what varies, the 304 decided before anything is built, gzip and brotli bytes made once per
change and kept with the page, ``private, no-store`` for the staff and for logged-in readers, and hidden standings
or unpublished seating in no public copy."""

import gzip
import pickle
from datetime import timedelta

import brotli
import pytest
from django.core.cache import cache
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.utils import timezone
from django.utils.http import http_date

from tests.tournament.views.public.conftest import enter
from tournament.models import AuditEntry
from tournament.operations import caching
from tournament.services import seating, tournaments
from tournament.services.sessions import set_sessions

SESSION_3_TABLE_1 = {
    "E": 47_300,
    "S": 33_100,
    "W": 24_600,
    "N": 15_000,
}  # as test_live_cache: e ends on -30.0
PAGES = [
    "/t/hand-worked/",
    "/t/hand-worked/standings/",
    "/t/hand-worked/standings/?after=1",
    "/t/hand-worked/sessions/3/",
    "/t/hand-worked/players/e/",
    "/t/hand-worked/display/pages/",
    "/t/hand-worked/display.json",
]
HTML_PAGES = PAGES[:-1]
LIVE_PAGES = PAGES[:5]
HALL = PAGES[5:]


def parts(value: str) -> set[str]:
    return {part.strip() for part in value.split(",") if part.strip()}


def fresh_client(**headers) -> Client:
    """A browser that never came before: no cookie."""
    return Client(headers=headers)


def skip_while_personal(url: str) -> None:
    """The public answers are shared only when they hold nothing of their reader. The header's language form
    carried a CSRF token for every visitor; issue 23's token-free layout (a GET language switch) removes it. Until
    then the pages go to each reader privately (caching.Personal), and these tests have nothing to check."""
    if "csrfmiddlewaretoken" in fresh_client().get(url).content.decode():
        pytest.skip("the public layout still carries a per-visitor CSRF token (the language form)")


@pytest.fixture
def token_free(hand_worked):
    skip_while_personal(PAGES[0])
    return hand_worked


@pytest.mark.parametrize("url", PAGES)
def test_the_etag_is_stable_for_clients_without_cookies(hand_worked, url):
    first, second = fresh_client().get(url), fresh_client().get(url)
    assert first.status_code == second.status_code == 200
    assert first["ETag"] == second["ETag"] and not first["ETag"].startswith("W/")
    assert fresh_client().get(url, headers={"if-none-match": first["ETag"]}).status_code == 304


@pytest.mark.parametrize("url", HALL + ["/t/hand-worked/"])
def test_an_unchanged_hall_fragment_or_tournament_page_is_a_304(client, hand_worked, url):
    first = client.get(url)
    again = client.get(url, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == first["ETag"]
    assert "Last-Modified" in first


@pytest.mark.parametrize("url", PAGES)
def test_a_result_changes_the_etag(client, hand_worked, url):
    before = client.get(url)
    enter(hand_worked, 3, 1, SESSION_3_TABLE_1)
    after = client.get(url, headers={"if-none-match": before["ETag"]})
    assert after.status_code == 200 and after["ETag"] != before["ETag"]


@pytest.mark.parametrize("url", PAGES)
def test_public_cache_control_from_the_settings(hand_worked, settings, url):
    skip_while_personal(url)
    settings.TENBOU_PUBLIC_MAX_AGE, settings.TENBOU_PUBLIC_STALE_SECONDS = 7, 21
    response = fresh_client().get(url)
    assert parts(response["Cache-Control"]) == {"public", "max-age=7", "stale-while-revalidate=21"}
    not_modified = fresh_client().get(url, headers={"if-none-match": response["ETag"]})
    assert parts(not_modified["Cache-Control"]) == parts(response["Cache-Control"])
    assert "Set-Cookie" not in response and not response.cookies


@pytest.mark.parametrize(
    ("url", "vary"),
    [*((url, {"Accept-Encoding", "Accept-Language", "Cookie"}) for url in LIVE_PAGES),
     (HALL[0], {"Accept-Encoding"}), (HALL[1], set())],
)  # fmt: skip
def test_vary_names_only_what_varies(hand_worked, url, vary):
    """A live page's language comes from the cookie or the browser (operations.language); the hall's screens are
    in the tournament's language for everybody; display.json is not compressed."""
    response = fresh_client().get(url, headers={"accept-encoding": "gzip"})
    assert parts(response.get("Vary", "")) == vary


def test_staff_pages_and_the_login_are_private_and_not_stored(organiser_client, referee_client):
    for browser, url in [
        (organiser_client, "/t/demo/organise/"),
        (referee_client, "/t/demo/referee/"),
        (Client(), "/accounts/login/"),
        (Client(), "/accounts/password_reset/"),
    ]:
        assert {"private", "no-store"} <= parts(browser.get(url)["Cache-Control"]), url


@pytest.mark.parametrize(
    "url", ["/t/demo/", "/t/demo/standings/", "/t/demo/sessions/6/", "/t/demo/players/p01/"]
)
def test_a_logged_in_readers_live_page_is_private_and_not_stored(client, demo, make_user, url):
    """Their name and the logout form are in the header (an organiser's links in the page): never a shared copy,
    never kept; the 304 still works (live.js)."""
    for user in (make_user("org", tournament=demo, role="organiser"), make_user("nobody")):
        client.force_login(user)
        response = client.get(url)
        assert {"private", "no-store"} <= parts(response["Cache-Control"]) and "public" not in response[
            "Cache-Control"
        ]
        assert client.get(url, headers={"if-none-match": response["ETag"]}).status_code == 304


def test_a_logged_in_readers_other_public_pages_are_not_stored(client, demo, make_user):
    client.force_login(make_user("nobody"))
    assert {"private", "no-store"} <= parts(client.get("/calculator/")["Cache-Control"])
    assert "Cache-Control" not in fresh_client().get("/calculator/")


@pytest.mark.parametrize("url", HTML_PAGES)
def test_gzip_and_brotli_decode_to_the_same_page(hand_worked, url):
    plain = fresh_client().get(url)
    zipped = fresh_client().get(url, headers={"accept-encoding": "gzip, deflate"})
    squeezed = fresh_client().get(url, headers={"accept-encoding": "gzip, deflate, br"})
    assert "Content-Encoding" not in plain and plain.content.decode().lstrip().startswith(("<", "{"))
    assert zipped["Content-Encoding"] == "gzip" and squeezed["Content-Encoding"] == "br"
    if "csrfmiddlewaretoken" not in plain.content.decode():  # each reader's token differs, the page does not
        assert gzip.decompress(zipped.content) == plain.content == brotli.decompress(squeezed.content)
    else:
        assert gzip.decompress(zipped.content).decode().startswith(plain.content.decode()[:200])
        assert brotli.decompress(squeezed.content).decode().startswith(plain.content.decode()[:200])
    etags = {plain["ETag"], zipped["ETag"], squeezed["ETag"]}
    assert len(etags) == 3  # a strong ETag per representation: the bytes differ
    for response, accepts in ((zipped, "gzip"), (squeezed, "br"), (plain, "")):
        again = fresh_client().get(
            url, headers={"accept-encoding": accepts, "if-none-match": response["ETag"]}
        )
        assert again.status_code == 304 and again["ETag"] == response["ETag"]


def test_brotli_refused_with_q0_gets_gzip_and_nothing_accepted_gets_the_plain_page(hand_worked):
    url = PAGES[1]
    assert fresh_client().get(url, headers={"accept-encoding": "br;q=0, gzip"})["Content-Encoding"] == "gzip"
    assert "Content-Encoding" not in fresh_client().get(url, headers={"accept-encoding": "identity"})


def test_the_pages_own_etag_is_a_304_in_any_coding(hand_worked):
    """live.js asks again with the ETag written in the page (its bytes before any content coding): the browser
    that received them in brotli has this version, so it is a 304 too."""
    url = PAGES[1]
    page = fresh_client().get(url).content.decode()
    written = page.split('data-etag="', 1)[1].split('"', 1)[0].replace("&quot;", '"')
    again = fresh_client().get(url, headers={"accept-encoding": "br", "if-none-match": written})
    assert again.status_code == 304 and again["ETag"].endswith('-br"')


def test_the_compressed_bytes_are_made_once_per_change(token_free, monkeypatch):
    made = []
    real = caching.encode
    monkeypatch.setattr(
        caching, "encode", lambda body, encoding: made.append(encoding) or real(body, encoding)
    )
    url = PAGES[1]
    first = [fresh_client().get(url, headers={"accept-encoding": "gzip"}) for _ in range(3)]
    assert made == ["gzip"] and len({response.content for response in first}) == 1
    [fresh_client().get(url, headers={"accept-encoding": "br"}) for _ in range(2)]
    assert made == ["gzip", "br"]
    enter(token_free, 3, 1, SESSION_3_TABLE_1)
    fresh_client().get(url, headers={"accept-encoding": "gzip"})
    assert made == ["gzip", "br", "gzip"]


def test_gzip_middleware_does_not_compress_again(hand_worked, settings):
    settings.MIDDLEWARE = ["django.middleware.gzip.GZipMiddleware", *settings.MIDDLEWARE]
    plain = fresh_client().get(PAGES[1]).content.decode()
    zipped = fresh_client().get(PAGES[1], headers={"accept-encoding": "gzip"})
    assert gzip.decompress(zipped.content).decode()[:300] == plain[:300]
    assert not zipped["ETag"].startswith("W/")  # GZipMiddleware weakens the ETags it compresses


@pytest.mark.parametrize("url", PAGES)
def test_a_304_costs_the_tournament_and_the_stamp(hand_worked, url, django_assert_max_num_queries):
    """No overview, no player or session rows, no announcement, no rendering: the tournament (read by the language
    middleware) and the change stamp."""
    etag = fresh_client().get(url)["ETag"]
    with django_assert_max_num_queries(2):
        assert fresh_client().get(url, headers={"if-none-match": etag}).status_code == 304


def test_a_304_renders_nothing(hand_worked, monkeypatch):
    etags = {url: fresh_client().get(url)["ETag"] for url in PAGES}

    def refuse(*args, **kwargs):
        raise AssertionError("rendered for a 304")

    monkeypatch.setattr("tournament.views.public.live.render_to_string", refuse)
    monkeypatch.setattr("tournament.views.display.hall.render_to_string", refuse)
    monkeypatch.setattr("tournament.selectors.overview.build_overview", refuse)
    for url, etag in etags.items():
        assert fresh_client().get(url, headers={"if-none-match": etag}).status_code == 304


@pytest.mark.parametrize("url", PAGES)
def test_last_modified_is_the_last_change(hand_worked, url):
    enter(hand_worked, 3, 1, SESSION_3_TABLE_1)
    latest = AuditEntry.objects.order_by("-id").first()
    response = fresh_client().get(url)
    assert response["Last-Modified"] == http_date(int(latest.created_at.timestamp()))
    assert (
        fresh_client().get(url, headers={"if-modified-since": response["Last-Modified"]}).status_code == 304
    )


def test_the_tournament_page_changes_when_a_session_starts_not_every_minute(hand_worked, monkeypatch):
    start = timezone.now().replace(microsecond=0) + timedelta(hours=1)
    set_sessions(actor=None, tournament=hand_worked, count=3, times={3: (start, 90)})
    moments = [start - timedelta(minutes=30), start - timedelta(minutes=29), start + timedelta(minutes=1)]
    answers = []
    for moment in moments:
        monkeypatch.setattr(timezone, "now", lambda moment=moment: moment)
        answers.append(fresh_client().get(PAGES[0]))
    before, a_minute_later, started = answers
    assert before["ETag"] == a_minute_later["ETag"] != started["ETag"]
    assert started["Last-Modified"] == http_date(int(start.timestamp()))
    assert "playing now" in started.content.decode() and "playing now" not in before.content.decode()


def stored_answers(besides=frozenset()) -> list[str]:
    """Every public page kept in the cache (locmem), decoded; ``besides``: keys to leave out."""
    found = []
    for key, value in cache._cache.items():
        if caching.PREFIX in key and not key.endswith(caching.BUILDING_SUFFIX) and key not in besides:
            _version, body = pickle.loads(value)
            if key.endswith(":gzip"):
                body = gzip.decompress(body)
            elif key.endswith(":br"):
                body = brotli.decompress(body)
            found.append(body.decode())
    return found


def test_hidden_standings_are_in_no_public_copy(token_free, client, make_user):
    """The organiser sees the hidden standings (their own, private page); the public's page, and every copy kept
    for the public, shows only the notice. The player page keeps the results but not the rank."""
    url = PAGES[1]
    fresh_client().get(url, headers={"accept-encoding": "br"})  # a public copy made while they were shown
    shown_then = set(cache._cache)
    tournaments.update_tournament(actor=None, tournament=token_free, standings_hidden=True)
    client.force_login(make_user("org", tournament=token_free, role="organiser"))
    staff = client.get(url)
    assert "Standings after session 2" in staff.content.decode() and "public" not in staff["Cache-Control"]
    public = fresh_client().get(url)
    assert "hidden the standings" in public.content.decode() and "public" in public["Cache-Control"]
    for url_ in (url, PAGES[4], PAGES[5]):
        fresh_client().get(url_, headers={"accept-encoding": "gzip"})
        fresh_client().get(url_, headers={"accept-encoding": "br"})
    kept = stored_answers(besides=shown_then)
    assert kept and not [page for page in kept if "Standings after session" in page or "+40.0" in page]


def test_unpublished_seating_is_in_no_public_copy(token_free, client, make_user):
    seating.publish_seating(actor=None, tournament=token_free, numbers=[3], published=False)
    client.force_login(make_user("org", tournament=token_free, role="organiser"))
    assert "Vries, Anna de" in client.get(PAGES[3]).content.decode()  # the organiser sees it
    public = fresh_client().get(PAGES[3], headers={"accept-encoding": "gzip"})
    assert "Vries, Anna de" not in gzip.decompress(public.content).decode()
    assert not [page for page in stored_answers() if "Vries, Anna de" in page and "Session 3" in page]


def test_an_odd_query_string_is_answered_privately(token_free):
    """Only the page's own parameters, as it writes them, make a shared copy: a copy never keeps a stranger's
    query string (the language links keep the page's query)."""
    for url in ("/t/hand-worked/standings/?after=1&utm=x", "/t/hand-worked/standings/?after=01"):
        response = fresh_client().get(url)
        assert response.status_code == 200 and "public" not in response["Cache-Control"]
    assert not [page for page in stored_answers() if "utm=x" in page]
    assert "public" in fresh_client().get("/t/hand-worked/standings/?after=1")["Cache-Control"]


def test_a_hidden_tournaments_hall_screens_are_for_its_staff_only(client, hand_worked, make_user):
    from tournament.services.publication import set_public

    set_public(actor=None, tournament=hand_worked, public=False)
    assert fresh_client().get(HALL[0]).status_code == 404
    client.force_login(make_user("org", tournament=hand_worked, role="organiser"))
    response = client.get(HALL[0])
    assert response.status_code == 200 and {"private", "no-store"} <= parts(response["Cache-Control"])


def test_a_rendering_that_holds_a_readers_token_is_never_kept(db, rf):
    """The safety net: a shared answer whose rendering used the reader's CSRF token (a form slipped into a public
    template) goes to that reader alone, private, and no copy is kept for anybody else."""
    from django.contrib.auth.models import AnonymousUser
    from django.middleware.csrf import get_token

    request = rf.get("/t/x/standings/")
    request.user = AnonymousUser()
    version = caching.Version("a-key", None, shared=True)
    response = caching.answer(request, version, lambda etag: f"<form>{get_token(request)}</form>".encode())
    assert response.status_code == 200 and b"<form>" in response.content
    assert parts(response["Cache-Control"]) == {"private", "no-cache"}
    assert not [key for key in cache._cache if caching.PREFIX in key]
    fair = caching.answer(rf.get("/t/x/standings/"), version, lambda etag: b"<p>the same for all</p>")
    assert "public" in fair["Cache-Control"] and [key for key in cache._cache if caching.PREFIX in key]


def test_a_message_waiting_for_a_reader_is_in_no_kept_copy(hand_worked, client):
    """An organiser logs out with a message still waiting (the messages cookie): the public page they open next
    shows it to them alone, and the copy kept for everybody has none."""
    from django.contrib import messages
    from django.contrib.messages.storage.cookie import CookieStorage

    storage = CookieStorage(RequestFactory().get("/"))
    storage.add(messages.INFO, "Seating saved for Anna")
    response = HttpResponse()
    storage.update(response)
    client.cookies[CookieStorage.cookie_name] = response.cookies[CookieStorage.cookie_name].value
    theirs = client.get(PAGES[1])
    assert "Seating saved for Anna" in theirs.content.decode() and "public" not in theirs["Cache-Control"]
    assert not [page for page in stored_answers() if "Seating saved for Anna" in page]
    assert "Seating saved for Anna" not in fresh_client().get(PAGES[1]).content.decode()
