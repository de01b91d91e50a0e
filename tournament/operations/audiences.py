"""Who a request's page is for: the one home of its audience, decided by the URL namespace it resolves in.

Every address of the site is included under exactly one audience's namespace (tournament/urls/__init__.py,
config/urls.py; tests/tournament/views/test_audiences.py walks them all), so a view moved or renamed keeps its audience
and what follows from it:

- public (tournament.urls.public): the read-only pages. Fast path.
- organise (tournament.urls.organise): /organise/, /t/<slug>/organise/, the printed documents' pages, the new
  login's password link. Staff pages.
- referee (tournament.urls.referee): /t/<slug>/referee/ and the players' sheet link. Staff pages.
- display (tournament.urls.display): the hall's screens, the display and the clock. Fast path, and always in the
  tournament's language.
- api (tournament.urls.api, under /api/v1/): the read API (views/api): the public's data as JSON, the same for
  every reader (no login, no session, no cookie); fast path, in the tournament's language (its data has no words,
  so one answer per version whatever the reader's language), and the API's rate limit (operations.api_throttle).
- guides (tournament.urls.guides): /help/, the built guides; the same for everybody, their view sets its own
  public caching (views/guides.py), no tournament so no fast path.
- accounts (django.contrib.auth.urls under /accounts/): logging in and out, passwords. Staff pages.
- admin (/admin/, Django's admin under its own namespace): none of these; its pages send their own never_cache
  headers.

What follows from an audience (``Audience``'s fields):
- staff page: ``private, no-store`` whoever reads it, its refusals and errors too (operations.caching);
- fast path: a page of it with a tournament's slug may be answered before the session by what a shared answer
  kept (operations.fast_public), unless its view is marked ``fast_public.never_kept`` (the clock keeps nothing);
- tournament's language always: the tournament's language for the whole room, whatever the browser chose
  (operations.language).

The namespaces here only sort the addresses: they are not part of the URL names, which stay as they were
(``reverse("standings")``, ``{% url 'organise_dashboard' %}``; ``admin:`` is Django's own). ``/healthz`` is no
address of the URL configuration (operations.health answers it first) and has no audience.
"""

from collections.abc import Iterable
from typing import NamedTuple

from django.urls import ResolverMatch


class Audience(NamedTuple):
    name: str  # the namespace its addresses resolve in
    staff: bool  # a staff page
    fast: bool  # the fast path may answer its pages
    hall: bool  # always in the tournament's language


PUBLIC = Audience("public", staff=False, fast=True, hall=False)
ORGANISE = Audience("organise", staff=True, fast=False, hall=False)
REFEREE = Audience("referee", staff=True, fast=False, hall=False)
DISPLAY = Audience("display", staff=False, fast=True, hall=True)
API = Audience("api", staff=False, fast=True, hall=True)
GUIDES = Audience("guides", staff=False, fast=False, hall=False)
ACCOUNTS = Audience("accounts", staff=True, fast=False, hall=False)
ADMIN = Audience("admin", staff=False, fast=False, hall=False)
AUDIENCES = {
    audience.name: audience for audience in (PUBLIC, ORGANISE, REFEREE, DISPLAY, API, GUIDES, ACCOUNTS, ADMIN)
}


def addresses(audience: Audience, urlconf: str | list) -> tuple[str | list, None, str]:
    """The addresses of a URL module (or a list of patterns) under the audience's namespace, for
    ``path(route, addresses(...))``: like ``include()``, but the URL names stay as they are (no app name:
    ``reverse`` finds them without a prefix)."""
    return urlconf, None, audience.name


def of_namespaces(namespaces: Iterable[str]) -> Audience | None:
    """The audience of an address resolving in these namespaces; None when there is not exactly one."""
    found = [AUDIENCES[name] for name in namespaces if name in AUDIENCES]
    return found[0] if len(found) == 1 else None


def of_match(match: ResolverMatch | None) -> Audience | None:
    return of_namespaces(match.namespaces) if match is not None else None


def of_request(request) -> Audience | None:
    """The audience of the page the request resolved to; None before resolving (or for an unknown address)."""
    return of_match(getattr(request, "resolver_match", None))
