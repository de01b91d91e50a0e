"""Audiences by URL namespace (issue 29, tournament/operations/audiences.py): every address of the site has exactly
one audience, and what follows from it (a staff page's ``private, no-store``, the fast path, the hall's language)
follows the address, not the module its view lives in: a view moved or renamed keeps its page's behaviour.

This module is also a URL configuration (``urlpatterns``): one view of no audience's package under each
audience, to show that where a view lives decides nothing."""

import pytest
from django.conf import settings as django_settings
from django.http import HttpResponse
from django.test import Client
from django.urls import URLPattern, get_resolver, path, resolve
from django.utils import translation

from tournament.operations import audiences, fast_public
from tournament.operations.audiences import (
    ACCOUNTS,
    ADMIN,
    AUDIENCES,
    DISPLAY,
    GUIDES,
    ORGANISE,
    PUBLIC,
    REFEREE,
)
from tournament.services.tournaments import create_tournament, update_tournament

COOKIE = django_settings.LANGUAGE_COOKIE_NAME


def every_address(patterns=None, route="", namespaces=()):
    """(route, pattern, the namespaces it resolves in) of every URL pattern of the project."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLPattern):
            yield route + str(pattern.pattern), pattern, namespaces
        else:
            inner = (*namespaces, pattern.namespace) if pattern.namespace else namespaces
            yield from every_address(pattern.url_patterns, route + str(pattern.pattern), inner)


def parts(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part.strip()}


def test_every_address_has_exactly_one_audience():
    found = list(every_address())
    assert len(found) > 100  # the tournament's pages and Django's admin and accounts
    wrong = [
        (route, namespaces)
        for route, _pattern, namespaces in found
        if audiences.of_namespaces(namespaces) is None
    ]
    assert wrong == []
    seen = {audiences.of_namespaces(namespaces) for _route, _pattern, namespaces in found}
    assert seen == set(AUDIENCES.values())


def test_two_audiences_or_none_is_no_audience():
    assert audiences.of_namespaces(["public", "organise"]) is None
    assert audiences.of_namespaces([]) is None and audiences.of_namespaces(["elsewhere"]) is None
    assert audiences.of_namespaces(["elsewhere", "referee"]) is REFEREE


def test_the_url_names_stay_without_a_prefix():
    """The audiences' namespaces sort the addresses; ``reverse("standings")`` and ``{% url 'login' %}`` as before."""
    names = {
        pattern.name
        for _route, pattern, namespaces in every_address()
        if pattern.name and "admin" not in namespaces
    }
    assert {"standings", "organise_dashboard", "referee_table", "display", "login", "set_password"} <= names
    assert names - set(get_resolver().reverse_dict) == set()


@pytest.mark.parametrize(
    "address, audience",
    [
        ("/", PUBLIC),
        ("/welcome/", PUBLIC),
        ("/t/demo/standings/", PUBLIC),
        ("/t/demo/export/standings-csv/", PUBLIC),
        ("/organise/", ORGANISE),
        ("/t/demo/organise/", ORGANISE),
        ("/t/demo/print/standings/", ORGANISE),
        ("/accounts/set-password/x/y/", ORGANISE),
        ("/t/demo/referee/sessions/1/tables/1/", REFEREE),
        ("/t/demo/sessions/1/tables/1/sheet/abc/", REFEREE),  # the players' sheet link
        ("/t/demo/display/", DISPLAY),
        ("/t/demo/clock.json", DISPLAY),
        ("/accounts/login/", ACCOUNTS),
        ("/accounts/password_reset/", ACCOUNTS),
        ("/help/", GUIDES),
        ("/help/organisers.html", GUIDES),
        ("/admin/", ADMIN),
        ("/admin/login/", ADMIN),
    ],
)
def test_the_audience_of_an_address(address, audience):
    assert audiences.of_match(resolve(address)) is audience


@pytest.mark.parametrize(
    "address, page",
    [
        ("/t/demo/", ("demo", False)),
        ("/t/demo/standings/", ("demo", False)),
        ("/t/demo/players/p01/", ("demo", False)),
        ("/t/demo/display.json", ("demo", True)),
        ("/t/demo/display/pages/", ("demo", True)),
        ("/t/demo/clock/", None),  # the clock keeps no answer (never_kept)
        ("/t/demo/clock.json", None),
        ("/calculator/", None),  # no tournament's page
        ("/t/demo/organise/", None),
        ("/t/demo/referee/", None),
        ("/t/demo/sessions/1/tables/1/sheet/abc/", None),
        ("/accounts/login/", None),
        ("/nowhere/", None),
    ],
)
def test_the_addresses_the_fast_path_looks_for(address, page):
    assert fast_public._page(address) == page


def test_the_admin_keeps_its_own_headers(db):
    """Django's admin is no staff audience of the caching middleware: its pages send never_cache themselves, and
    its one cacheable answer (the JavaScript catalogue) stays as the admin makes it."""
    assert {"private", "no-store"} <= parts(Client().get("/admin/login/"))
    assert "no-store" not in parts(Client().get("/admin/jsi18n/"))


# --- a view that lives nowhere in particular, under each audience (this module is the URL configuration) ---


def a_page(request, slug):
    return HttpResponse(translation.get_language())


urlpatterns = [
    path(f"{audience.name}/<slug:slug>/", audiences.addresses(audience, [path("", a_page)]))
    for audience in (PUBLIC, ORGANISE, REFEREE, DISPLAY, ACCOUNTS)
]


@pytest.fixture
def moved(settings, db):
    settings.ROOT_URLCONF = __name__
    tournament = create_tournament(actor=None, slug="moved", name="Moved")
    return update_tournament(actor=None, tournament=tournament, language="de")


@pytest.mark.parametrize(
    "audience, staff, hall",
    [
        (PUBLIC, False, False),
        (ORGANISE, True, False),
        (REFEREE, True, False),
        (DISPLAY, False, True),
        (ACCOUNTS, True, False),
    ],
)
def test_the_audience_decides_the_caching_and_the_language_wherever_the_view_lives(
    moved, audience, staff, hall
):
    client = Client()
    client.cookies[COOKIE] = "nl"
    response = client.get(f"/{audience.name}/moved/")
    assert response.content.decode() == (
        "de" if hall else "nl"
    )  # the hall: the tournament's, whatever was chosen
    assert ("Cookie" in response.get("Vary", "")) is not hall
    assert ({"private", "no-store"} <= parts(response)) is staff
    assert fast_public._page(f"/{audience.name}/moved/") == (("moved", hall) if audience.fast else None)
