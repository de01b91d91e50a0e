"""Many events on one server: a federation's weekend through the production server (issue 33).

Usage: .venv/bin/python bench/many_events.py [--tournaments 10] [--players 200] [--phones 100] [--referees 10]
                                             [--duration 60] [--poll SECONDS] [--no-nginx] [--cold-burst]
                                             [--spread] [--workers 3] [--threads 4] [--cache redis|locmem]

Runs on a throw-away PostgreSQL cluster (scripts/with-postgres.sh; TENBOU_PG_PORT picks its port) with a throw-away
Redis as the shared cache (TENBOU_CACHE_URL=redis://...; Debian's redis-server), gunicorn started as production
starts it (deploy/gunicorn.conf.py, DEBUG off, a generated secret, loopback only). It builds ``--tournaments`` live
events (``manage.py demo --players 200 --sessions 12 --played 8 --slug open-01`` ...), ``--referees`` referee
logins for each, a MERS series of them all, and then, in one pass straight to gunicorn and a second through nginx's
micro-cache (deploy/nginx.conf, scripts/local_nginx.py; TLS) when nginx is installed:

- for each tournament ``--phones`` phones, each opening one of its live pages (standings, tournament, a player, the
  session being played or the one before) and asking for it again with its ETag as static/js/live.js does (every
  ``data-interval`` seconds of the page plus 0-15 s; ``--poll`` sets another pace), one time in ten opening another;
  a hall display (display.json every 10 s, its pages every minute, with their ETags); its referees saving the
  tables of session 9 through the real form (bench/http_load.py's save_table: log-in, csrf token, expected version,
  submission key, a quarter posted twice) every ``--referee-pause`` seconds each (default 10 s: ten referees save a
  50-table session in under a minute, the pace of a session's end); and ``--readers`` readers of the series page and
  the API (the series' ranking, a tournament's standings), one address every 5 s;
- in two phases of ``--duration`` seconds after a warm-up: "alone", where only tournament A (open-01) saves results,
  and "together", where every tournament's referees save: the isolation measure is A's phones' p95 in each and
  their ratio (target 1.25). The phones, displays and readers run through both phases.

The load comes from one process: the visitors are coroutines of one asyncio loop, the referees threads with
bench/_http.py's client; the static file's rate is measured in the same run with wrk (else the asyncio client of
bench/public_pages.py). It prints, per kind of request, the rate, p50, p95, p99 and errors, the results saved, lost
and duplicated (every accepted submission key against the rows: bench/_http_db.py verify), the static file's rate,
the isolation measure and the targets. ``--cold-burst``: also a 400-player, 12-session event (11 played) where,
five times, a referee saves a table and at once 50 viewers open its pages on new connections (p50, p95; target
p95 < 300 ms). ``--spread``: only how a burst of keep-alive connections lands on gunicorn's processes, with
TENBOU_REUSE_PORT=0 (one shared socket, before issue 33) and 1 (a socket per process), straight to gunicorn and
through nginx (past its cache), and the requests that fail while gunicorn is reloaded three times, bench/_spread.py.
"""

import argparse
import asyncio
import os
import random
import re
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _events  # noqa: E402
import _spread  # noqa: E402
import public_pages  # noqa: E402
from _http import Client, login  # noqa: E402
from _http_server import Event, Usage, free_port, manage, prepare, server_env, stop_server, verify  # noqa: E402
from http_load import save_table  # noqa: E402
from public_pages import ENCODINGS, Request, Target, choose_client, start_gunicorn, static_path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import local_nginx  # noqa: E402  (scripts/, put on the path by public_pages)

from tests.operations.redis_server import redis_program, redis_server  # noqa: E402

