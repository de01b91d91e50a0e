"""HTTP caching: the one home of what a browser, a proxy or a CDN may keep of Tenbou's answers.

**Public answers** (the live pages of views/public/live.py, the hall display's pages and display.json) go through
``answer(request, version, render)``. ``version`` names everything the bytes depend on (``Version.key``: the
tournament's change stamp, the language, the page and its variant, the announcement on show, the time step of a
page that changes with the clock) and nothing else, so

- the ETag is known before anything is rendered, and the conditional answer (If-None-Match, If-Modified-Since ->
  304) costs what the caller spent on the key: the stamp, one query (``Version`` is cheap to make);
- a strong ETag per representation: the key and the content coding (``"<key>-br"``, ``"<key>-gzip"``, ``"<key>"``),
  because the gzip and brotli bytes of one page differ; a page is rendered from the same data the same way, so
  equal ETags are equal bytes (gzip without a time stamp);
- an answer that is the same for every reader (``Version.shared``: nobody logged in, a public tournament, the
  page's own query only) is rendered once per key and kept in Django's cache with its gzip and brotli bytes, each
  made once, when first asked (``once``: a crowd asking right after a change waits for one rendering), and sent
  ``Cache-Control: public, max-age=TENBOU_PUBLIC_MAX_AGE, stale-while-revalidate=TENBOU_PUBLIC_STALE_SECONDS``
  with exactly the ``Vary`` the caller names (the language's headers only where a reader's language is chosen
  from them);
- an answer for one reader (logged in, a hidden tournament's staff, an odd query string) is rendered for each
  request around the same cached parts, compressed for it, its ETag holding the login, and sent ``private,
  no-store`` when somebody is logged in (``private, no-cache`` otherwise).

If a shared rendering turns out to hold something of its reader (a CSRF token: the page used ``get_token``; a
message waiting for them), it is not kept and goes to that reader alone, privately: no cached copy ever carries
one person's token or message.

A shared answer of a live page also leaves its version under its address (``remember_address``): the next reader
without a session gets the 304 or the kept bytes from ``kept_answer`` (the same ETag and headers) in
operations.fast_public, before the session and the view.

**What the cache keeps** is what can still be read, and no more: one entry per page (its path and query) and
language for its bytes, one per content coding made, and one for its address, under keys that hold no change stamp
(``_slot``, ``address_key``). Each entry holds the version it was made for (``Version.key``, the stamp's token for
an address) and a new version's rendering replaces it; a reader that finds another version than its own takes it as
missing and renders its own (``once``), so a change leaves nothing behind, the cache's size follows the number of
pages read and not the number of changes, and no answer is ever older than the stamp allows (a slow rendering of an
old stamp that stores last only makes the next reader render again). The build marker is per key and version: a
crowd waits for the rendering of its own version, never for another page's or another tournament's.

**Every other answer** passes ``CachingHeadersMiddleware`` (in settings.MIDDLEWARE after the static files and the
security headers, before the fast path):
a staff page (a page of a staff audience, operations.audiences: the organiser's and the referee's pages, their
refusals and errors too, the players' sheet link, the login and password pages; and any view that sets
``request.staff_page``) and any page a logged-in reader saw (their session was read) is ``private, no-store``,
unless it said ``public`` itself; a shared public answer gets exactly its ``Vary``, after the middlewares that add
``Accept-Language`` and ``Cookie`` to every page.
"""

import gzip
import hashlib
import time
from collections.abc import Callable
from typing import NamedTuple

import brotli
from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date
from django.utils.translation import get_language

from tournament.operations.audiences import of_request

IDENTITY, GZIP, BROTLI = "identity", "gzip", "br"
GZIP_LEVEL, BROTLI_QUALITY = 6, 5  # once per change and page: docs/operators.md, "Caching" (sizes, times)
STORED_SECONDS = 12 * 60 * 60  # a page's key is replaced by its next version; one not read for this long goes
PREFIX = "tenbou:answer:"
ADDRESS_PREFIX = "tenbou:address:"
BUILDING_SUFFIX, BUILD_WAIT_SECONDS = ":building", 5
HTML = "text/html; charset=utf-8"


