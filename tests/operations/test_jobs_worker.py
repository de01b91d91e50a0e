"""Background jobs through the real database queue (django-tasks-db) and `manage.py db_worker`: a job waits in the
database while no worker runs, is made when one does, and survives its worker being killed in the middle (it is
queued again and made by the next worker, once)."""

import os
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import timedelta
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tournament.models import Job, WorkerBeat
from tournament.operations.worker_heartbeat import WorkerHeartbeat
from tournament.services import tournaments
from tournament.services.jobs import start_job
from tournament.worker import tasks as background

ROOT = Path(settings.BASE_DIR)
DATABASE_QUEUE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}


@pytest.fixture
def database_queue(settings):
    settings.TASKS = DATABASE_QUEUE


def standings_job(tournament) -> Job:
    params = {"document": "standings"}
    return start_job(
        actor=None, tournament=tournament, kind=Job.Kind.DOCUMENT, params=params, title="Standings"
    )


def run_worker() -> None:
    call_command("db_worker", "--batch", "--interval", "0", "--no-startup-delay", verbosity=0)


@pytest.mark.django_db(transaction=True)
def test_a_job_waits_in_the_queue_until_a_worker_runs(database_queue, demo):
    job = standings_job(demo)
    assert job.state == Job.State.QUEUED  # no worker yet: nothing is made, nothing is lost
    assert DBTaskResult.objects.get(pk=job.task_id).status == "READY"
    run_worker()
    job.refresh_from_db()
    assert (job.state, job.attempt, job.progress) == (Job.State.DONE, 1, 100)
    assert bytes(job.result_file).startswith(b"%PDF")
    assert DBTaskResult.objects.get(pk=job.task_id).status == "SUCCESSFUL"


@pytest.mark.django_db(transaction=True)
def test_a_job_left_running_by_a_dead_worker_is_made_by_the_next(database_queue, demo, settings):
    job = standings_job(demo)
    first_task = job.task_id
    # what a killed worker leaves: its task claimed, the job running, no sign of life since
    DBTaskResult.objects.filter(pk=first_task).update(status="RUNNING", started_at=timezone.now())
    Job.objects.filter(pk=job.pk).update(
        state=Job.State.RUNNING,
        heartbeat_at=timezone.now() - timedelta(seconds=settings.TENBOU_JOB_STALE_SECONDS + 1),
    )
    # scripts/worker.sh recovers it first (and so does each worker's beat)
    call_command("jobs", "--recover", stdout=StringIO())
    assert DBTaskResult.objects.get(pk=first_task).status == "FAILED"
    run_worker()
    job.refresh_from_db()
    assert (job.state, job.attempt) == (Job.State.DONE, 2) and job.task_id != first_task
    assert bytes(job.result_file).startswith(b"%PDF")


@pytest.mark.django_db(transaction=True)
def test_one_tournaments_many_jobs_do_not_keep_anothers_waiting(database_queue, demo, monkeypatch):
    """Five PDFs of one tournament, then one of another: the other's is made second, not sixth (each tournament's
    n-th waiting job comes before any tournament's n+1-th)."""
    made = []

    def maker(job, progress):
        made.append((job.tournament.slug, job.params.get("after")))
        return background.Outcome(data={})

    monkeypatch.setitem(background.MAKERS, Job.Kind.DOCUMENT, maker)
    other = tournaments.create_tournament(actor=None, slug="spring-open", name="Spring Open")
    for after in range(1, 6):
        start_job(
            actor=None,
            tournament=demo,
            kind=Job.Kind.DOCUMENT,
            params={"document": "standings", "after": after},
            title="Standings",
        )
    standings_job(other)
    run_worker()
    assert made == [("demo", 1), ("spring-open", None), ("demo", 2), ("demo", 3), ("demo", 4), ("demo", 5)]


