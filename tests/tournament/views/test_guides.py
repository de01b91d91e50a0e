"""The guides at /help/ (tournament/views/guides.py): the site `make docs` builds, served by the app from its files
so it works in a hall without internet; and the help link of the organiser's and referee's pages."""

import base64
import hashlib

import pytest
from django.test import RequestFactory

from tests.docs.guides import ROOT
from tournament.views.guides import guide

INLINE = "__md_scope=new URL('.',location)"
PAGE = f"<!doctype html><title>Guides</title><script>{INLINE}</script><p>the guides</p>"


@pytest.fixture
def site(tmp_path, settings):
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "organisers.html").write_text("<p>for organisers</p>", encoding="utf-8")
    (tmp_path / "assets" / "main.css").write_text("body { margin: 0 }", encoding="utf-8")
    (tmp_path.parent / "secret.txt").write_text("not a guide", encoding="utf-8")
    settings.TENBOU_HELP_DIR = tmp_path
    return tmp_path


@pytest.mark.django_db
def test_help_serves_the_built_pages_to_anybody_the_same_for_everybody(client, site):
    response = client.get("/help/")
    assert response.status_code == 200
    assert b"the guides" in response.content
    assert "public" in response["Cache-Control"] and "max-age=300" in response["Cache-Control"]
    assert not response.cookies  # no session, no CSRF token: the same bytes for every reader
    page = client.get("/help/organisers.html")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    css = client.get("/help/assets/main.css")
    assert css.status_code == 200 and css["Content-Type"].startswith("text/css")


@pytest.mark.django_db
def test_a_pages_inline_scripts_are_allowed_by_their_hash_and_nothing_else(client, site):
    policy = client.get("/help/")["Content-Security-Policy"]
    digest = base64.b64encode(hashlib.sha256(INLINE.encode()).digest()).decode()
    script_src = next(part for part in policy.split(";") if part.strip().startswith("script-src"))
    assert script_src.split() == ["script-src", "'self'", f"'sha256-{digest}'"]
    assert "unsafe-inline" not in policy
    img_src = next(part for part in policy.split(";") if part.strip().startswith("img-src"))
    assert img_src.split() == ["img-src", "'self'", "data:"]  # Material's icons, drawn by its stylesheet


@pytest.mark.django_db
def test_what_is_not_a_file_of_the_guides_is_a_404(client, site, settings):
    assert client.get("/help/nowhere.html").status_code == 404
    settings.TENBOU_HELP_DIR = site / "not-built"  # `make docs` never ran here
    assert client.get("/help/").status_code == 404


def test_a_path_out_of_the_folder_is_a_404(site):
    from django.http import Http404

    request = RequestFactory().get("/help/x")
    with pytest.raises(Http404):
        guide(request, "../secret.txt")
    with pytest.raises(Http404):
        guide(request, str(site.parent / "secret.txt"))


@pytest.mark.django_db
def test_help_only_reads(client, site):
    assert client.post("/help/").status_code == 405


@pytest.mark.django_db
def test_the_organisers_and_referees_pages_link_their_section_of_the_guides(organiser_client, demo):
    dashboard = organiser_client.get("/t/demo/organise/").content.decode()
    assert '<a class="help" href="/help/organisers.html#the-organisers-pages">Help</a>' in dashboard
    attendance = organiser_client.get("/t/demo/referee/sessions/6/attendance/").content.decode()
    assert 'href="/help/organisers.html#attendance-reserves-and-late-arrivals">Help</a>' in attendance
    table = organiser_client.get("/t/demo/referee/sessions/6/tables/1/").content.decode()
    assert 'href="/help/referees.html#the-phone">Help</a>' in table


@pytest.mark.django_db
def test_the_help_link_is_in_the_readers_language(organiser_client, demo):
    organiser_client.cookies["django_language"] = "de"
    assert ">Hilfe</a>" in organiser_client.get("/t/demo/organise/").content.decode()


@pytest.mark.django_db
def test_the_public_pages_have_no_help_link(client, demo):
    assert 'class="help"' not in client.get("/t/demo/standings/").content.decode()


@pytest.mark.skipif(
    not (ROOT / "build" / "help" / "index.html").exists(), reason="the guides are not built (make docs)"
)
@pytest.mark.django_db
def test_the_built_guides_are_served_with_their_sections(client, settings):
    settings.TENBOU_HELP_DIR = ROOT / "build" / "help"
    page = client.get("/help/organisers.html").content.decode()
    assert 'id="the-organisers-pages"' in page and 'id="attendance-reserves-and-late-arrivals"' in page
    assert "https://unpkg.com" not in page and "fonts.googleapis.com" not in page  # nothing from a CDN
