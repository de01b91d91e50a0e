"""Printed documents and one page per audience with production static files (DEBUG off, the manifest storage after
``collectstatic``: ``{% static %}`` gives hashed names). Issue 13: every PDF failed there with WeasyPrint's
FatalURLFetchingError, a BaseException that skipped Django's error handling and tracebacked ``print_document``."""

import re
import socket
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.timezone import localdate

from tests.tournament.factories import made_in_background, played_event
from tournament.printing import pdf
from tournament.printing.documents import registered
from tournament.printing.score_sheets import ScoreSheets

# The documents, with the options each needs, on a one-table event (``small``: 4 players, 2 sessions, the first
# played): what is tested here is that each prints with production static files, which one table shows (the demo's
# documents are printed whole in test_packs.py, test_printing_documents.py and test_print_languages.py). "?day=" is
# completed with the day of session 2.
DOCUMENTS = {
    "score-sheets": "?session=2",
    "seating-by-table": "?session=2",
    "seating-by-name": "?session=2",
    "schedule-cards": "",
    "standings": "?after=1",
    "results-form": "?session=2",
    "session-pack": "?session=2",
    "day-pack": "?day=",
    "prize-list": "",  # no prizes: "No prizes yet." (test_prize_documents.py prints real ones)
    "certificates": "",
}


@pytest.fixture
def small(db):
    tournament = played_event("small", n_players=4, n_sessions=2, played=1)
    morning = timezone.now().replace(hour=10, minute=0, second=0, microsecond=0)
    for session in tournament.sessions.all():  # one day: the day pack prints both sessions
        session.starts_at = morning + timedelta(hours=4 * (session.number - 1))
        session.save(update_fields=["starts_at"])
    return tournament


@pytest.fixture
def small_organiser(client, small, make_user):
    client.force_login(make_user("org", tournament=small, role="organiser"))
    return client


def query(identifier: str, tournament) -> str:
    """The document's options as a query string; a day pack prints the day of session 2."""
    if DOCUMENTS[identifier] != "?day=":
        return DOCUMENTS[identifier]
    return "?day=" + localdate(tournament.sessions.get(number=2).starts_at).isoformat()


