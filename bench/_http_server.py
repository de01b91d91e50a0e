"""The server side of the HTTP load benchmark (bench/http_load.py): a fresh database with the event, the static
files, gunicorn started and stopped, the results checked in the database afterwards, the processor time used."""

import json
import os
import resource
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

from _http import Client

ROOT = Path(__file__).resolve().parent.parent


def server_env(args, tmp: Path) -> dict:
    (tmp / "bench_settings.py").write_text(
        f"from config.settings import *  # noqa: F403\nSTATIC_ROOT = {str(tmp / 'static')!r}\n"
    )
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="bench_settings",
        PYTHONPATH=os.pathsep.join([str(tmp), str(ROOT)]),
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="0",  # plain HTTP on the loopback; a proxy does TLS in production
        TENBOU_CACHE_URL={
            "locmem": "locmem://",
            "file": f"file://{tmp / 'cache'}",
            "db": "db://tenbou_cache",
            "redis": getattr(args, "cache_url", ""),  # a redis:// address (bench/many_events.py starts one)
        }[args.cache],
        TENBOU_LOGIN_FAILURE_LIMIT="1000",
    )
    if args.database == "sqlite":
        env["DATABASE_URL"] = f"sqlite:///{tmp / 'bench.sqlite3'}"
    return env


def manage(env: dict, *command: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"manage.py {' '.join(command)} failed:\n{done.stderr}")
    return done.stdout


class Event(NamedTuple):
    slug: str
    players: int
    sessions: int
    played: int


def prepare(env: dict, args, event: Event, password: str) -> None:
    """A fresh database with the demo event, the referees' logins, the static files (and the cache table)."""
    manage(env, "migrate", "--no-input", "-v", "0")
    manage(env, "demo", "--players", str(event.players), "--sessions", str(event.sessions),
           "--played", str(event.played), "--slug", event.slug)  # fmt: skip
    manage(env, "collectstatic", "--no-input", "-v", "0")
    if args.cache == "db":
        manage(env, "createcachetable")
    helper = [sys.executable, str(ROOT / "bench" / "_http_db.py")]
    subprocess.run(
        [*helper, "referees", event.slug, str(args.referees), password], cwd=ROOT, env=env, check=True
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(env: dict, args, port: int) -> subprocess.Popen:
    command = [sys.executable, "-m", "gunicorn", "config.wsgi", "-w", str(args.workers), "--threads",
               str(args.threads), "-b", f"127.0.0.1:{port}", "--timeout", "120", "--graceful-timeout", "5"]  # fmt: skip
    return subprocess.Popen(command, cwd=ROOT, env=env, stderr=subprocess.DEVNULL, start_new_session=True)


def wait_until_up(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    probe = Client(port, lambda *a: None)
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("gunicorn stopped while starting")
        if probe.request("probe", "GET", "/")[0] == 200:
            return
        time.sleep(0.3)
    raise SystemExit("gunicorn did not answer within 60 s")


def stop_server(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


class Usage:
    """The processor time the server (gunicorn's workers) and this client used during the run, and the machine's
    load: on a shared machine the server gets only what the others leave."""

    def __init__(self, server: subprocess.Popen):
        self.server = server
        self.start = (time.perf_counter(), self._server_seconds(), resource.getrusage(resource.RUSAGE_SELF))

    def _server_seconds(self) -> float:
        try:
            children = Path(f"/proc/{self.server.pid}/task/{self.server.pid}/children").read_text().split()
            ticks = 0
            for pid in [self.server.pid, *map(int, children)]:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                ticks += int(fields[11]) + int(fields[12])
            return ticks / os.sysconf("SC_CLK_TCK")
        except OSError:
            return float("nan")

    def done(self) -> dict:
        wall, server, client = self.start
        now = resource.getrusage(resource.RUSAGE_SELF)
        elapsed = time.perf_counter() - wall
        return {
            "server_cores": (self._server_seconds() - server) / elapsed,
            "client_cores": (now.ru_utime + now.ru_stime - client.ru_utime - client.ru_stime) / elapsed,
            "load": os.getloadavg()[0],
            "cpus": os.cpu_count(),
        }


def verify(env: dict, slug: str, accepted: list[str], tmp: Path) -> dict:
    """Every accepted submission key against the TableResult rows (bench/_http_db.py)."""
    keys = tmp / "accepted.json"
    keys.write_text(json.dumps(accepted))
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "_http_db.py"), "verify", slug, str(keys)],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return json.loads(done.stdout)
