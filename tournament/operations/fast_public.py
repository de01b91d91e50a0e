"""The fast path of a public live page (views/public/live.py) and of the hall display's pages and display.json
(views/display/hall.py, in the tournament's language) for a reader without a session: answered before the
session, locale, CSRF, authentication and message middlewares and before the view, in one query (the tournament
and its change stamp: selectors.changes.tournament_and_stamp), when the page of this version is known already.

A shared answer of such a page leaves its ``Version`` in Django's cache under its address (the path and query, the
language, the tournament: caching.address_key), with the stamp it holds for. The next reader of that address, at
that stamp, without a ``sessionid`` cookie gets, from here, the 304 (If-None-Match) or the bytes kept for that
version in their encoding, with the headers the view's answer has (caching.kept_answer, the same ETag,
Cache-Control, Vary and coding; the security headers come from the middlewares outside this one). Anything else goes the normal way, which answers and keeps the
page: a session cookie, another method, an address that is no tournament's page or was never answered to the
public, a tournament that is not public or hides its standings, an address whose version ended with the clock (a
session start or end, an announcement's end), or bytes not kept in this encoding yet.

Which addresses are tried: those with a tournament's slug whose audience has the fast path (operations.audiences:
the public pages and the hall's screens), except a view marked ``never_kept`` (the clock's: it keeps no answer);
and the public pages of several tournaments marked ``site_wide`` (a series' pages, a person's history:
views/public/series.py), under the site's stamp (selectors.changes.site_stamp) in the reader's language.

A request of the read API (views/api, the ``api`` audience) is counted against its address's rate limit here
(operations.api_throttle: a 429 over it), once, whether the fast path answers it or the view does.

The stamp is read from the database on every request on SQLite; on PostgreSQL the process keeps it until the
database notifies a change of the tournament (tournament.database.notices: a change is on the answers after its
notice, within milliseconds of its commit), and then no statement is sent at all. A statement is the first
statement of the request on a kept connection, without Django's health check before it (CONN_HEALTH_CHECKS: a
``SELECT 1``, a round trip as long as the stamp's); a connection the database closed (a restart) fails it, and the
request goes the normal way on a new connection. When the normal way answers after all, a live page uses the stamp
read here (``request.fast_stamp``, views/public/live.py) and the tournament the language middleware read after it.
"""

import functools
from collections.abc import Callable

from django.conf import settings
from django.core.signals import setting_changed
from django.db import InterfaceError, OperationalError, connection
from django.urls import Resolver404, resolve
from django.utils import translation

from scoring.limits import FAST_PATH_ADDRESSES
from tournament.operations import api_throttle
from tournament.operations.audiences import API, Audience, of_match
from tournament.operations.caching import Version, address_key, kept_answer, remembered_address
from tournament.operations.language import reader_language
from tournament.selectors.changes import site_stamp, tournament_and_stamp
from tournament.selectors.visibility import PUBLIC, open_to_everybody, standings_visible

SITE = object()  # the "slug" of a site-wide page
SITE_PK = 0  # no tournament has it: the address key of a site-wide page


class FastPublicMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = fast_answer(request)
        return self.get_response(request) if response is None else response


def fast_answer(request):
    """The answer of the fast path, or None to go the normal way."""
    if request.method not in ("GET", "HEAD") or settings.SESSION_COOKIE_NAME in request.COOKIES:
        return None
    page = _resolved(request.path_info)
    if page is None:
        return None
    slug, hall, audience = page
    if audience is API and not api_throttle.allowed(request):
        return api_throttle.refused()
    request.get_host()  # ALLOWED_HOSTS, as CommonMiddleware checks it on the normal way
    if slug is SITE:
        return _site_answer(request)
    try:
        found = tournament_and_stamp(slug)
    except (InterfaceError, OperationalError):  # a kept connection the database closed (restarted): no health
        connection.close()  # check before the stamp, the normal way opens a new one (config/settings.py)
        return None
    if found is None:
        return None
    tournament, stamp = found.tournament, found.stamp
    request.fast_stamp = (tournament.pk, stamp)  # read before the tournament's row: the normal way uses it
    if found.asked:  # the connection just answered: the normal way needs no SELECT 1 on it
        connection.health_check_done = True
    if not open_to_everybody(tournament) or not standings_visible(tournament, PUBLIC):
        return None
    language = reader_language(request, tournament, hall=hall)
    address = remembered_address(address_key(request, tournament.pk, language), stamp.token)
    if address is None:
        return None
    version = Version(address.key, address.last_modified, shared=True)
    response = kept_answer(request, version, address)
    if response is None:
        return None
    request.fast_public = True
    response["Content-Language"] = language  # as LocaleMiddleware and CommonMiddleware add them
    response["Content-Length"] = str(len(response.content))
    return response


def _site_answer(request):
    """A site-wide page's kept answer (``site_wide``), or None."""
    language = translation.get_language_from_request(request)
    address = remembered_address(address_key(request, SITE_PK, language), site_stamp().token)
    if address is None:
        return None
    response = kept_answer(request, Version(address.key, address.last_modified, shared=True), address)
    if response is None:
        return None
    request.fast_public = True
    response["Content-Language"] = language
    response["Content-Length"] = str(len(response.content))
    return response


def site_wide(view: Callable) -> Callable:
    """Marks a public view of no one tournament whose shared answers are kept under the site's stamp (``SITE_PK``
    in the address): the fast path looks for them."""
    view.site_wide = True
    return view


def never_kept(view: Callable) -> Callable:
    """Marks a view of a fast-path audience that keeps none of its answers for the fast path (the hall's clock):
    the fast path does not look for them."""
    view.never_kept = True
    return view


def _page(path: str) -> tuple[str, bool] | None:
    """The tournament's slug of the address of a page the fast path may answer (a page of the public, a hall
    screen or the read API's, operations.audiences) and whether it is in the tournament's language, else None."""
    found = _resolved(path)
    return None if found is None else found[:2]


@functools.lru_cache(maxsize=FAST_PATH_ADDRESSES)
def _resolved(path: str) -> tuple[str, bool, Audience] | None:
    """``_page``'s answer and the address's audience. Remembered per path (the address's page is the same as long
    as the URLs are): looking it up among the URLs took 60 to 200 µs, a fifth of a 304 on the fast path."""
    try:
        match = resolve(path)
    except Resolver404:
        return None
    slug, audience = match.kwargs.get("slug"), of_match(match)
    if getattr(match.func, "site_wide", False) and audience is not None and audience.fast:
        return SITE, False, audience
    if not slug or audience is None or not audience.fast or getattr(match.func, "never_kept", False):
        return None
    return slug, audience.hall, audience


def _urls_changed(*, setting, **kwargs) -> None:
    """A test that sets other URLs (ROOT_URLCONF) forgets what was looked up, as Django's resolver does."""
    if setting == "ROOT_URLCONF":
        _resolved.cache_clear()


setting_changed.connect(_urls_changed)