class Version(NamedTuple):
    """What one public answer is made of. ``key``: a digest of everything its bytes depend on; ``last_modified``:
    when they last changed (None: not to be asked by date alone); ``shared``: the same for every reader."""

    key: str
    last_modified: int | None
    shared: bool


class Personal(Exception):
    """A shared rendering that used something of its reader: it goes to that reader only."""

    def __init__(self, body: bytes):
        super().__init__("the rendering holds its reader's CSRF token or message")
        self.body = body


def digest(*parts) -> str:
    return hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()[:32]


def chosen_encoding(request) -> str:
    """brotli, else gzip, else the bytes as they are: whichever the client accepts (Accept-Encoding; q=0 refuses,
    ``*`` accepts any)."""
    weights = {}
    for part in request.headers.get("accept-encoding", "").split(","):
        name, _semi, parameters = part.partition(";")
        weight = parameters.strip().removeprefix("q=").strip() if "q=" in parameters else "1"
        try:
            weights[name.strip().lower()] = float(weight)
        except ValueError:
            continue
    for encoding in (BROTLI, GZIP):
        if weights.get(encoding, weights.get("*", 0)) > 0:
            return encoding
    return IDENTITY


def encode(body: bytes, encoding: str) -> bytes:
    if encoding == GZIP:
        return gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0)
    if encoding == BROTLI:
        return brotli.compress(body, mode=brotli.MODE_TEXT, quality=BROTLI_QUALITY)
    return body


def answer(
    request,
    version: Version,
    render: Callable[[str], bytes],
    *,
    content_type: str = HTML,
    compress: bool = True,
    vary: tuple[str, ...] = (),
) -> HttpResponse:
    """The 304, or the page: from the cache when shared (rendered once per key and encoding), else rendered now.
    ``render(etag)`` makes the bytes; ``etag`` is the page's own (as rendered, before any content coding), for a
    page that asks for itself again (live.js sends it back: the same version in another coding is a 304 too)."""
    encoding, vary = _coding(request, compress, vary)
    etag, page_etag = _etag(request, version, encoding), _etag(request, version, IDENTITY)
    not_modified = _not_modified(request, version, etag, page_etag)
    if not_modified is not None:
        return _headers(request, not_modified, version, etag, vary)
    if version.shared:
        try:
            unshared = lambda: _unshared_render(request, render, page_etag)  # noqa: E731
            body = _stored(_slot(request), version.key, encoding, unshared)
        except Personal as personal:  # never kept: this reader alone gets it
            body, version = encode(personal.body, encoding), version._replace(shared=False)
    else:
        body = encode(render(page_etag), encoding)
    return _headers(request, _page(body, content_type, encoding), version, etag, vary)


def kept_answer(request, version: Version, address: "Address"):
    """``answer`` for a shared version from what is known already (the fast path, FastPublicMiddleware): the 304,
    or the bytes kept in the cache in the reader's encoding; None when they are not kept (yet)."""
    encoding, vary = _coding(request, address.compress, address.vary)
    etag, page_etag = _etag(request, version, encoding), _etag(request, version, IDENTITY)
    response = _not_modified(request, version, etag, page_etag)
    if response is None:
        body = _current(_stored_key(address.slot, encoding), version.key)
        if body is None:
            return None
        response = _page(body, address.content_type, encoding)
    return _headers(request, response, version, etag, vary)


