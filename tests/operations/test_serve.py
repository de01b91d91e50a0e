"""`make serve` (scripts/serve.sh): refuses to start without its secrets, and otherwise runs migrate, collectstatic
and gunicorn with DEBUG off, as an operator would: here on a fresh SQLite file and a free local port."""

import http.client
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
HOST = "tenbou.example.org"


def serve_env(**values) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "TENBOU_", "DATABASE"))
    }
    return {**env, "PY": sys.executable, **values}


def run_serve(**values) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", "scripts/serve.sh"],
        cwd=ROOT,
        env=serve_env(**values),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_no_secret_key_no_server():
    result = run_serve(DJANGO_ALLOWED_HOSTS=HOST)
    assert result.returncode == 2
    assert result.stderr.startswith("serve: set DJANGO_SECRET_KEY to a long random secret")
    assert "Operations to perform" not in result.stdout  # refused before migrate


def test_no_allowed_hosts_no_server():
    result = run_serve(DJANGO_SECRET_KEY="k" * 50)
    assert result.returncode == 2 and result.stderr.startswith("serve: set DJANGO_ALLOWED_HOSTS")


def test_the_settings_refuse_to_load_without_a_secret_key():
    code = "import django; django.setup()"
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=serve_env(DJANGO_SETTINGS_MODULE="config.settings"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0 and "DJANGO_SECRET_KEY" in result.stderr


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(port: int, path: str, **headers) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    response.body = response.read()
    conn.close()
    return response


@contextmanager
def running_server(work: Path, **values):
    """scripts/serve.sh on a fresh SQLite file and a free port, until the block ends (then SIGTERM)."""
    port = free_port()
    env = serve_env(
        DJANGO_SECRET_KEY="test-" + "s" * 60,
        DJANGO_ALLOWED_HOSTS=HOST,
        DATABASE_URL=f"sqlite:///{work / 'tenbou.sqlite3'}",
        TENBOU_STATIC_ROOT=str(work / "static"),
        TENBOU_BIND=f"127.0.0.1:{port}",
        TENBOU_WORKERS="1",
        TENBOU_THREADS="2",
        **values,
    )
    log = (work / "serve.log").open("w")
    process = subprocess.Popen(
        ["bash", "scripts/serve.sh"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if get(port, "/healthz").status == 200:
                break
        except OSError:
            time.sleep(0.3)
    yield port, work / "serve.log", env
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)
    log.close()
    assert not worker_processes(env["DATABASE_URL"]), "the embedded worker outlived the server"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("serve")) as served:
        yield served


def worker_processes(database_url: str) -> list[str]:
    """The db_worker processes started with this database (their environment names it)."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            command = (proc / "cmdline").read_bytes()
            environ = (proc / "environ").read_bytes()
        except OSError:
            continue
        if b"db_worker" in command and database_url.encode() in environ:
            found.append(proc.name)
    return found


QUEUE_JOB = """
import django
django.setup()
from tournament.models import Job, Tournament
from tournament.services.jobs import start_job
job = start_job(actor=None, tournament=Tournament.objects.get(slug="served"), kind=Job.Kind.DOCUMENT,
                params={"document": "standings"}, title="Standings")
print(job.pk)
"""

JOB_STATE = """
import sys
import django
django.setup()
from tournament.models import Job
job = Job.objects.get(pk=sys.argv[1])
print(job.state, len(job.result_file or b""))
"""


def django_env(env: dict) -> dict:
    return {**env, "DJANGO_SETTINGS_MODULE": "config.settings"}


def queue_job(env: dict) -> str:
    """A standings PDF queued for the tournament "served" (made first, once per database)."""
    demo = ["demo", "--slug", "served", "--players", "16", "--sessions", "2", "--played", "1", "--if-missing"]
    subprocess.run(
        [sys.executable, "manage.py", *demo],
        cwd=ROOT,
        env=django_env(env),
        check=True,
        capture_output=True,
        timeout=120,
    )
    queued = subprocess.run(
        [sys.executable, "-c", QUEUE_JOB], cwd=ROOT, env=django_env(env), capture_output=True, text=True
    )
    assert queued.stdout.strip(), queued.stderr
    return queued.stdout.strip()


def finished_job(env: dict, job_id: str, seconds: float = 60) -> list[str]:
    """The job's state and file size once it is done or failed (or when the time is up)."""
    deadline = time.monotonic() + seconds
    while True:
        state = subprocess.run(
            [sys.executable, "-c", JOB_STATE, job_id],
            cwd=ROOT,
            env=django_env(env),
            capture_output=True,
            text=True,
        ).stdout.split()
        if (state and state[0] in ("done", "failed")) or time.monotonic() > deadline:
            return state
        time.sleep(0.5)


def test_the_served_site_makes_background_jobs_with_its_embedded_worker(server):
    _port, log, env = server
    state = finished_job(env, queue_job(env))
    assert state[0] == "done" and int(state[1]) > 1000, log.read_text()


def wait_for(condition, seconds: float):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"still not true after {seconds} s")


