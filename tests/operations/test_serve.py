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
import uuid
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
        **{
            "DJANGO_SECRET_KEY": "test-" + "s" * 60,
            "DJANGO_ALLOWED_HOSTS": HOST,
            "DATABASE_URL": f"sqlite:///{work / 'tenbou.sqlite3'}",
            "TENBOU_STATIC_ROOT": str(work / "static"),
            "TENBOU_BIND": f"127.0.0.1:{port}",
            "TENBOU_WORKERS": "1",
            "TENBOU_THREADS": "2",
            **values,
        }
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
    """The job's state and file size once it is done or failed (or when the time is up), read from the served
    SQLite file itself (a Python and Django start per look would cost more than the server's work)."""
    database = env["DATABASE_URL"].removeprefix("sqlite:///")
    deadline = time.monotonic() + seconds
    while True:
        with sqlite3.connect(database, timeout=10) as db:
            found = db.execute(
                "SELECT state, COALESCE(length(result_file), 0) FROM tournament_job WHERE id = ?",
                (uuid.UUID(job_id).hex,),
            ).fetchone()
        state = [str(value) for value in found] if found else []
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
def server_without_worker(tmp_path_factory, collected_static):
    """The web server alone (TENBOU_WORKER=separate) and no worker service: nobody makes the jobs. Its static
    files are the test run's (collected once, tests/conftest.py): the ``server`` fixture's shows collectstatic."""
    with running_server(
        tmp_path_factory.mktemp("separate"),
        TENBOU_WORKER="separate",
        TENBOU_COLLECTSTATIC="0",
        TENBOU_STATIC_ROOT=str(collected_static),
    ) as served:
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
    assert page.getheader("Set-Cookie") is None  # anonymous: no session, no CSRF token
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


A_TABLE_AND_ITS_TOKEN = """
import django
django.setup()
from django.core.management import call_command
from tournament.models import Table
from tournament.forms.sheet import sheet_token
call_command("demo", slug="tokens", players=16, sessions=1, played=0, verbosity=0)
print(sheet_token(Table.objects.get(session__tournament__slug="tokens", session__number=1, number=1)))
"""


def send(port: int, method: str, path: str, **headers) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request(method, path, body=b"" if method in ("POST", "PUT") else None, headers=headers)
    status = conn.getresponse().status
    conn.close()
    return status


def test_no_sheet_token_in_the_served_log(server):
    """A players' sheet link asked for rightly, wrongly and in bad ways: the token is in none of the lines Django,
    gunicorn or the refusals log write (stdout and stderr of the server), and its query string neither."""
    port, log, env = server
    made = subprocess.run(
        [sys.executable, "-c", A_TABLE_AND_ITS_TOKEN],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    token = made.stdout.split()[-1] if made.stdout else ""
    assert len(token) == 24, made.stderr
    proxied = {"Host": HOST, "X-Forwarded-Proto": "https"}
    sheet = "/t/tokens/sessions/1/tables/{table}/sheet/{token}/"
    asked = [
        ("GET", sheet.format(table=1, token=token) + "?q=Jansen", proxied, 200),
        ("GET", sheet.format(table=99, token=token), proxied, 404),  # a table that does not exist
        ("GET", sheet.format(table=1, token=token[::-1]), proxied, 404),  # a wrong token
        ("GET", f"/t/nope/sessions/1/tables/1/sheet/{token}/", proxied, 404),
        ("GET", f"/t/tokens/sessions/1/tables/1/sheet/{token}/more/", proxied, 404),  # no such page
        ("OPTIONS", sheet.format(table=1, token=token), proxied, 405),
        ("POST", sheet.format(table=1, token=token), proxied, 403),  # no CSRF token
        ("GET", sheet.format(table=1, token=token), {"Host": "evil.example"}, 400),
        ("GET", sheet.format(table=1, token=token), {"Host": HOST}, 301),  # to https
    ]
    for method, path, headers, status in asked:
        assert send(port, method, path, **headers, **{"X-Request-ID": f"sheet-{status}"}) == status, path
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and "id=sheet-301" not in log.read_text():
        time.sleep(0.2)
    text = log.read_text()
    assert token not in text and token[::-1] not in text and "Jansen" not in text
    masked = "/t/tokens/sessions/1/tables/{}/sheet/***/"
    assert f'"GET {masked.format(1)} HTTP/1.1" 200' in text  # gunicorn's access line
    assert f"WARNING django.request [sheet-404] Not Found: {masked.format(99)}" in text
    assert f'code=method_not_allowed status=405 method=OPTIONS path="{masked.format(1)}"' in text
    assert f'code=csrf_failed status=403 method=POST path="{masked.format(1)}"' in text
    assert f'code=bad_request status=400 method=GET path="{masked.format(1)}"' in text


def test_an_oversized_upload_straight_to_gunicorn_is_refused_before_the_login(server):
    """Without nginx in front: an anonymous 7 MB multipart body to an organiser's upload is a 413 before anything
    reads it, not a login redirect or a CSRF refusal after Django has parsed it (writing the file to disk). The
    server may close the connection before the client has sent it all: the answer is read as far as it came."""
    port, log, _env = server
    boundary = "tenbou-serve-test"
    body = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="players.csv"\r\n'
        "Content-Type: text/csv\r\n\r\n".encode()
        + b"x" * (7 * 1024 * 1024)
        + f"\r\n--{boundary}--\r\n".encode()
    )
    head = (
        "POST /t/demo/organise/players/upload/ HTTP/1.1\r\n"
        f"Host: {HOST}\r\nX-Forwarded-Proto: https\r\nX-Request-ID: big-1\r\n"
        f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    answer = b""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        try:
            conn.sendall(head.encode() + body)
            conn.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # closed by the server after its answer
        try:
            while chunk := conn.recv(65536):
                answer += chunk
        except OSError:
            pass
    if answer:
        assert answer.startswith(b"HTTP/1.1 413 ")
    time.sleep(0.3)
    text = log.read_text()
    assert '"POST /t/demo/organise/players/upload/ HTTP/1.1" 413 ' in text
    assert (
        '[big-1] code=request_too_large status=413 method=POST path="/t/demo/organise/players/upload/"'
        in text
    )
