"""Every response carries X-Request-ID and every log line written while serving it carries the same id: a refusal
(403, 400) and a server error (500) can be found in the log from what the person saw."""

import io
import logging
import re

import pytest
from django.test import Client, override_settings
from django.urls import path

from tournament.operations.request_ids import HEADER


def boom(request):
    raise RuntimeError("a bug")


urlpatterns = [path("boom/", boom)]


@pytest.fixture
def log_lines():
    """The text the configured console handler writes (settings.LOGGING), not pytest's own capture."""
    handler = next(h for h in logging.getLogger().handlers if h.name == "console")
    stream = io.StringIO()
    previous = handler.setStream(stream)
    yield stream
    handler.setStream(previous)


@pytest.mark.django_db
def test_a_new_id_on_every_response():
    client = Client()
    first, second = client.get("/")[HEADER], client.get("/")[HEADER]
    assert re.fullmatch(r"[0-9a-f]{32}", first) and first != second


@pytest.mark.django_db
def test_the_proxys_id_is_kept_and_a_strange_one_replaced():
    client = Client()
    assert client.get("/", HTTP_X_REQUEST_ID="b2a1c0ffee-42")[HEADER] == "b2a1c0ffee-42"
    forged = client.get("/", HTTP_X_REQUEST_ID="x\nFAKE LOG LINE")[HEADER]
    assert "FAKE" not in forged and re.fullmatch(r"[0-9a-f]{32}", forged)


def test_a_refusal_is_logged_with_the_request_id(organiser_client, demo, make_user, log_lines):
    outsider = Client()
    outsider.force_login(make_user("outsider"))
    response = outsider.get(f"/t/{demo.slug}/organise/seating/", HTTP_X_REQUEST_ID="refused-1")
    assert response.status_code == 403
    line = log_lines.getvalue()
    assert "WARNING tenbou.refused [refused-1] code=forbidden status=403" in line  # more in test_logging.py
    assert "outsider" not in line  # who it was is not logged (no personal data beyond the EMA file's)


@pytest.mark.django_db
def test_a_bad_request_is_logged_with_the_request_id(log_lines):
    response = Client().get("/", HTTP_HOST="evil.example", HTTP_X_REQUEST_ID="bad-host-1")
    assert response.status_code == 400
    assert "[bad-host-1] code=bad_request" in log_lines.getvalue()
    assert "Invalid HTTP_HOST header: 'evil.example'" in log_lines.getvalue()


@pytest.mark.django_db
@override_settings(ROOT_URLCONF=__name__)
def test_a_server_error_is_logged_with_the_request_id_and_traceback(log_lines):
    response = Client(raise_request_exception=False).get("/boom/", {"password": "hunter2"})
    request_id = response[HEADER]
    assert response.status_code == 500
    text = log_lines.getvalue()
    assert f"ERROR django.request [{request_id}] Internal Server Error: /boom/" in text
    assert "RuntimeError: a bug" in text
    assert "hunter2" not in text  # the query string and the body are not logged
    assert b"<style" not in response.content and b"/static/css/error.css" in response.content


def test_outside_a_request_the_id_is_a_dash(log_lines):
    logging.getLogger("django.tenbou-test").warning("no request here")
    assert "[-] no request here" in log_lines.getvalue()