def test_a_killed_embedded_worker_is_started_again_and_makes_the_queued_job(server):
    port, log, env = server
    (first,) = wait_for(lambda: worker_processes(env["DATABASE_URL"]), 60)
    os.kill(int(first), signal.SIGKILL)  # no goodbye, as the kernel's OOM killer would
    (second,) = wait_for(lambda: [pid for pid in worker_processes(env["DATABASE_URL"]) if pid != first], 30)
    assert "serve: the background worker stopped (status 137); starting it again in 1 s" in log.read_text()
    state = finished_job(env, queue_job(env))
    assert state[0] == "done" and int(state[1]) > 1000, log.read_text()
    assert worker_processes(env["DATABASE_URL"]) == [second]
    assert int(second) in beating_workers(env)  # the new worker's sign of life, for /healthz
    assert json.loads(get(port, "/healthz").body) == {"status": "ok"}


def beating_workers(env: dict) -> list[int]:
    database = env["DATABASE_URL"].removeprefix("sqlite:///")
    with sqlite3.connect(database) as db:
        return [pid for (pid,) in db.execute("SELECT pid FROM tournament_workerbeat")]


@pytest.fixture(scope="module")
def server_without_worker(tmp_path_factory):
    """The web server alone (TENBOU_WORKER=separate) and no worker service: nobody makes the jobs."""
    with running_server(tmp_path_factory.mktemp("separate"), TENBOU_WORKER="separate") as served:
        yield served


def test_health_reports_a_silent_worker_with_the_backlog(server_without_worker):
    port, log, env = server_without_worker
    assert json.loads(get(port, "/healthz").body) == {"status": "ok"}  # nothing waits: nothing is wrong
    queue_job(env)
    response = get(port, "/healthz")
    assert response.status == 200, log.read_text()
    assert json.loads(response.body) == {"status": "degraded", "worker": "silent", "backlog": 1}


def test_health_over_plain_http_on_the_local_address(server):
    port, log, _env = server
    response = get(port, "/healthz")
    assert response.status == 200, log.read_text()
    assert json.loads(response.body) == {"status": "ok"}


def test_pages_through_the_proxy_with_debug_off(server):
    port, _log, _env = server
    page = get(port, "/", Host=HOST, **{"X-Forwarded-Proto": "https", "X-Request-ID": "smoke-1"})
    assert page.status == 200
    assert page.getheader("X-Request-ID") == "smoke-1"
    assert "script-src 'self'" in page.getheader("Content-Security-Policy")
    assert page.getheader("Strict-Transport-Security").startswith("max-age=31536000")
    body = page.body.decode()
    assert "/static/css/tenbou.css" not in body and "/static/css/tenbou." in body  # the hashed name
    assert "Traceback" not in body and "DEBUG" not in body


def test_plain_http_through_the_public_name_is_sent_to_https(server):
    port, _log, _env = server
    response = get(port, "/", Host=HOST)
    assert response.status == 301 and response.getheader("Location") == f"https://{HOST}/"


def test_static_files_from_whitenoise_with_the_manifest(server):
    port, _log, _env = server
    page = get(port, "/", Host=HOST, **{"X-Forwarded-Proto": "https"}).body.decode()
    css = next(
        part.split('"')[0] for part in page.split('href="')[1:] if part.startswith("/static/css/tenbou.")
    )
    response = get(port, css, Host=HOST, **{"X-Forwarded-Proto": "https", "Accept-Encoding": "gzip"})
    assert response.status == 200
    assert response.getheader("Content-Encoding") == "gzip"
    assert "immutable" in response.getheader("Cache-Control")
    script = get(port, "/static/js/tenbou.js", Host=HOST, **{"X-Forwarded-Proto": "https"})
    assert script.status == 200 and b"data-autosubmit" in script.body


def test_the_access_log_has_the_request_id_and_no_address(server):
    port, log, _env = server
    get(port, "/", Host=HOST, **{"X-Forwarded-Proto": "https", "X-Request-ID": "logged-7"})
    time.sleep(0.3)
    lines = [line for line in log.read_text().splitlines() if "id=logged-7" in line]
    assert len(lines) == 1 and '"GET / HTTP/1.1" 200' in lines[0]
    assert "127.0.0.1" not in lines[0]
