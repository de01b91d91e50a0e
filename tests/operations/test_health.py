"""/healthz: 200 when the database answers and every migration is applied, 503 otherwise; answered before the
HTTPS redirect and the ALLOWED_HOSTS check so a proxy can probe the app's own address over plain HTTP."""

from unittest import mock

import pytest
from django.db import OperationalError
from django.test import Client

pytestmark = pytest.mark.django_db


def test_healthy():
    response = Client().get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert response["Cache-Control"] == "no-store"


def test_unapplied_migrations_answer_503():
    plan = [(mock.Mock(name="tournament.0002_future"), False)]
    with mock.patch("tournament.operations.health.MigrationExecutor.migration_plan", return_value=plan):
        response = Client().get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "migrations": "not applied"}


def test_unreachable_database_answers_503(caplog):
    with mock.patch(
        "tournament.operations.health.connection.cursor", side_effect=OperationalError("connection refused")
    ):
        response = Client().get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "database": "unreachable"}
    assert "connection refused" not in response.content.decode()  # no error text to the world
    assert "the database does not answer (OperationalError)" in caplog.text


def test_plain_http_on_the_apps_own_address_is_answered(settings):
    settings.ALLOWED_HOSTS = ["tenbou.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    client = Client()  # a new client builds its middleware from these settings
    assert client.get("/healthz", HTTP_HOST="127.0.0.1:8000").status_code == 200
    assert (
        client.get("/", HTTP_HOST="127.0.0.1:8000").status_code == 400
    )  # any other page: the host is refused
    redirected = client.get("/", HTTP_HOST="tenbou.example.org")
    assert redirected.status_code == 301 and redirected["Location"].startswith("https://")


def test_only_the_exact_path_and_reads_are_health_checks():
    client = Client()
    assert client.get("/healthz/").status_code == 200
    assert client.get("/healthzz").status_code == 404
    assert client.post("/healthz").status_code != 200


# --- the background worker: a queued job and no worker's sign of life is "degraded" -----------------------------


@pytest.fixture
def queued_job(demo):
    from tournament.models import Job, WorkerBeat

    # no worker at all: a worker of an earlier test (tests/operations/test_serve.py's embedded one, on PostgreSQL's
    # committed test database) may have beaten after that test's tables were emptied, before it was stopped
    WorkerBeat.objects.all().delete()
    return Job.objects.create(tournament=demo, kind=Job.Kind.DOCUMENT, params={}, title="Standings")


def beat(seconds_ago: float, worker_id: str = "w1") -> None:
    from datetime import timedelta

    from django.utils import timezone

    from tournament.models import WorkerBeat

    moment = timezone.now() - timedelta(seconds=seconds_ago)
    WorkerBeat.objects.update_or_create(
        worker_id=worker_id, defaults={"host": "here", "pid": 1, "started_at": moment, "beat_at": moment}
    )


def test_queued_jobs_and_no_worker_is_degraded_with_the_backlog(queued_job, caplog):
    response = Client().get("/healthz")
    assert response.status_code == 200  # the pages still work: the proxy keeps sending visitors
    assert response.json() == {"status": "degraded", "worker": "silent", "backlog": 1}
    assert "no background worker has beaten" in caplog.text


def test_a_worker_silent_longer_than_the_threshold_is_degraded(queued_job, settings):
    settings.TENBOU_WORKER_SILENT_SECONDS = 30
    beat(31)
    assert Client().get("/healthz").json()["status"] == "degraded"
    beat(29, worker_id="w2")  # another worker is alive
    assert Client().get("/healthz").json() == {"status": "ok"}


def test_no_queued_job_is_ok_without_a_worker(demo):
    assert Client().get("/healthz").json() == {"status": "ok"}