# --- the worker's sign of life (tournament.operations.worker_heartbeat) ---------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_worker_beats_while_it_runs_and_deletes_its_row_when_it_stops(database_queue, demo, monkeypatch):
    seen = []

    def maker(job, progress):
        seen.extend(WorkerBeat.objects.values_list("pid", flat=True))
        return background.Outcome(data={})

    monkeypatch.setitem(background.MAKERS, Job.Kind.DOCUMENT, maker)
    standings_job(demo)
    run_worker()
    assert seen == [os.getpid()]
    assert not WorkerBeat.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_each_beat_queues_again_the_jobs_of_a_dead_worker(database_queue, demo, settings):
    job = standings_job(demo)
    DBTaskResult.objects.filter(pk=job.task_id).update(status="RUNNING", started_at=timezone.now())
    Job.objects.filter(pk=job.pk).update(
        state=Job.State.RUNNING,
        heartbeat_at=timezone.now() - timedelta(seconds=settings.TENBOU_JOB_STALE_SECONDS + 1),
    )
    WorkerHeartbeat("w1").beat()
    assert Job.objects.get(pk=job.pk).state == Job.State.QUEUED


@pytest.mark.django_db
def test_the_jobs_command_lists_the_workers():
    with WorkerHeartbeat("w1"):
        listed = StringIO()
        call_command("jobs", stdout=listed)
    assert f" {os.getpid()}  started " in listed.getvalue() and "last sign of life" in listed.getvalue()


# --- a real worker process, killed in the middle of a job ------------------------------------------------------

SLOW_WORKER = """
import sys, time
import django
django.setup()
from django.core.management import call_command
from tournament.worker import tasks as background

def slow(job, progress):  # a long job: writes its progress, never finishes before the test kills the worker
    for percent in range(1, 100):
        progress.stage("pdf", percent)
        time.sleep(0.2)
    raise SystemExit("the test should have killed this worker")

background.MAKERS["document"] = slow
call_command("db_worker", "--interval", "0.1", "--no-startup-delay", "--no-reload")
"""

QUEUE_JOB = """
import django
django.setup()
from tournament.models import Job, Tournament
from tournament.services import tournaments
from tournament.services.jobs import start_job
from tournament.operations.worker_heartbeat import WorkerHeartbeat
job = start_job(actor=None, tournament=Tournament.objects.get(slug="demo"), kind=Job.Kind.DOCUMENT,
                params={"document": "standings"}, title="Standings")
print(job.pk.hex)
"""


def environment(database: Path) -> dict:
    keep = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "TENBOU_", "DATABASE"))
    }
    return {
        **keep,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DJANGO_DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{database}",
        "TENBOU_JOB_STALE_SECONDS": "1",
    }


def manage(env: dict, *args: str) -> str:
    result = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def job_row(database: Path, job_id: str) -> tuple:
    with sqlite3.connect(database) as db:
        return db.execute(
            "SELECT state, attempt, progress, length(result_file) FROM tournament_job WHERE id = ?", (job_id,)
        ).fetchone()


def wait_for(condition, seconds: float):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"still not true after {seconds} s")


def test_a_worker_killed_mid_job_loses_nothing(tmp_path):
    database = tmp_path / "tenbou.sqlite3"
    env = environment(database)
    manage(env, "manage.py", "migrate", "--no-input")
    manage(env, "manage.py", "demo", "--players", "16", "--sessions", "4", "--played", "1")
    job_id = manage(env, "-c", QUEUE_JOB).strip()
    assert job_row(database, job_id)[:2] == ("queued", 1)

    worker = subprocess.Popen(
        [sys.executable, "-c", SLOW_WORKER],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_for(lambda: job_row(database, job_id)[2] >= 3, 60)  # running, and its progress written
    finally:
        worker.send_signal(signal.SIGKILL)  # no goodbye: the job stays "running"
        worker.wait(timeout=10)
    state, attempt, progress, _size = job_row(database, job_id)
    assert (state, attempt) == ("running", 1) and 3 <= progress < 100

    time.sleep(1.2)  # longer than TENBOU_JOB_STALE_SECONDS without a sign of life
    assert "Queued again: 1" in manage(env, "manage.py", "jobs", "--recover")
    manage(env, "manage.py", "db_worker", "--batch", "--interval", "0", "--no-startup-delay")
    state, attempt, progress, size = job_row(database, job_id)
    assert (state, attempt, progress) == ("done", 2, 100) and size > 1000
