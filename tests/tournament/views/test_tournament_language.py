"""The language of a page: the switch keeps the page; the tournament chooses the default of its own pages; the
hall shows the tournament's language; the public pages' cache keeps the languages apart (operations.language).

Who wins, first that applies: the hall display and clock -> the tournament's language; the visitor's own choice
(the switch's cookie) -> that; the browser's Accept-Language naming one of ours -> that; a tournament's page ->
the tournament's language; elsewhere -> English."""

import re

import pytest
from django.conf import settings as django_settings

from tournament.forms.tournament import DetailsForm
from tournament.models import Tournament
from tournament.services.tournaments import update_tournament

COOKIE = django_settings.LANGUAGE_COOKIE_NAME


def lang_of(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


@pytest.fixture
def german(demo):
    return update_tournament(actor=None, tournament=demo, language="de")


def language_links(html: str) -> dict[str, str]:
    """The header's language links: language code -> address."""
    menu = html.split('class="language"', 1)[1].split("</nav>", 1)[0]
    return {
        code: href.replace("&amp;", "&")
        for href, code in re.findall(r'<a href="([^"]+)" hreflang="([^"]+)"', menu)
    }


def test_the_language_links_keep_the_page_and_its_query(client, demo):
    """A link per language (no form, no token): choosing one sets the cookie and comes back to the same page."""
    page = client.get("/t/demo/standings/?after=1")
    links = language_links(page.content.decode())
    assert set(links) == {"nl", "de", "fr"}  # and English, the page's language now, is marked, not linked
    assert links["nl"] == "/language/nl/?next=/t/demo/standings/%3Fafter%3D1"
    answer = client.get(links["nl"])
    assert answer.status_code == 302 and answer["Location"] == "/t/demo/standings/?after=1"
    chosen = answer.cookies[COOKIE]
    assert chosen.value == "nl" and chosen["httponly"] and chosen["samesite"] == "Lax"
    assert chosen["max-age"] == 365 * 24 * 60 * 60  # kept: the choice outlives the browser's session
    assert "no-store" in answer["Cache-Control"] and "private" in answer["Cache-Control"]
    assert lang_of(client.get(answer["Location"])) == "nl"
    assert set(language_links(client.get("/t/demo/standings/").content.decode())) == {"en", "de", "fr"}


def test_a_staff_page_has_the_same_links(organiser_client, demo):
    links = language_links(organiser_client.get("/t/demo/organise/").content.decode())
    assert links["nl"] == "/language/nl/?next=/t/demo/organise/"


@pytest.mark.parametrize(
    "following",
    ["https://elsewhere.example/", "//elsewhere.example/", "/\\elsewhere.example/", "javascript:alert(1)"],
)
def test_a_language_link_leads_only_to_this_site(client, db, following):
    answer = client.get("/language/nl/", {"next": following})
    assert answer.status_code == 400 and "next" in answer.content.decode()
    assert not answer.cookies


def test_the_refusal_is_in_the_readers_language(client, db):
    answer = client.get(
        "/language/nl/", {"next": "https://elsewhere.example/"}, headers={"accept-language": "nl"}
    )
    assert "next moet een pagina van deze site zijn." in answer.content.decode()


def test_an_unknown_language_is_refused_naming_ours(client, db):
    answer = client.get("/language/xx/", {"next": "/"})
    assert answer.status_code == 400 and "en, nl, de, fr" in answer.content.decode()
    assert not answer.cookies


def test_without_a_page_to_return_to_the_choice_leads_home(client, db):
    answer = client.get("/language/de/")
    assert answer.status_code == 302 and answer["Location"] == "/" and answer.cookies[COOKIE].value == "de"


def test_choosing_is_a_get_only(client, db):
    assert client.post("/language/de/", {"next": "/"}).status_code == 405


@pytest.mark.parametrize("browser", [None, "ja", "ja, *;q=0.5", "en;q=0"])
def test_a_tournament_page_speaks_the_tournaments_language(client, german, browser):
    """A browser that asks for none of our languages (or none at all) reads the tournament's."""
    response = client.get("/t/demo/standings/", headers={"accept-language": browser} if browser else {})
    assert lang_of(response) == "de" and response["Content-Language"] == "de"
    assert "Cookie" in response["Vary"] and "Accept-Language" in response["Vary"]


def test_a_browser_asking_for_one_of_ours_reads_it(client, german):
    assert lang_of(client.get("/t/demo/standings/", headers={"accept-language": "nl-BE,nl;q=0.9"})) == "nl"
    assert lang_of(client.get("/t/demo/standings/", headers={"accept-language": "ja,en;q=0.8"})) == "en"


def test_the_visitors_choice_wins_over_the_tournaments(client, german):
    client.cookies[COOKIE] = "en"
    assert lang_of(client.get("/t/demo/standings/")) == "en"
    client.cookies[COOKIE] = "nl"
    assert lang_of(client.get("/t/demo/players/")) == "nl"


def test_elsewhere_the_browser_decides(client, german):
    assert lang_of(client.get("/", headers={"accept-language": "nl"})) == "nl"
    assert lang_of(client.get("/")) == "en"


def test_an_english_tournament_keeps_dutch_for_a_dutch_browser(client, demo):
    """The browser comes before the tournament: nothing changes for the existing (English) tournaments."""
    assert lang_of(client.get("/t/demo/standings/", headers={"accept-language": "nl"})) == "nl"


def test_the_hall_shows_the_tournaments_language_whatever_the_browser_chose(client, german):
    client.cookies[COOKIE] = "nl"
    assert lang_of(client.get("/t/demo/display/")) == "de"
    assert lang_of(client.get("/t/demo/clock/")) == "de"


def test_the_cache_keeps_the_languages_apart(client, german):
    from django.core.cache import cache

    cache.clear()
    german_page = client.get("/t/demo/standings/")
    client.cookies[COOKIE] = "en"
    english_page = client.get("/t/demo/standings/", headers={"if-none-match": german_page["ETag"]})
    assert english_page.status_code == 200 and english_page["ETag"] != german_page["ETag"]
    assert lang_of(german_page) == "de" and lang_of(english_page) == "en"


def test_an_unknown_tournament_is_still_a_404(client, db):
    assert client.get("/t/nothing-here/standings/").status_code == 404


def test_the_organiser_chooses_the_language_in_the_settings(organiser_client, demo):
    form = DetailsForm(instance=demo)
    data = {name: form[name].value() for name in form.fields}
    data = {
        key: ("on" if value is True else value) for key, value in data.items() if value not in (None, False)
    }
    answer = organiser_client.post(
        "/t/demo/organise/settings/", {**data, "part": "details", "language": "de"}
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert Tournament.objects.get(pk=demo.pk).language == "de"


def test_the_choices_follow_the_settings(settings, db):
    """Adding a language is one line in settings.LANGUAGES (and its catalogue): no migration, no form change."""
    settings.LANGUAGES = [*settings.LANGUAGES, ("fr", "French")]
    assert "fr" in dict(DetailsForm().fields["language"].choices)
    assert Tournament._meta.get_field("language").default == "en"