@pytest.fixture
def no_network(monkeypatch):
    """Any attempt to open a socket fails the test."""

    def refuse(*args, **kwargs):
        raise AssertionError(f"a printed document tried the network: {args}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


def test_every_document_is_registered_here():
    assert sorted(document.identifier for document in registered()) == sorted(DOCUMENTS)


def test_static_gives_hashed_names(manifest_static):
    assert re.fullmatch(r"/static/css/print\.[0-9a-f]{12}\.css", static("css/print.css"))


@pytest.mark.parametrize("identifier", DOCUMENTS)
def test_the_pdf_urls_with_production_static_files(
    manifest_static, no_network, small_organiser, small, identifier
):
    response = made_in_background(
        small_organiser, reverse("print_pdf", args=["small", identifier]) + query(identifier, small)
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


@pytest.mark.parametrize("identifier", DOCUMENTS)
def test_print_document_with_production_static_files(
    manifest_static, no_network, small, tmp_path, identifier
):
    target = tmp_path / "document.pdf"
    name, _equals, value = query(identifier, small).removeprefix("?").partition("=")
    options = {
        "session": ["--session", value],
        "after": ["--after-session", value],
        "day": ["--day", value],
        "": [],
    }
    call_command("print_document", "small", identifier, *options[name], "-o", str(target), stdout=StringIO())
    assert target.read_bytes().startswith(b"%PDF")


def test_the_hashed_stylesheet_loads_the_hashed_vendored_fonts(manifest_static, no_network, demo):
    """The collected print.<hash>.css names DejaVuSans.<hash>.ttf: those come from the storage."""
    document = pdf.laid_out(ScoreSheets(demo, session=6).html())
    written = document.write_pdf(uncompressed_pdf=True)
    fonts = set(re.findall(rb"/BaseFont\s*/[A-Z]{6}\+([^\s/]+)", written))
    assert b"Tenbou-Winds" in b" ".join(fonts) and all(font.startswith(b"Tenbou-") for font in fonts), fonts
    hashed_font = static("fonts/dejavu/DejaVuSans.ttf")
    assert re.search(r"DejaVuSans\.[0-9a-f]{12}\.ttf$", hashed_font)
    assert pdf.static_file("file://" + hashed_font) == manifest_static / hashed_font.removeprefix("/static/")


def test_static_urls_resolve_hashed_or_not_and_nothing_else(manifest_static):
    hashed = static("css/print.css")
    assert pdf.static_file("file://" + hashed).name == hashed.rsplit("/", 1)[1]
    assert pdf.static_file("file:///static/css/print.css").name == "print.css"
    assert pdf.static_file("file:///static/../../etc/passwd") is None
    assert pdf.static_file("file:///static/css/../../../etc/passwd") is None
    assert pdf.static_file("file:///static/css/missing.css") is None
    assert pdf.static_file("file:///static/css/print%00.css") is None
    assert pdf.static_file("file:///etc/passwd") is None
    assert pdf.static_file("https://example.com/static/css/print.css") is None


def test_a_static_url_on_another_host_is_read_from_the_local_files(
    manifest_static, no_network, settings, demo
):
    settings.STATIC_URL = "https://cdn.example.com/static/"
    assert static("css/print.css").startswith("https://cdn.example.com/static/css/print.")
    assert ScoreSheets(demo, session=6).pdf().startswith(b"%PDF")


def test_a_file_that_cannot_be_loaded_is_a_clear_error_not_a_base_exception(db):
    html = '<link rel="stylesheet" href="/static/css/missing.css"><p>x</p>'
    with pytest.raises(pdf.PrintingError, match=r"the static file css/missing\.css was not found"):
        pdf.html_to_pdf(html)
    with pytest.raises(pdf.PrintingError, match="may load only static files, not https://example.com/x.css"):
        pdf.html_to_pdf('<link rel="stylesheet" href="https://example.com/x.css">')


def test_print_document_reports_a_fetch_failure_in_one_line(demo, monkeypatch, tmp_path):
    monkeypatch.setattr(pdf, "_found", lambda name: None)
    target = tmp_path / "sheets.pdf"
    with pytest.raises(
        CommandError, match=r"^the printed document could not be made: the static file css/print"
    ):
        call_command("print_document", "demo", "score-sheets", "--session", "6", "-o", str(target))
    with pytest.raises(CommandError, match=r"the static file css/print\.css was not found"):
        call_command("score_sheets", "demo", "--session", "6", "-o", str(target))
    assert not target.exists()


def test_production_storage_without_collectstatic_says_so(demo, settings, tmp_path):
    settings.DEBUG = False
    settings.STATIC_ROOT = tmp_path / "never-collected"
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "tournament.operations.static_files.CompressedManifestStorage"},
    }
    with pytest.raises(CommandError, match=r"run `python manage.py collectstatic`"):
        call_command("print_document", "demo", "standings", "-o", str(tmp_path / "standings.pdf"))


def test_one_page_per_audience_with_production_static_files(
    manifest_static, organiser_client, demo, make_user
):
    hashed_css = static("css/tenbou.css")
    public = organiser_client.get(reverse("standings", args=["demo"]))
    organiser = organiser_client.get(reverse("seating_overview", args=["demo"]))
    assert public.status_code == organiser.status_code == 200
    assert hashed_css in public.content.decode() and hashed_css in organiser.content.decode()
    referee = organiser_client.get(reverse("referee_table", args=["demo", 6, 1]))
    hall = organiser_client.get(reverse("display", args=["demo"]))
    assert referee.status_code == hall.status_code == 200
    assert static("vendor/htmx-2.0.8/htmx.min.js") in referee.content.decode()
    assert static("css/referee.css") in referee.content.decode()
    admin = make_user("root")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    organiser_client.force_login(admin)
    assert organiser_client.get(reverse("admin:index")).status_code == 200


def test_a_fetch_failure_fails_the_job_with_the_file_named(organiser_client, monkeypatch, caplog):
    """The background job fails with the printing error's message (naming the file) and the page offers to try
    again; WeasyPrint's own BaseException would have skipped every handler."""
    monkeypatch.setattr(pdf, "_found", lambda name: None)
    started = organiser_client.post(reverse("print_pdf", args=["demo", "standings"]))
    page = organiser_client.get(started["Location"]).content.decode()
    assert "css/print.css" in page and "Try again" in page
    assert organiser_client.get(started["Location"] + "file/").status_code == 404
