"""Public pages rendered once per change, answered with 304 Not Modified while nothing changed, and refreshed in
the background by static/js/live.js.

A page's changing part (the fragment: a heading and the body) is rendered once per change stamp
(selectors.changes), language and variant (``?after=``, the viewer being an organiser) and kept in Django's cache
(settings.CACHES: local memory by default, a database or Redis cache shared by several processes): the one cache
of the public pages. The stamp is read from the database on every request, before anything else the page shows,
so no process serves a page older than the last change it can see, and nothing needs a restart after a restore.
The layout around the fragment (navigation, the language links, the login or the logout form with its CSRF token)
is rendered for each request.

A crowd asking for the same page right after a change waits for one rendering: the first puts a short-lived
marker in the cache (``cache.add`` is atomic, for the threads of a process and for the processes sharing a cache
alike) and the others wait for its page; different pages render at once.

ETag: the stamp, language, variant, the user, for a logged-in user a digest of the browser's CSRF secret (a page
answered with 304 keeps a logout form whose token still fits the browser's cookie; an anonymous page has no token)
and the end time of the hall announcement on show (none once it has ended). The announcement is outside the cached
fragment: the layout shows it, read on every request, and live.js swaps its box with the page; setting or removing
one is an audited change (a new stamp), and its end changes the ETag, so neither a cached fragment nor a 304 keeps
an ended announcement. Last-Modified: the time of the last change.
"""

import hashlib
import time
from collections.abc import Callable

from django.core.cache import cache
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date
from django.utils.timezone import localtime
from django.utils.translation import get_language

from tournament.models import Tournament
from tournament.permissions import can_organise
from tournament.selectors.announcements import tournament_announcement
from tournament.selectors.changes import Stamp, change_stamp

FRAGMENT_SECONDS = 12 * 60 * 60
REFRESH_SECONDS = 45  # live.js adds up to 15 s at random, so a hall full of phones does not ask all at once
CACHE_PREFIX = "tenbou:page:"
BUILDING_SUFFIX, BUILD_WAIT_SECONDS = ":building", 5

Builder = Callable[[Tournament, Stamp, bool], dict]


def live_page(
    request,
    tournament: Tournament,
    *,
    name: str,
    variant: str = "",
    template: str,
    build: Builder,
    clock: bool = False,
):
    """The page ``template`` around the fragment ``build(tournament, stamp, staff)`` returns ({"heading": ...,
    "body": ...}). ``clock``: the page depends on the time too (what is playing now): it changes every minute
    and has no Last-Modified."""
    stamp = change_stamp(tournament)
    announcement = tournament_announcement(tournament)  # not in the cached fragment: read on every request
    shown = announcement.ends_at.timestamp() if announcement else "-"  # an ended one changes the ETag
    staff = can_organise(request.user, tournament)
    minute = localtime().strftime("%Y%m%d%H%M") if clock else ""
    shared = "|".join(
        map(str, (tournament.pk, stamp.token, get_language(), name, variant, int(staff), minute))
    )
    etag = f'"{_digest(shared, request.user.pk or 0, _csrf_digest(request), shown)}"'
    # no Last-Modified while an announcement shows: a client asking If-Modified-Since alone must not keep it
    last_modified = None if clock or announcement or stamp.at is None else int(stamp.at.timestamp())
    not_modified = get_conditional_response(request, etag=etag, last_modified=last_modified)
    if not_modified is not None:
        return _validators(not_modified, etag, last_modified)
    fragment = _fragment(CACHE_PREFIX + _digest(shared), lambda: build(_fresh(tournament), stamp, staff))
    context = {
        "tournament": tournament,
        "fragment": fragment,
        "announcement": announcement,
        "live": {"etag": etag, "checked": localtime(), "interval": REFRESH_SECONDS},
    }
    return _validators(render(request, template, context), etag, last_modified)


def _fragment(key: str, build: Callable[[], dict]) -> dict:
    """From the cache, or built by this caller and stored, or built meanwhile by the caller that put the marker."""
    found = cache.get(key)
    if found is not None:
        return found
    if not cache.add(key + BUILDING_SUFFIX, 1, BUILD_WAIT_SECONDS):
        found = _built_elsewhere(key)
        if found is not None:
            return found
    try:
        found = build()
        cache.set(key, found, FRAGMENT_SECONDS)
        return found
    finally:  # also when the build refuses (a 404): nobody waits for a page that does not come
        cache.delete(key + BUILDING_SUFFIX)


def _built_elsewhere(key: str) -> dict | None:
    """The page the caller with the marker built; None when it gave up (its marker is gone without a page) or
    takes longer than BUILD_WAIT_SECONDS: then this caller builds the page too."""
    deadline = time.monotonic() + BUILD_WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(0.01)
        found = cache.get(key)
        if found is not None:
            return found
        if cache.get(key + BUILDING_SUFFIX) is None:
            return cache.get(key)
    return None


def _fresh(tournament: Tournament) -> Tournament:
    """The tournament read again after the stamp: the request's copy may be older than the stamp."""
    return Tournament.objects.get(pk=tournament.pk)


def _validators(response, etag: str, last_modified: int | None):
    response["ETag"] = etag
    if last_modified is not None:
        response["Last-Modified"] = http_date(last_modified)
    patch_cache_control(response, private=True, no_cache=True)
    return response


def _digest(*parts) -> str:
    return hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()[:32]


def _csrf_digest(request) -> str:
    """A logged-in reader's page has the logout form: a 304 must keep a token that fits their CSRF cookie. An
    anonymous page has no form and no token (no cookie is set for it: the language switch is links)."""
    if not request.user.is_authenticated:
        return "-"
    get_token(request)  # the logout form needs it anyway; a first visit gets its secret now
    return _digest("csrf", request.META.get("CSRF_COOKIE", ""))[:12]
