"""A shared cache that stays small (issue 33, item 6; tournament/operations/caching.py): each page keeps one copy
per language and encoding, under a key without the change stamp, holding the version it was rendered for; a new
stamp's rendering replaces it, and a copy of an older version is never served."""

from django.core.cache import cache

from tests.tournament.views.public.test_fast_path import fast
from tests.tournament.views.public.test_http_caching import fresh_client
from tournament.operations import caching
from tournament.services import tournaments

# the live pages, the hall's screens and the read API: everything that keeps shared answers
READ = [
    "/t/hand-worked/",
    "/t/hand-worked/standings/",
    "/t/hand-worked/players/e/",
    "/t/hand-worked/display/pages/",
    "/api/v1/tournaments/hand-worked/standings/",
]
CHANGES = 3


def kept() -> tuple[int, int]:
    """The keys in the cache (locmem) and the bytes of their values."""
    values = list(cache._cache.values())
    return len(values), sum(len(value) for value in values)


def read_every_page(name: str, before: dict | None = None) -> dict:
    """What the readers do after a change: each page in brotli and plain, the normal way then the fast path; every
    answer is of this version: the tournament's new name on its pages, an ETag other than ``before``'s (the
    previous version's). Answers the pages' ETags."""
    etags = {}
    for url in READ:
        for encoding in ("br", "identity"):
            first = fresh_client(**{"accept-encoding": encoding}).get(url)
            again = fresh_client(**{"accept-encoding": encoding}).get(url)
            assert first.status_code == again.status_code == 200, url
            assert fast(first) == (encoding != "br") and fast(again), url  # rendered once, then kept
            assert first.content == again.content and first["ETag"] == again["ETag"]
            etags[url, encoding] = first["ETag"]
            if before is not None:
                assert first["ETag"] != before[url, encoding], (url, encoding)
            if "/display/" not in url and "/api/" not in url:  # the hall's slides and the API have no name
                body = first.content if encoding == "identity" else caching.brotli.decompress(first.content)
                assert name.encode() in body, (url, encoding)
    return etags


def test_the_cache_does_not_grow_with_the_changes(hand_worked):
    """A probe measured Redis growing by 0.83 MB per change (20 attendance marks: 9.6 to 26.3 MB): every change
    left the pages read after it under new keys for 12 hours. Now the same pages read after each of CHANGES changes
    leave as many keys, of the same size, as after the first."""
    sizes, etags = [], None
    for change in range(CHANGES):
        name = f"Hand-worked Open {change}"  # the same length each time: the pages' bytes stay the same size
        tournaments.update_tournament(actor=None, tournament=hand_worked, name=name)
        etags = read_every_page(name, etags)
        sizes.append(kept())
    keys, size = sizes[0]
    assert [found for found, _bytes in sizes] == [keys] * CHANGES
    assert all(abs(found - size) <= size // 100 for _keys, found in sizes)  # the clock's minutes in a page


def test_a_page_read_after_a_change_is_never_the_old_one(hand_worked):
    """The page of the old stamp is still in the cache (under the page's one key) when the new stamp is read: it
    is rendered again, never sent, by the normal way and the fast path alike, in each encoding."""
    before = read_every_page(hand_worked.name)
    tournaments.update_tournament(actor=None, tournament=hand_worked, name="Renamed Open")
    read_every_page("Renamed Open", before)


def test_an_older_version_in_the_pages_key_is_a_miss():
    """What a slow rendering of the old stamp does when it stores after the new one: the key holds the old
    version, and the reader of the new one builds again instead of taking it."""
    caching.once("test-slot", "version-1", lambda: b"old")
    assert caching.once("test-slot", "version-2", lambda: b"new") == b"new"
    caching.once("test-slot", "version-1", lambda: b"old again")  # the old stamp's rendering stores last
    assert caching.once("test-slot", "version-2", lambda: b"new again") == b"new again"
    assert [key for key in cache._cache if "test-slot" in key] == [":1:test-slot"]


def test_the_fast_path_takes_no_bytes_of_another_version(rf):
    """The address names this stamp's version, but the page's key holds another's bytes (a rendering of the old
    stamp stored last): the fast path answers nothing (the normal way renders), never the other version."""
    request = rf.get("/t/x/standings/", headers={"accept-encoding": "br"})
    slot = caching._slot(request)
    address = caching.Address("version-2", None, (), None, stamp="stamp-2", slot=slot)
    cache.set(caching.ADDRESS_PREFIX + "x", address)
    assert (
        caching.remembered_address(caching.ADDRESS_PREFIX + "x", "stamp-1") is None
    )  # an older stamp's reader
    assert caching.remembered_address(caching.ADDRESS_PREFIX + "x", "stamp-2") == address
    caching.once(caching._stored_key(slot, caching.BROTLI), "version-1", lambda: b"old bytes")
    assert caching.kept_answer(request, caching.Version("version-2", None, True), address) is None
    caching.once(caching._stored_key(slot, caching.BROTLI), "version-2", lambda: b"new bytes")
    assert (
        caching.kept_answer(request, caching.Version("version-2", None, True), address).content
        == b"new bytes"
    )
