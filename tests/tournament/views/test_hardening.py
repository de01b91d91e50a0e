"""Two protections of every request (tournament/operations/hardening.py): a body larger than the largest upload is refused
(413) before anything reads it, also when gunicorn is reached without nginx; the staff's pages are never kept by a
browser or a proxy (Cache-Control: private, no-store), their refusals and errors neither, while the public pages
keep their own caching."""

import io
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.test.client import encode_multipart

from scoring.limits import MAX_UPLOAD_BYTES, MEGABYTE
from tournament.models import AuditEntry
from tournament.operations import hardening

UPLOAD = "/t/demo/organise/players/upload/"
BOUNDARY = "tenbou-test-boundary"


class CountingInput(io.BytesIO):
    """The request body as the server hands it over; remembers how much of it was read."""

    def read(self, size=-1):
        data = super().read(size)
        self.taken = getattr(self, "taken", 0) + len(data)
        return data

    def readline(self, size=-1):
        data = super().readline(size)
        self.taken = getattr(self, "taken", 0) + len(data)
        return data


def post_multipart(client, path: str, size: int):
    body = encode_multipart(BOUNDARY, {"file": SimpleUploadedFile("players.csv", b"x" * size)})
    stream = CountingInput(body)
    response = client.post(
        path,
        content_type=f"multipart/form-data; boundary={BOUNDARY}",
        **{"wsgi.input": stream, "CONTENT_LENGTH": str(len(body))},
    )
    return response, stream, len(body)


def test_the_limit_fits_the_largest_upload_and_its_form():
    assert hardening.MAX_REQUEST_BYTES == MAX_UPLOAD_BYTES + MEGABYTE == 6 * MEGABYTE


def test_an_anonymous_oversized_upload_is_refused_unread(demo):
    before = demo.registrations.count(), AuditEntry.objects.count()
    response, stream, length = post_multipart(Client(), UPLOAD, hardening.MAX_REQUEST_BYTES)
    assert length > hardening.MAX_REQUEST_BYTES
    assert response.status_code == 413 and getattr(stream, "taken", 0) == 0
    html = response.content.decode()
    assert "The upload is too large" in html and "at most 6 MB" in html
    assert (demo.registrations.count(), AuditEntry.objects.count()) == before


def test_the_refusal_is_in_dutch_too(demo):
    client = Client(headers={"accept-language": "nl"})
    response, _stream, _length = post_multipart(client, UPLOAD, hardening.MAX_REQUEST_BYTES)
    assert response.status_code == 413 and "Het bestand is te groot" in response.content.decode()


def test_an_organiser_may_still_send_the_largest_list(organiser_client, demo):
    """5 MB of list (the largest an upload may be) and its form get through to the form, which reads the file and
    says what is wrong with it (one cell of 5 MB): not its size."""
    response, stream, length = post_multipart(organiser_client, UPLOAD, MAX_UPLOAD_BYTES)
    assert length <= hardening.MAX_REQUEST_BYTES
    assert response.status_code == 400 and stream.taken == length
    html = response.content.decode()
    assert "a cell is longer than 131,072 characters" in html and "the limit is" not in html


def test_the_refusal_is_logged_once(demo, caplog):
    with caplog.at_level("INFO", logger="tenbou.refused"):
        post_multipart(Client(), UPLOAD, hardening.MAX_REQUEST_BYTES)
    (line,) = [r.getMessage() for r in caplog.records if r.name == "tenbou.refused"]
    assert line.startswith("code=request_too_large status=413 method=POST") and "at most 6 MB" in line


def test_nginx_allows_the_same_size():
    conf = (Path(settings.BASE_DIR) / "deploy" / "nginx.conf").read_text()
    (size,) = re.findall(r"client_max_body_size (\d+)m;", conf)
    assert int(size) * MEGABYTE == hardening.MAX_REQUEST_BYTES


def no_store(response) -> bool:
    return {part.strip() for part in response.get("Cache-Control", "").split(",")} >= {"private", "no-store"}


@pytest.mark.parametrize(
    "path, status",
    [
        ("/t/demo/organise/", 200),
        ("/t/demo/organise/players/", 200),
        ("/t/demo/organise/players/no-such-key/edit/", 404),  # an error from the page
        ("/t/demo/organise/seating/sessions/99/", 404),
        ("/t/demo/referee/", 200),
        ("/t/demo/referee/sessions/1/tables/1/", 200),
        ("/organise/", 200),
        ("/t/demo/export/ema-xlsx/", 302),  # an organiser's download: the EMA check comes first
        ("/t/demo/export/archive-json/", 200),
    ],
)
def test_the_organisers_pages_are_private_and_not_stored(organiser_client, path, status):
    response = organiser_client.get(path)
    assert response.status_code == status and no_store(response), response.get("Cache-Control")


@pytest.mark.parametrize("path", ["/t/demo/organise/", "/t/demo/referee/", "/organise/"])
def test_the_refusals_of_staff_pages_are_not_stored(client, demo, make_user, path):
    assert no_store(client.get(path))  # to the login page
    client.force_login(make_user("stranger"))
    response = client.get(path)
    assert response.status_code in (200, 403) and no_store(response)


def test_a_server_error_on_a_staff_page_is_not_stored(organiser_client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("tournament.views.organise.dashboard.tournament_progress", broken)
    organiser_client.raise_request_exception = False
    response = organiser_client.get("/t/demo/organise/")
    assert response.status_code == 500 and no_store(response)


def test_the_players_sheet_link_is_not_stored(client, demo):
    from tournament.forms.sheet import sheet_token
    from tournament.models import Table

    table = Table.objects.get(session__tournament=demo, session__number=6, number=1)
    response = client.get(f"/t/demo/sessions/6/tables/1/sheet/{sheet_token(table)}/")
    assert response.status_code == 200 and no_store(response)


@pytest.mark.parametrize("path", ["/t/demo/", "/t/demo/standings/", "/t/demo/players/p01/"])
def test_the_public_pages_are_stored_only_when_nobody_is_logged_in(organiser_client, demo, path):
    """The public's copy may be kept (public or, while it holds a per-visitor token, private and revalidated:
    tournament/operations/caching.py); the organiser's, with their name and links, never."""
    anonymous = Client().get(path)
    assert "no-store" not in anonymous["Cache-Control"] and "ETag" in anonymous
    organiser = organiser_client.get(path)
    assert no_store(organiser) and "ETag" in organiser
    assert "Cache-Control" not in Client().get("/t/demo/export/standings-csv/")