def _coding(request, compress: bool, vary: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """The content coding of the answer and its Vary: the reader's choice and Accept-Encoding when compressed."""
    if not compress:
        return IDENTITY, vary
    return chosen_encoding(request), (*vary, "Accept-Encoding")


class Address(NamedTuple):
    """What the shared answer of one address (its path and query, the language, the tournament) was made of for the
    stamp ``stamp`` (its token), kept for the fast path: its version, the ``Vary`` it names, when it stops holding
    (``until``: a clock step or an announcement's end, as a time stamp; None: only a change ends it) and where its
    bytes are (``slot``)."""

    key: str
    last_modified: int | None
    vary: tuple[str, ...]
    until: float | None
    content_type: str = HTML
    compress: bool = True
    stamp: str = ""
    slot: str = ""


def address_key(request, tournament_pk: int, language: str) -> str:
    """The key of an address (the tournament, the language, the path and query) whatever the stamp: the version
    kept there names the stamp it holds for (``remembered_address``)."""
    return ADDRESS_PREFIX + digest(tournament_pk, language, request.get_full_path())


def remember_address(
    request,
    key: str,
    version: Version,
    *,
    stamp: str,
    vary: tuple[str, ...],
    until: float | None,
    content_type: str = HTML,
    compress: bool = True,
) -> None:
    """Keep the version of a shared answer for its address (``address_key``) and the stamp's token ``stamp``, for
    the next reader's fast path, instead of the address's previous version; ``vary``, ``content_type`` and
    ``compress`` as the answer had them."""
    if version.shared:
        address = Address(
            version.key, version.last_modified, vary, until, content_type, compress, stamp, _slot(request)
        )
        cache.set(key, address, STORED_SECONDS)


def remembered_address(key: str, stamp: str) -> Address | None:
    """The version kept for the address ``key`` when it holds for the stamp's token ``stamp`` and now, else None."""
    found = cache.get(key)
    if found is None or found.stamp != stamp:
        return None
    if found.until is not None and timezone.now().timestamp() >= found.until:
        return None
    return found


def _not_modified(request, version: Version, etag: str, page_etag: str):
    """The 304 when If-None-Match names this representation or the page's own ETag (or If-Modified-Since holds)."""
    found = get_conditional_response(request, etag=etag, last_modified=version.last_modified)
    if found is None and page_etag != etag:
        found = get_conditional_response(request, etag=page_etag, last_modified=version.last_modified)
    return found


def _page(body: bytes, content_type: str, encoding: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    if encoding != IDENTITY:
        response["Content-Encoding"] = encoding
    return response


def _etag(request, version: Version, encoding: str) -> str:
    reader = "" if version.shared else digest(_login(request), _csrf_digest(request))
    tag = digest(version.key, reader) if reader else version.key
    return f'"{tag}"' if encoding == IDENTITY else f'"{tag}-{encoding}"'


def _login(request) -> int:
    user = getattr(request, "user", None)
    return user.pk or 0 if user is not None and user.is_authenticated else 0


def _csrf_digest(request) -> str:
    """A logged-in reader's page has the logout form: a 304 keeps a token that fits their CSRF cookie."""
    if not _login(request):
        return "-"
    get_token(request)  # the logout form needs it anyway; a first visit gets its secret now
    return digest("csrf", request.META.get("CSRF_COOKIE", ""))[:12]


def _headers(request, response, version: Version, etag: str, vary: tuple[str, ...]):
    response["ETag"] = etag
    if version.last_modified is not None:
        response["Last-Modified"] = http_date(version.last_modified)
    if version.shared:
        patch_cache_control(
            response,
            public=True,
            max_age=settings.TENBOU_PUBLIC_MAX_AGE,
            stale_while_revalidate=settings.TENBOU_PUBLIC_STALE_SECONDS,
        )
        response.vary_exactly = vary  # CachingHeadersMiddleware: nothing else varies
    elif _login(request):
        patch_cache_control(response, private=True, no_store=True)
        patch_vary_headers(response, vary)
    else:
        patch_cache_control(response, private=True, no_cache=True)
        patch_vary_headers(response, vary)
    return response


def _unshared_render(request, render: Callable[[str], bytes], etag: str) -> bytes:
    """``render(etag)`` for everybody: refused (Personal) when it used the reader's CSRF token or showed them a
    message waiting for them (django.contrib.messages: the layout shows any)."""
    used_before = request.META.get("CSRF_COOKIE_NEEDS_UPDATE", False)
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = False
    body = render(etag)
    if request.META["CSRF_COOKIE_NEEDS_UPDATE"] or len(getattr(request, "_messages", ())):
        raise Personal(body)
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = used_before
    return body


def _slot(request) -> str:
    """Where a shared answer's bytes are kept whatever its version: its page (path and query) and language. Every
    reader of one page and language at one moment gets the same version, so they share the slot."""
    return digest(get_language(), request.get_full_path())


def _stored(slot: str, version: str, encoding: str, render: Callable[[], bytes]) -> bytes:
    """The bytes of the version in this encoding: each encoding made once, from the page rendered once."""
    plain = _stored_key(slot, IDENTITY)

    def rendered() -> bytes:
        return once(plain, version, render)

    if encoding == IDENTITY:
        return rendered()
    return once(_stored_key(slot, encoding), version, lambda: encode(rendered(), encoding))


def _stored_key(slot: str, encoding: str) -> str:
    return PREFIX + slot if encoding == IDENTITY else f"{PREFIX}{slot}:{encoding}"


def once(key: str, version: str, build: Callable[[], object]):
    """The value of ``version`` under ``key``: from the cache when the key holds that version, or built by this
    caller and stored instead of the key's previous version, or built meanwhile by the caller that put the
    version's marker (``cache.add`` is atomic for the threads of a process and the processes sharing a cache
    alike). Another version under the key is a miss, whether older or newer: never answered for this one."""
    found = _current(key, version)
    if found is not None:
        return found
    marker = f"{key}:{version}{BUILDING_SUFFIX}"
    if not cache.add(marker, 1, BUILD_WAIT_SECONDS):
        found = _built_elsewhere(key, version, marker)
        if found is not None:
            return found
    try:
        found = build()
        cache.set(key, (version, found), STORED_SECONDS)
        return found
    finally:  # also when the build refuses (a 404): nobody waits for a page that does not come
        cache.delete(marker)


def _current(key: str, version: str):
    """The value kept under ``key`` if it was built for ``version``, else None."""
    found = cache.get(key)
    if found is None or found[0] != version:
        return None
    return found[1]


def _built_elsewhere(key: str, version: str, marker: str):
    """What the caller with the marker built; None when it gave up (its marker is gone without a value) or takes
    longer than BUILD_WAIT_SECONDS: then this caller builds it too."""
    deadline = time.monotonic() + BUILD_WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(0.01)
        found = _current(key, version)
        if found is not None:
            return found
        if cache.get(marker) is None:
            return _current(key, version)
    return None


class CachingHeadersMiddleware:
    """Private, no-store for the staff's and logged-in readers' pages; the exact Vary of a shared public answer."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if _staff_page(request) or (_personal(request) and not _says_public(response)):
            patch_cache_control(response, private=True, no_store=True)
        exact = getattr(response, "vary_exactly", None)
        if exact is not None and _says_public(response):
            del response["Vary"]
            patch_vary_headers(response, exact)
        return response


def _staff_page(request) -> bool:
    """The staff's pages, the login and password pages among them (forms with a token, never for a cache)."""
    if getattr(request, "staff_page", False):
        return True
    audience = of_request(request)
    return audience is not None and audience.staff


def _personal(request) -> bool:
    """The page was made for a logged-in reader: it read their session and found them."""
    session = getattr(request, "session", None)
    return session is not None and session.accessed and bool(_login(request))


def _says_public(response) -> bool:
    return "public" in {part.strip() for part in response.get("Cache-Control", "").split(",")}
