"""Public pages rendered once per change, answered with 304 Not Modified while nothing changed, and refreshed in
the background by static/js/live.js.

A page's changing part (the fragment: a heading and the body) is rendered once per change stamp
(selectors.changes), language and variant (``?after=``, the viewer being an organiser) and kept in Django's cache
(settings.CACHES: local memory by default, a database or Redis cache shared by several processes) by
selectors.memo, which also has a crowd asking for the same page after a change wait for one rendering. The stamp
is read from the database on every request, before anything else the page shows, so no process serves a page
older than the last change it can see. The layout around the fragment (navigation, the language form with its
CSRF token, the login) is rendered for each request.

ETag: the stamp, language, variant, the user and a digest of the browser's CSRF secret (a page answered with 304
keeps a language form whose token still fits the browser's cookie). Last-Modified: the time of the last change.
"""

import hashlib
from collections.abc import Callable

from django.middleware.csrf import get_token
from django.shortcuts import render
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date
from django.utils.timezone import localtime
from django.utils.translation import get_language

from tournament.models import Tournament
from tournament.permissions import can_organise
from tournament.selectors.changes import Stamp, change_stamp
from tournament.selectors.memo import remembered

REFRESH_SECONDS = 45  # live.js adds up to 15 s at random, so a hall full of phones does not ask all at once

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
    staff = can_organise(request.user, tournament)
    minute = localtime().strftime("%Y%m%d%H%M") if clock else ""
    page = "|".join(map(str, ("page", tournament.pk, get_language(), name, variant, int(staff))))
    version = f"{stamp.token}|{minute}"
    etag = f'"{_digest(page, version, request.user.pk or 0, _csrf_digest(request))}"'
    last_modified = None if clock or stamp.at is None else int(stamp.at.timestamp())
    not_modified = get_conditional_response(request, etag=etag, last_modified=last_modified)
    if not_modified is not None:
        return _validators(not_modified, etag, last_modified)
    fragment = remembered(page, version, lambda: build(_fresh(tournament), stamp, staff))
    context = {
        "tournament": tournament,
        "fragment": fragment,
        "live": {"etag": etag, "checked": localtime(), "interval": REFRESH_SECONDS},
    }
    return _validators(render(request, template, context), etag, last_modified)


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
    get_token(request)  # the layout's language form needs it anyway; a first visit gets its secret now
    return _digest("csrf", request.META.get("CSRF_COOKIE", ""))[:12]