SESSIONS, PLAYED = 12, 8
SERIES = "bench-league"
COLD = Event("cold", 400, 12, 11)
PASSWORD = "bench-" + secrets.token_hex(8)
TARGET_P95, TARGET_RATIO = 0.300, 1.25


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=10, help="live events (0: only --cold-burst)")
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--phones", type=int, default=100, help="phones per tournament")
    parser.add_argument("--referees", type=int, default=10, help="referees per tournament")
    parser.add_argument("--readers", type=int, default=10, help="readers of the series page and the API")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of each of the two phases")
    # the phones' first requests are spread over one period of their pace (45-60 s at live.js's): a phase much
    # shorter than that sees only some of them
    parser.add_argument("--warm", type=float, default=15.0, help="seconds before the clock starts")
    parser.add_argument(
        "--poll", type=float, default=None, help="a phone's pace (default: the page's, as live.js)"
    )
    parser.add_argument(
        "--display-poll", type=float, default=10.0, help="the hall display's display.json pace"
    )
    parser.add_argument("--referee-pause", type=float, default=10.0, help="seconds between a referee's saves")
    parser.add_argument("--repost", type=float, default=0.25, help="share of saves posted twice")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--cache", choices=("redis", "locmem"), default="redis")
    parser.add_argument(
        "--client", choices=("auto", "wrk", "python"), default="auto", help="the static file's"
    )
    parser.add_argument("--no-nginx", action="store_true", help="only the pass straight to gunicorn")
    parser.add_argument("--cold-burst", action="store_true", help="also the cold burst on a 400 x 12 event")
    parser.add_argument("--cold-viewers", type=int, default=50)
    parser.add_argument("--spread", action="store_true", help="only the spread over gunicorn's processes")
    parser.add_argument("--spread-clients", type=int, default=60)
    parser.add_argument("--spread-rounds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    args.database = "postgres"  # bench/_http_server.server_env: the DATABASE_URL of scripts/with-postgres.sh
    if args.tournaments < 0 or args.phones < 0 or args.referees < 1 or args.duration <= 0:
        parser.error(
            "--tournaments and --phones must be 0 or more, --referees 1 or more, --duration positive"
        )
    return args


def slugs(count: int) -> list[str]:
    return [f"open-{n:02d}" for n in range(1, count + 1)]


def live_page(players: int):
    """A phone's page of a tournament: mostly the session being played, then the one before, the standings, ..."""

    def page(slug: str, rng: random.Random) -> str:
        draw = rng.random()
        if draw < 0.3:
            return f"/t/{slug}/sessions/{PLAYED + 1}/"
        if draw < 0.4:
            return f"/t/{slug}/sessions/{PLAYED}/"
        if draw < 0.7:
            return f"/t/{slug}/standings/"
        if draw < 0.85:
            return f"/t/{slug}/players/p{rng.randint(1, players):02d}/"
        return f"/t/{slug}/"

    return page


def main() -> None:
    args = parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        os.environ.setdefault("TENBOU_PG_PORT", "54340")
        os.execvp("bash", ["bash", str(ROOT / "scripts" / "with-postgres.sh"), sys.executable, *sys.argv])
    sys.setswitchinterval(0.001)  # the referees' threads hand the interpreter lock on quickly to the loop
    with tempfile.TemporaryDirectory(prefix="tenbou-events-") as tmp:
        if args.cache == "redis":
            if redis_program() is None:
                raise SystemExit(
                    "redis-server is not installed (apt-get install redis-server); or --cache locmem"
                )
            with redis_server(Path(tmp)) as url:
                args.cache_url = url
                run(args, Path(tmp))
        else:
            run(args, Path(tmp))


def run(args, tmp: Path) -> None:
    env = server_env(args, tmp)
    started = time.perf_counter()
    events = [
        Event(slug, args.players, SESSIONS, PLAYED) for slug in slugs(1 if args.spread else args.tournaments)
    ]
    build(env, args, events)
    print(f"prepared {len(events)} events in {time.perf_counter() - started:.0f} s", flush=True)
    if args.spread:
        return _spread.run(env, args, tmp, events[0].slug)
    port = free_port()
    server = start_gunicorn(env, args, port)
    try:
        public_pages.wait_until_up(port, server)
        referees = log_in(port, args, events)
        static = static_path(tmp / "static")
        if events:
            passes(env, args, tmp, server, port, static, referees, events)
        if args.cold_burst:
            cold_burst(port, args)
    finally:
        stop_server(server)


def build(env: dict, args, events: list[Event]) -> None:
    """The events on one database (bench/_http_server.prepare for the first), their referees, the series."""
    options = argparse.Namespace(**{**vars(args), "referees": 0})
    helper = [sys.executable, str(ROOT / "bench" / "_http_db.py")]
    for n, event in enumerate([*events, *([COLD] if args.cold_burst else [])]):
        if n == 0:
            prepare(env, options, event, PASSWORD)
        else:
            manage(env, "demo", "--players", str(event.players), "--sessions", str(event.sessions),
                   "--played", str(event.played), "--slug", event.slug, "--seed", str(2026 + n))  # fmt: skip
        count = 1 if event is COLD else args.referees
        subprocess.run([*helper, "referees", event.slug, str(count), PASSWORD, prefix(event.slug)],
                       cwd=ROOT, env=env, check=True)  # fmt: skip
    if events and not args.spread:
        subprocess.run(
            [*helper, "series", SERIES, ",".join(e.slug for e in events)], cwd=ROOT, env=env, check=True
        )


def prefix(slug: str) -> str:
    return re.sub(r"[^a-z0-9]", "", slug) + "ref"


def log_in(port: int, args, events: list[Event]) -> list[tuple[str, int, Client]]:
    """Every referee logged in through the form before the clock starts (four at a time)."""
    wanted = [(e.slug, n) for e in events for n in range(1, args.referees + 1)]
    wanted += [(COLD.slug, 1)] if args.cold_burst else []

    def one(slug_number):
        slug, number = slug_number
        client = Client(port, lambda *a: None)
        if not login(client, f"{prefix(slug)}{number:02d}", PASSWORD):
            raise SystemExit(f"referee {number} of {slug} could not log in")
        return slug, number, client

    with ThreadPoolExecutor(4) as pool:
        return list(pool.map(one, wanted))


class Saves:
    """What the referees' saves came to (http_load.save_table's ``results``), the accepted keys per tournament."""

    def __init__(self, slug: str, shared: "Saves | None" = None):
        self.slug = slug
        self.counts = Counter() if shared is None else shared.counts
        self.accepted = defaultdict(set) if shared is None else shared.accepted
        self.lock = threading.Lock() if shared is None else shared.lock

    def count(self, what: str, key: str | None = None) -> None:
        with self.lock:
            self.counts[what] += 1
            if key is not None:
                self.accepted[self.slug].add(key)


def referee(
    client: Client, args, saves: Saves, number: int, start: threading.Event, stop: threading.Event, run: str
):
    # scores of their own per tournament, referee and pass: a save with the scores the table has already is
    # answered with that version and writes no row (services/results.py), which verify would count as lost
    rng = random.Random(f"{args.seed}-{saves.slug}-{number}-{run}")
    tables = [t for t in range(1, args.players // 4 + 1) if (t - 1) % args.referees == number - 1]
    while not start.wait(0.2):
        if stop.is_set():
            return
    turn = 0
    while not stop.is_set() and tables:
        save_table(client, rng, args, saves, tables[turn % len(tables)], saves.slug, PLAYED + 1)
        turn += 1
        stop.wait(args.referee_pause * rng.uniform(0.5, 1.5))


def passes(env, args, tmp: Path, server, port: int, static: str, referees, events: list[Event]) -> None:
    client = choose_client(args.client)
    page = Client(port, lambda *a: None).request("probe", "GET", f"/t/{events[0].slug}/standings/")[2]
    found = re.search(r'data-interval="(\d+)"', page)
    interval = float(found.group(1)) if found else 45.0
    targets = [Target("gunicorn", port, False)]
    nginx = None
    if not args.no_nginx and local_nginx.nginx_program():
        nginx = local_nginx.LocalNginx(f"127.0.0.1:{port}")
        targets.append(Target("nginx micro-cache", nginx.port, True))
    shared = Saves("")
    try:
        for target in targets:
            recorder, usage = _events.Recorder(), Usage(server)
            seconds = one_pass(target, args, events, referees, recorder, shared, interval)
            used = usage.done()
            accept = {"Accept-Encoding": ENCODINGS, "Accept-Language": "en"}
            rate = public_pages.load(target, Request("static file", static, accept), 50, 6.0, client)
            report_pass(target, args, events, recorder, seconds, rate, interval)
            print(f"processor: gunicorn used {used['server_cores']:.2f} and this client {used['client_cores']:.2f} "
                  f"of {used['cpus']} cores (warm-up included); load average {used['load']:.1f}")  # fmt: skip
    finally:
        if nginx is not None:
            nginx.stop()
    check = Counter()
    for event in events:
        check.update(verify(env, event.slug, sorted(shared.accepted[event.slug]), tmp))
    print("\nreferees: " + ", ".join(f"{what} {n}" for what, n in sorted(shared.counts.items())))
    print(f"results: {check['accepted']} accepted submission keys, {check['rows_for_accepted']} rows for them; "
          f"lost {check['lost']}, duplicated {check['duplicated']} (target 0 and 0); rows whose answer never "
          f"arrived {check['unanswered_rows']}; versions written {check['versions']}")  # fmt: skip


def one_pass(target: Target, args, events, referees, recorder, shared: Saves, interval: float) -> float:
    """Both phases through ``target``; the seconds of each phase."""
    first = events[0].slug
    stop, start_a, start_others = threading.Event(), threading.Event(), threading.Event()
    threads = []
    for slug, number, client in referees:
        if slug == COLD.slug:
            continue
        client.record = recorder.for_tournament(slug)
        start = start_a if slug == first else start_others
        args_saves = (client, args, Saves(slug, shared), number, start, stop, target.name)
        threads.append(threading.Thread(target=referee, args=args_saves))
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + args.warm + 2 * args.duration
    visit = _events.Visit(target, interval, args.poll, args.display_poll, deadline)
    rng = random.Random(args.seed)
    pages = live_page(args.players)
    readers = [
        ("series page", f"/series/{SERIES}/"),
        ("api series ranking", f"/api/v1/series/{SERIES}/ranking/"),
    ]
    readers += [("api standings", f"/api/v1/tournaments/{e.slug}/standings/") for e in events]

    async def everybody() -> float:
        crowd = [_events.phone(visit, recorder, e.slug, pages, random.Random(rng.random()))
                 for e in events for _ in range(args.phones)]  # fmt: skip
        crowd += [_events.hall_display(visit, recorder, e.slug) for e in events]
        crowd += [
            _events.reader(visit, recorder, readers, random.Random(rng.random())) for _ in range(args.readers)
        ]
        running = asyncio.gather(*crowd)
        await asyncio.sleep(args.warm)
        recorder.phase = "alone"
        start_a.set()
        await asyncio.sleep(args.duration)
        recorder.phase = "together"
        start_others.set()
        await running
        return args.duration

    print(f"{target.name}: {args.warm:g} s warm-up, then two phases of {args.duration:g} s ...", flush=True)
    try:
        return asyncio.run(everybody())
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=60)


def report_pass(target: Target, args, events, recorder, seconds: float, static_rate, interval: float) -> None:
    measured = [row for row in recorder.rows if row.phase != "warm"]
    pace = (
        f"every {args.poll:g} s"
        if args.poll is not None
        else f"every {interval:g}-{interval + 15:g} s (live.js)"
    )
    print(f"\n== {target.name}: {len(events)} tournaments of {args.players} players ({SESSIONS} sessions, {PLAYED} "
          f"played), {args.phones} phones each asking {pace}, a hall display each, {args.referees} referees each "
          f"(pause {args.referee_pause:g} s), {args.readers} readers of the series and the API; gunicorn "
          f"{args.workers} x {args.threads}, PostgreSQL, cache {args.cache}; {2 * seconds:g} s measured")  # fmt: skip
    summaries = _events.by_kind(measured, 2 * seconds)
    print("\n".join(_events.table(summaries)))
    print(f"static file (public.css) in the same run: {static_rate.per_second:,.0f} requests/s "
          f"({static_rate.errors} failed)")  # fmt: skip
    first = events[0].slug
    mine = [row for row in measured if row.tournament == first and row.kind.startswith("phone")]
    alone = [row.seconds for row in mine if row.phase == "alone"]
    together = [row.seconds for row in mine if row.phase == "together"]
    p95_alone, p95_together, ratio, ok = _events.isolation(alone, together, TARGET_RATIO)
    print(f"isolation: {first}'s pages p95 {p95_alone * 1000:.0f} ms alone ({len(alone)} requests), "
          f"{p95_together * 1000:.0f} ms while the others' referees save ({len(together)}): {ratio:.2f}x "
          f"(target <= {TARGET_RATIO}: {'met' if ok else 'NOT met'})")  # fmt: skip
    if target.name == "gunicorn":
        public = [k for k in summaries if k.startswith(("phone", "hall", "series", "api"))]
        worst = max((summaries[k].p95 for k in public), default=float("nan"))
        saves = summaries.get("referee save")
        errors = sum(found.errors for found in summaries.values())
        print(f"targets through gunicorn: public pages p95 {worst * 1000:.0f} ms, referee saves p95 "
              f"{saves.p95 * 1000 if saves else float('nan'):.0f} ms (< {TARGET_P95 * 1000:.0f} ms); "
              f"errors {errors} (0)")  # fmt: skip


def cold_burst(port: int, args, rounds: int = 5) -> None:
    """Five times: a referee saves a table of the 400 x 12 event, then ``--cold-viewers`` open its pages at once."""
    client = Client(port, lambda *a: None)
    if not login(client, f"{prefix(COLD.slug)}01", PASSWORD):
        raise SystemExit("the cold event's referee could not log in")
    recorder, saves, rng = _events.Recorder(), Saves(COLD.slug), random.Random(args.seed)
    norepost = argparse.Namespace(repost=0.0)
    kinds = [f"/t/{COLD.slug}/standings/", f"/t/{COLD.slug}/", f"/t/{COLD.slug}/sessions/{COLD.played + 1}/",
             f"/t/{COLD.slug}/sessions/{COLD.played}/"]  # fmt: skip
    for round_ in range(1, rounds + 1):
        save_table(client, rng, norepost, saves, round_, COLD.slug, COLD.played + 1)
        paths = [
            kinds[i] if i < len(kinds) else f"/t/{COLD.slug}/players/p{i:02d}/"
            for i in range(args.cold_viewers)
        ]
        asyncio.run(_events.crowd(Target("gunicorn", port, False), recorder, "cold burst", paths))
        time.sleep(1)
    found = _events.summarise(recorder.rows, 1.0)
    print(f"\ncold burst ({COLD.players} x {COLD.sessions}, {COLD.played} played): {rounds} times a table saved, "
          f"then {args.cold_viewers} viewers opening its pages at once on new connections: p50 "
          f"{found.p50 * 1000:.0f} ms, p95 {found.p95 * 1000:.0f} ms, p99 {found.p99 * 1000:.0f} ms, "
          f"{found.errors} errors, saves {dict(saves.counts)} (target p95 < {TARGET_P95 * 1000:.0f} ms: "
          f"{'met' if found.p95 < TARGET_P95 else 'NOT met'})")  # fmt: skip


if __name__ == "__main__":
    os.environ["TENBOU_API_RATE"] = "1000000000"  # one address asks everything (as bench/api.py)
    main()
