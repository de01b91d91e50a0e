"""Anonymous public pages carry no per-visitor state (issue 23): a GET by somebody not logged in gets no cookie (no
session, no CSRF token, no language cookie they did not ask for), so one copy of a page fits every such reader and a
shared cache (nginx, a CDN) can serve it. Every page of tournament/urls/public.py and tournament/urls/display.py is
walked, so a page added there is checked without anybody remembering to.

The one cookie the public gets is the language they choose (the header's links, ``choose_language``); the one
public page with a form that writes is a player's own check-in link, which keeps its CSRF token (a private page,
never cached)."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import URLPattern, reverse

from tournament.exporters.base import registered
from tournament.models import Registration
from tournament.selectors.check_in import check_in_path
from tournament.urls import display as display_urls
from tournament.urls import public as public_urls

# The sample value of each part of a public address; a new kind of part fails test_every_part_has_a_sample.
SAMPLES = {
    "slug": "demo",
    "number": 1,
    "key": "p01",
    "token": "not-a-check-in-token",
    "code": "nl",
    "grouping": "team",
    "name": "newcomer",
    "series": "league",
    "ema_id": "04000001",
}
PUBLIC_EXPORTS = sorted(exporter.identifier for exporter in registered() if exporter.public)
# Pages that set a cookie on purpose, each tested on its own below.
SETS_A_COOKIE = {
    "choose_language": "the visitor's own choice of language",
}
# Reads with what their forms and links send: the answers of find, the calculator, the standings menu, the clock.
QUERIES = [
    "/t/demo/find/?q=jo",  # several players: the list
    "/t/demo/find/?q=p01",  # nobody
    "/t/demo/find/?q=van+den+berg",  # one: sent on to the player's page
    "/calculator/?fan_form=1&ruleset=ema-2016&fan=3&fu=40",
    "/calculator/?tiles_form=1&tiles=234m567p234678s55s&win_tile=8s&tsumo=on&riichi=on&round_wind=E&seat_wind=S",
    "/calculator/?fan_form=1&fan=3&fu=41",  # refused: 400 with the reason
    "/t/demo/standings/?after=2",
    "/t/demo/standings/?after=x",  # 400
    "/t/demo/clock/?session=2",
    "/t/demo/export/archive-json/",  # the organisers' download: to the login page
    "/t/demo/no-such-page/",  # 404
    "/t/no-such-tournament/standings/",  # 404
]


def public_patterns() -> list[URLPattern]:
    return [*public_urls.urlpatterns, *display_urls.urlpatterns]


def addresses() -> list[str]:
    """Every public address with sample values, once per public export."""
    found = []
    for pattern in public_patterns():
        if pattern.name in SETS_A_COOKIE:
            continue
        names = pattern.pattern.converters
        if "identifier" in names:
            found += [
                reverse(pattern.name, kwargs={**_samples(names), "identifier": i}) for i in PUBLIC_EXPORTS
            ]
        else:
            found.append(reverse(pattern.name, kwargs=_samples(names)))
    return found


def _samples(names) -> dict:
    return {name: SAMPLES[name] for name in names if name != "identifier"}


def hall_addresses() -> list[str]:
    return [
        reverse(pattern.name, kwargs=_samples(pattern.pattern.converters))
        for pattern in display_urls.urlpatterns
    ]


@pytest.fixture
def reader(demo):
    """A browser that has never been here, checking CSRF as a browser would."""
    return Client(enforce_csrf_checks=True)


def test_every_part_has_a_sample():
    for pattern in public_patterns():
        unknown = set(pattern.pattern.converters) - {*SAMPLES, "identifier"}
        assert not unknown, f"{pattern.name}: give {unknown} a sample value in SAMPLES"


@pytest.mark.parametrize("address", addresses() + QUERIES)
def test_an_anonymous_get_sets_no_cookie(reader, address):
    response = reader.get(address)
    assert response.status_code in (200, 301, 302, 400, 404), (address, response.status_code)
    assert not response.cookies, f"{address} set {sorted(response.cookies)}"
    assert "csrfmiddlewaretoken" not in response.content.decode(errors="replace")


@pytest.mark.parametrize("address", hall_addresses())
def test_the_hall_does_not_vary_on_cookies(reader, address):
    """The hall's screens speak the tournament's language whatever the browser chose: no cookie changes them."""
    response = reader.get(address)
    assert response.status_code == 200
    assert "Cookie" not in response.get("Vary", "")


@pytest.mark.parametrize("address", ["/", "/calculator/", "/t/demo/", "/t/demo/standings/", "/t/demo/find/"])
def test_a_page_in_the_readers_language_says_what_it_varies_on(reader, address):
    """The language the visitor chose (a cookie) or their browser's (Accept-Language) changes the page; nothing else
    of an anonymous request does; the live pages, kept compressed, vary by the coding too (operations.caching)."""
    vary = {part.strip() for part in reader.get(address)["Vary"].split(",")} - {"Accept-Encoding"}
    assert vary == {"Cookie", "Accept-Language"}


def test_the_find_and_calculator_forms_read_by_get(reader):
    for address, marker in (
        ("/t/demo/find/", "find-form"),
        ("/calculator/", 'id="fan-form"'),
        ("/calculator/", 'id="tiles-form"'),
    ):
        form = next(
            f for f in re.findall(r"<form [^>]*>", reader.get(address).content.decode()) if marker in f
        )
        assert 'method="get"' in form
    joris = Registration.objects.get(tournament__slug="demo", player__last_name="van den Berg")
    found = reader.get("/t/demo/find/", {"q": "van den berg"})
    assert found.status_code == 302 and found["Location"] == f"/t/demo/players/{joris.key}/"
    # 6: a non-dealer's 3 fan 40 minipoints on a discard is 5,200
    answer = reader.get("/calculator/", {"fan_form": "1", "ruleset": "ema-2016", "fan": "3", "fu": "40"})
    assert "5,200 from the discarder" in answer.content.decode() and not answer.cookies


def test_the_check_in_link_keeps_its_csrf_protection(reader, demo):
    """The one public page with a form that writes: a player's own link (a private page, never cached) with its
    CSRF token; posting without it is refused."""
    demo.self_check_in = True
    demo.save(update_fields=["self_check_in"])
    registration = demo.sessions.get(number=6).seats.select_related("registration").first().registration
    page = reader.get(check_in_path(registration))
    assert "csrfmiddlewaretoken" in page.content.decode() and settings.CSRF_COOKIE_NAME in page.cookies
    assert "private" in page["Cache-Control"] and "no-store" in page["Cache-Control"]
    assert Client(enforce_csrf_checks=True).post(check_in_path(registration)).status_code == 403


def test_an_organiser_still_gets_csrf_on_the_staff_forms(demo, make_user):
    organiser = Client(enforce_csrf_checks=True)
    organiser.force_login(make_user("olga", tournament=demo, role="organiser"))
    page = organiser.get("/t/demo/organise/settings/")
    assert "csrfmiddlewaretoken" in page.content.decode() and settings.CSRF_COOKIE_NAME in page.cookies
    refused = organiser.post("/t/demo/organise/settings/", {"part": "check"})
    assert refused.status_code == 403
    # a public page for a logged-in organiser: the logout form carries its token
    assert "csrfmiddlewaretoken" in organiser.get("/t/demo/standings/").content.decode()


@pytest.mark.parametrize(
    "address", ["/t/demo/", "/t/demo/standings/", "/t/demo/sessions/1/", "/t/demo/players/p01/"]
)
def test_two_readers_who_never_came_get_the_same_page(demo, address):
    """Nothing of the reader is in an anonymous live page: the same ETag for everybody, so a 304 fits any of them."""
    first, second = Client().get(address), Client().get(address)
    assert first["ETag"] == second["ETag"]
    assert Client().get(address, headers={"if-none-match": first["ETag"]}).status_code == 304
