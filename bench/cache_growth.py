"""The shared page cache's memory over a day's changes (issue 33, item 6): Redis' ``used_memory`` and key count
after each change, with the live pages read after each through the production server.

Usage: .venv/bin/python bench/cache_growth.py [--changes 20] [--redis-port 8611] [--players-read 20]
                                              [--languages en,nl] [--workers 2] [--threads 4]

Builds a fresh SQLite database with a 400-player, 12-session event, 8 sessions played (``manage.py demo``),
starts its own redis-server on ``--redis-port`` (loopback, nothing saved to disk) and gunicorn as production does
(``deploy/gunicorn.conf.py``, DEBUG off, ``TENBOU_CACHE_URL=redis://...``). Then it reads the live pages as the
readers do (no cookie; the tournament page, the standings and each played session's standings, every session's
page, the first ``--players-read`` players' pages, the side rankings, the prizes, the hall display's pages and
display.json, the read API's standings and players), each in brotli and in gzip, in each of ``--languages``; and
``--changes`` times: one attendance mark (session 9's players in turn marked absent: a new change stamp, as a desk
marking a player), then the same pages read again. It prints Redis' keys and ``used_memory`` after the first reading
and after each change, the growth per change, and the answers that were not 200. The event is built with this
checkout's code, so running it in a checkout of an older commit measures that commit.
"""

import argparse
import http.client
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _http_server import Event, free_port, prepare, server_env, stop_server  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EVENT = Event("bench", 400, 12, 8)
ENCODINGS = ("br", "gzip")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=20)
    parser.add_argument("--redis-port", type=int, default=8611)
    parser.add_argument("--players-read", type=int, default=20, help="player pages read after each change")
    parser.add_argument("--languages", default="en,nl", help="the readers' languages, comma separated")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    return parser.parse_args()


def live_pages(slug: str, players: int) -> list[str]:
    played, sessions = EVENT.played, EVENT.sessions
    pages = [f"/t/{slug}/", f"/t/{slug}/standings/"]
    pages += [f"/t/{slug}/standings/?after={number}" for number in range(1, played)]
    pages += [f"/t/{slug}/sessions/{number}/" for number in range(1, sessions + 1)]
    pages += [f"/t/{slug}/players/p{number:02d}/" for number in range(1, players + 1)]
    pages += [f"/t/{slug}/rankings/team/", f"/t/{slug}/rankings/category/newcomer/", f"/t/{slug}/prizes/"]
    pages += [f"/t/{slug}/display/pages/", f"/t/{slug}/display.json"]
    pages += [f"/api/v1/tournaments/{slug}/standings/", f"/api/v1/tournaments/{slug}/players/"]
    return pages


def start_redis(port: int, work: Path) -> subprocess.Popen:
    program = shutil.which("redis-server") or "/usr/bin/redis-server"
    command = [program, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(work), "--save", "",
               "--appendonly", "no", "--daemonize", "no", "--logfile", str(work / "redis.log")]  # fmt: skip
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)


def redis_client(port: int):
    import redis  # requirements.txt pins it (Django's RedisCache)

    client = redis.Redis(host="127.0.0.1", port=port)
    deadline = time.monotonic() + 10
    while True:
        try:
            client.ping()
            return client
        except redis.ConnectionError:
            if time.monotonic() > deadline:
                raise SystemExit(f"redis-server did not answer on port {port}") from None
            time.sleep(0.1)


