"""What every answer of the read API shares: the tournament as the public sees it, the JSON answer with the public
pages' caching, and the pages of a list.

- Visibility (selectors.visibility): the API is the public's view whoever asks (no login is read: no session, no
  cookie), so a tournament that is not public is a 404 as one that does not exist, and hidden standings make the
  standings and the side rankings 404 (``visible_standings``).
- Caching (operations.caching): an answer's version is the tournament's change stamp (the site's for the list of
  tournaments: selectors.changes.site_stamp) and its address; the ETag is known before anything is built, a 304
  costs the stamp, the bytes are made once per version and kept in Django's cache with their gzip and brotli
  bytes, ``Cache-Control: public, max-age`` as the public pages. A tournament's answer leaves its version under its
  address for the fast path (operations.fast_public), which answers the next request before the session and the
  view. The API has no words, so the answer is one whatever the reader's language (``Vary: Accept-Encoding`` only).
  A query string that is not the answer's own parameters as it writes them (``?page=2``, not ``?page=02&x=1``)
  is answered to its reader alone (``private, no-cache``) and kept by nobody.
- Lists have pages: ``?page=`` (from 1; past the last, the last) and ``?per_page=`` (scoring.limits.API_PAGE_SIZE
  by default), ``count``, ``next`` and ``previous`` (paths, null at either end), ``results``.
"""

import json
from collections.abc import Callable
from urllib.parse import urlencode

from django.http import Http404
from django.utils.translation import get_language
from rest_framework.views import APIView

from scoring.limits import API_PAGE_SIZE
from tournament.models import Tournament
from tournament.operations.caching import Version, address_key, answer, digest, remember_address
from tournament.operations.fast_public import SITE_PK
from tournament.selectors.changes import Stamp, change_stamp
from tournament.selectors.visibility import PUBLIC, standings_visible, tournament_visible
from tournament.views.access import tournament_at
from tournament.views.params import page_param, per_page_param

JSON = "application/json"


class ApiView(APIView):
    """Public data as JSON, the same for everybody (no login). Cached as the public pages: an ETag and
    `Cache-Control: public, max-age`, so a request with `If-None-Match` gets 304 while nothing changed. A
    tournament that is not public, or hidden standings for the standings and side rankings: 404. Over the
    address's rate limit: 429 with Retry-After."""

    http_method_names = ["get", "head"]


def api_tournament(request, slug: str) -> Tournament:
    """The tournament of the address as the public sees it: a 404 when it does not exist or is not public."""
    tournament = tournament_at(request, slug)
    if not tournament_visible(tournament, PUBLIC):
        raise Http404
    return tournament


def visible_standings(tournament: Tournament) -> None:
    """Hidden standings (before the prize ceremony) are a 404 for the standings and the side rankings."""
    if not standings_visible(tournament, PUBLIC):
        raise Http404


def dumps(data) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def tournament_answer(
    request, tournament: Tournament, name: str, build: Callable[[Tournament, Stamp], object], *, query=None
):
    """The JSON of ``build(fresh tournament, stamp)`` for this version of the tournament, cached as the public pages
    (see above); its version left under its address for the fast path."""
    stamp = change_stamp(tournament)  # before the data the answer shows

    def render() -> bytes:
        return dumps(build(Tournament.objects.get(pk=tournament.pk), stamp))

    response, version = _answer(request, ("tournament", tournament.pk, name), stamp, render, query)
    request = getattr(request, "_request", request)
    address = address_key(request, tournament.pk, get_language())
    remember_address(request, address, version, stamp=stamp.token, vary=(), until=None, content_type=JSON)
    return response


def site_answer(
    request, name: str, stamp: Stamp, build: Callable[[], object], *, query=None, until: float | None = None
):
    """The JSON of ``build()`` for this version of the whole site (the list of tournaments, a series). With
    ``until`` (a timestamp: the answer's day ends) its version is left under its address for the fast path of a
    view marked ``fast_public.site_wide``, as a series' page."""
    response, version = _answer(request, ("site", name), stamp, lambda: dumps(build()), query)
    if until is not None:
        request = getattr(request, "_request", request)
        address = address_key(request, SITE_PK, get_language())
        remember_address(
            request, address, version, stamp=stamp.token, vary=(), until=until, content_type=JSON
        )
    return response


def _answer(request, scope: tuple, stamp: Stamp, render: Callable[[], bytes], query: dict | None):
    request = getattr(request, "_request", request)  # Django's request under DRF's
    version = Version(
        key=digest("api", *scope, stamp.token, request.get_full_path()),
        last_modified=int(stamp.at.timestamp()) if stamp.at else None,
        shared=own_query(request, query or {}),
    )
    return answer(request, version, lambda etag: render(), content_type=JSON, vary=()), version


def own_query(request, query: dict) -> bool:
    own = urlencode({name: value for name, value in query.items() if value is not None})
    return request.META.get("QUERY_STRING", "") == own


def page_query(request) -> dict:
    """The list's own parameters as the request gave them (checked: a 400 names a wrong one)."""
    return {
        "page": page_param(request.GET) if request.GET.get("page") else None,
        "per_page": per_page_param(request.GET, API_PAGE_SIZE) if request.GET.get("per_page") else None,
    }


def page_of(path: str, rows: list, query: dict) -> dict:
    """One page of ``rows`` with the count and the addresses of the pages before and after it."""
    per_page = query["per_page"] or API_PAGE_SIZE
    last = max(1, -(-len(rows) // per_page))
    page = min(query["page"] or 1, last)

    def address(number: int) -> str:
        own = {"page": number, "per_page": query["per_page"]}
        return f"{path}?{urlencode({k: v for k, v in own.items() if v is not None})}"

    return {
        "count": len(rows),
        "next": address(page + 1) if page < last else None,
        "previous": address(page - 1) if page > 1 else None,
        "results": rows[(page - 1) * per_page : page * per_page],
    }