def start_gunicorn(env: dict, args, port: int) -> subprocess.Popen:
    """gunicorn with deploy/gunicorn.conf.py, as scripts/serve.sh starts it."""
    served = {**env, "TENBOU_BIND": f"127.0.0.1:{port}", "TENBOU_WORKERS": str(args.workers),
              "TENBOU_THREADS": str(args.threads), "TENBOU_ACCESS_LOG": "0"}  # fmt: skip
    command = [sys.executable, "-m", "gunicorn", "--config", "deploy/gunicorn.conf.py"]
    return subprocess.Popen(command, cwd=ROOT, env=served, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip


def get(port: int, path: str, headers: dict) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request("GET", path, headers={"Host": "127.0.0.1", **headers})
        response = conn.getresponse()
        response.read()
        return response.status
    except OSError:
        return 0
    finally:
        conn.close()


def wait_until_up(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("gunicorn stopped while starting")
        if get(port, "/healthz", {}) == 200:
            return
        time.sleep(0.3)
    raise SystemExit("gunicorn did not answer within 60 s")


def read_pages(port: int, pages: list[str], languages: list[str], failed: dict) -> None:
    """Every page in each language and encoding, as a reader without a cookie; the answers other than 200."""
    for language in languages:
        for encoding in ENCODINGS:
            for path in pages:
                status = get(port, path, {"Accept-Encoding": encoding, "Accept-Language": language})
                if status != 200:
                    failed[(path, status)] = failed.get((path, status), 0) + 1


def changer(env: dict, tmp: Path):
    """This process as a desk with the event's database: ``change(n)`` marks the n-th player of the first session
    not played absent (an attendance mark through the service, with its audit entry: a new change stamp)."""
    os.environ.update({name: env[name] for name in ("DATABASE_URL", "DJANGO_SECRET_KEY", "DJANGO_DEBUG")})
    os.environ.update(DJANGO_SETTINGS_MODULE="bench_settings", TENBOU_CACHE_URL="dummy://")
    sys.path[:0] = [str(tmp), str(ROOT)]
    import django

    django.setup()
    from tournament.models import Tournament
    from tournament.services import attendance

    tournament = Tournament.objects.get(slug=EVENT.slug)
    session = tournament.sessions.get(number=EVENT.played + 1)
    keys = list(session.seats.order_by("registration__key").values_list("registration__key", flat=True))

    def change(number: int) -> None:
        key = keys[number % len(keys)]
        attendance.mark(
            actor=None, tournament=tournament, session_number=session.number, key=key, present=False
        )

    return change


def memory(client) -> tuple[int, float]:
    return client.dbsize(), client.info("memory")["used_memory"] / 1_000_000


def main() -> None:
    args = parse_args()
    languages = [language.strip() for language in args.languages.split(",") if language.strip()]
    pages = live_pages(EVENT.slug, args.players_read)
    with tempfile.TemporaryDirectory(prefix="tenbou-cache-growth-") as tmp:
        tmp = Path(tmp)
        options = SimpleNamespace(database="sqlite", cache="locmem", referees=0)
        env = server_env(options, tmp)
        env["TENBOU_CACHE_URL"] = f"redis://127.0.0.1:{args.redis_port}/0"
        started = time.perf_counter()
        prepare(env, options, EVENT, "unused")
        print(
            f"prepared the event (400 players, 12 sessions, 8 played) in {time.perf_counter() - started:.0f} s"
        )
        change = changer(env, tmp)
        redis = start_redis(args.redis_port, tmp)
        port = free_port()
        server = start_gunicorn(env, args, port)
        failed = {}
        try:
            client = redis_client(args.redis_port)
            wait_until_up(port, server)
            client.flushdb()
            per_round = len(pages) * len(languages) * len(ENCODINGS)
            print(f"{len(pages)} pages x {len(languages)} languages x {len(ENCODINGS)} encodings: {per_round} "
                  f"requests after each change; gunicorn {args.workers} x {args.threads}")  # fmt: skip
            started = time.perf_counter()
            read_pages(port, pages, languages, failed)
            first = memory(client)
            print(f"{'changes':>8} {'keys':>7} {'used_memory MB':>15} {'s':>6}")
            print(f"{0:>8} {first[0]:>7} {first[1]:>15.1f} {time.perf_counter() - started:>6.1f}")
            for number in range(1, args.changes + 1):
                started = time.perf_counter()
                change(number)
                read_pages(port, pages, languages, failed)
                keys, used = memory(client)
                print(
                    f"{number:>8} {keys:>7} {used:>15.1f} {time.perf_counter() - started:>6.1f}", flush=True
                )
            growth = (used - first[1]) / args.changes
            print(f"used_memory {first[1]:.1f} MB after the first reading, {used:.1f} MB after {args.changes} "
                  f"changes: {growth:+.3f} MB a change; keys {first[0]} -> {keys}")  # fmt: skip
            print("answers other than 200:", failed or "none")
        finally:
            stop_server(server)
            redis.terminate()
            redis.wait(timeout=10)


if __name__ == "__main__":
    main()
