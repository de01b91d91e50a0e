"""HTTP load on a production server: public viewers and referees at the same time.

Usage: .venv/bin/python bench/http_load.py [--database sqlite|postgres] [--viewers 50] [--referees 10]
                                           [--duration 60] [--workers 3] [--threads 4] [--cache locmem|db]

Builds a fresh database with a 400-player, 12-session event (``manage.py demo --players 400 --sessions 12
--played 11``), collects the static files into a temporary STATIC_ROOT and starts gunicorn with DEBUG off and a
generated secret (``gunicorn config.wsgi -w 3 --threads 4``, loopback only). Then, for ``--duration`` seconds:

- ``--viewers`` people each open a page (the tournament's, the standings, a player's page or a session's page:
  mostly the session being played, then the one before, sometimes any) and
  refresh it twice the way static/js/live.js does (If-None-Match: an unchanged page is a 304), again and again
  with ``--think`` seconds between requests (default 1 s, a person tapping through the pages; live.js itself asks
  every 30-60 s; 0: as fast as the server answers), accepting ``--encoding`` (default gzip, as a phone's browser
  over plain HTTP);
- ``--referees`` referees each log in through /accounts/login/ and enter the tables of the open session 12 (then
  corrections) through the real form: GET the table page, POST the four raw scores with the csrf token, the
  expected version and the submission key; ``--repost`` of the saves are posted a second time with the same key,
  as a phone on bad Wi-Fi does. ``--referee-pause`` seconds between saves (default 10 s: ten referees save about
  one table a second, a 100-table session in two minutes, several times faster than a hall finishes one).

Prints requests per second, p50/p95/p99 per page, and the lost or duplicated results: every accepted submission
key must have exactly one TableResult row in the database afterwards. ``--database postgres`` runs the whole
thing against a throw-away PostgreSQL cluster (scripts/with-postgres.sh; TENBOU_PG_PORT picks its port).
"""

import argparse
import os
import random
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _http import Client, form_inputs, login, percentile  # noqa: E402
from _http_server import (  # noqa: E402
    Event,
    Usage,
    free_port,
    prepare,
    server_env,
    start_server,
    stop_server,
    verify,
    wait_until_up,
)

ROOT = Path(__file__).resolve().parent.parent
SLUG, PLAYERS, SESSIONS, PLAYED = "bench", 400, 12, 11
EVENT = Event(SLUG, PLAYERS, SESSIONS, PLAYED)
OPEN_SESSION = PLAYED + 1
TABLES = PLAYERS // 4
PASSWORD = "bench-" + secrets.token_hex(8)
TARGET_P95 = 0.300
VIEWER_PAGES = ("standings", "player", "session", "tournament")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--referees", type=int, default=10)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--cache", choices=("locmem", "file", "db"), default="locmem")
    parser.add_argument(
        "--think", type=float, default=1.0, help="seconds between a viewer's requests (0: none)"
    )
    parser.add_argument("--referee-pause", type=float, default=10.0, help="seconds between a referee's saves")
    parser.add_argument("--repost", type=float, default=0.25, help="share of saves posted twice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--encoding",
        default="gzip",
        help="the viewers' Accept-Encoding (gzip: a phone over plain HTTP; identity)",
    )
    return parser.parse_args()


def main() -> None:
    args = parse_args()
    sys.setswitchinterval(0.001)  # sixty client threads: hand the interpreter lock on quickly, time fairly
    if args.database == "postgres" and not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        script = ROOT / "scripts" / "with-postgres.sh"
        os.execvp("bash", ["bash", str(script), sys.executable, __file__, *sys.argv[1:]])
    with tempfile.TemporaryDirectory(prefix="tenbou-http-") as tmp:
        env = server_env(args, Path(tmp))
        started = time.perf_counter()
        prepare(env, args, EVENT, PASSWORD)
        print(f"prepared the event in {time.perf_counter() - started:.0f} s", flush=True)
        port = free_port()
        server = start_server(env, args, port)
        try:
            wait_until_up(port, server)
            first = warm_up(port, args.workers)
            result = run_load(args, port, server)
        finally:
            stop_server(server)
        check = verify(env, SLUG, result["accepted"], Path(tmp))
    report(args, env, first, result, check)


def warm_up(port: int, workers: int) -> dict[str, float]:
    """The first request of each page after the start (it scores every table of the event in that process), then
    enough requests on new connections at once that every worker has done the same before the clock starts."""
    times = {}
    client = Client(port, lambda kind, seconds, status: times.setdefault(kind, seconds))
    for kind in VIEWER_PAGES:
        client.request(kind, "GET", page_path(kind, random.Random(0)))
    client.close()

    def once():
        Client(port, lambda *args: None).request("warm", "GET", page_path("standings", random.Random(0)))

    for _round in range(3):
        crowd = [threading.Thread(target=once) for _ in range(workers * 4)]
        for thread in crowd:
            thread.start()
        for thread in crowd:
            thread.join()
    return times


def page_path(kind: str, rng: random.Random) -> str:
    if kind == "standings":
        return f"/t/{SLUG}/standings/"
    if kind == "tournament":
        return f"/t/{SLUG}/"
    if kind == "player":
        return f"/t/{SLUG}/players/p{rng.randint(1, PLAYERS):02d}/"
    draw = rng.random()  # in the hall people look at the session being played, sometimes at the one before
    number = OPEN_SESSION if draw < 0.6 else PLAYED if draw < 0.85 else rng.randint(1, SESSIONS)
    return f"/t/{SLUG}/sessions/{number}/"


class Results:
    def __init__(self):
        self.lock = threading.Lock()
        self.times = defaultdict(list)
        self.statuses = defaultdict(Counter)
        self.accepted: set[str] = set()
        self.counts = Counter()

    def record(self, kind: str, seconds: float, status: int) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            self.statuses[kind][status] += 1

    def count(self, what: str, key: str | None = None) -> None:
        with self.lock:
            self.counts[what] += 1
            if key is not None:
                self.accepted.add(key)


def viewer(port: int, args, deadline: float, results: Results, seed: int) -> None:
    rng = random.Random(seed)
    client = Client(port, results.record, args.encoding)
    while time.monotonic() < deadline:
        kind = rng.choice(VIEWER_PAGES)
        path = page_path(kind, rng)
        status, headers, _html = client.request(kind, "GET", path)
        etag = headers.get("etag", "")
        for _ in range(2):
            if time.monotonic() >= deadline:
                break
            pause_until(deadline, args.think)
            status, headers, _html = client.request(
                f"{kind} refresh", "GET", path, headers={"If-None-Match": etag}
            )
            etag = headers.get("etag", etag)
        pause_until(deadline, args.think)
    client.close()


def pause_until(deadline: float, seconds: float) -> None:
    """Sleep, but not past the end of the run."""
    time.sleep(max(0.0, min(seconds, deadline - time.monotonic())))


def log_in_referees(port: int, args, results: Results) -> list[Client]:
    """Every referee logs in through the login form before the clock starts (a login hashes the password on
    purpose slowly: ten at once would be a burst no hall sees in the middle of a session)."""
    clients = []
    for number in range(1, args.referees + 1):
        client = Client(port, results.record)
        if not login(client, f"ref{number:02d}", PASSWORD):
            raise SystemExit(f"referee ref{number:02d} could not log in")
        clients.append(client)
    return clients


def referee(client: Client, args, deadline: float, results: Results, number: int) -> None:
    rng = random.Random(args.seed * 1000 + number)
    tables = [t for t in range(1, TABLES + 1) if (t - 1) % args.referees == number - 1]
    turn = 0
    while time.monotonic() < deadline and tables:
        table = tables[turn % len(tables)]
        turn += 1
        save_table(client, rng, args, results, table)
        pause_until(deadline, args.referee_pause * rng.uniform(0.5, 1.5))
    client.close()


def save_table(
    client: Client,
    rng: random.Random,
    args,
    results,
    table: int,
    slug: str = SLUG,
    session: int = OPEN_SESSION,
) -> None:
    """Table ``table`` of ``session`` saved through the referee's form (a first result or a correction);
    ``results`` counts what happened (``count``) and keeps the accepted submission keys."""
    path = f"/t/{slug}/referee/sessions/{session}/tables/{table}/"
    status, _headers, html = client.request("referee form", "GET", path)
    fields = form_inputs(html, "table-form")
    if status != 200 or "submission_key" not in fields:
        results.count("form missing")
        return
    body = {
        key: value for key, value in fields.items() if key.endswith(("-substitute_name", "leftover_sticks"))
    }
    body.update(
        csrfmiddlewaretoken=fields["csrfmiddlewaretoken"],
        expected_version=fields["expected_version"],
        submission_key=fields["submission_key"],
        action="save",
    )
    body.update({f"{wind}-raw": str(raw) for wind, raw in zip("ESWN", table_scores(rng), strict=True)})
    if "leftover_sticks" in fields:
        body["leftover_sticks"] = "0"
    if post_save(client, path, body, results, "referee save"):
        results.count("accepted", body["submission_key"])
        if rng.random() < args.repost:
            if post_save(client, path, body, results, "referee re-post"):
                results.count("re-post answered with the first result")
            else:
                results.count("re-post refused")
    else:
        results.count("refused (conflict or error)")


def post_save(client: Client, path: str, body: dict, results, kind: str) -> bool:
    """Saved: sent on to the session's page (a log-in page's ``?next=`` names the table's address: not saved)."""
    status, headers, _html = client.request(kind, "POST", path, body=body)
    where = urlsplit(headers.get("location", "")).path
    if status == 302 and not where.startswith("/t/"):
        results.count(f"sent to {where}")
    return status == 302 and where.startswith("/t/") and "/referee/sessions/" in where


def table_scores(rng: random.Random) -> list[int]:
    """Four raw scores, multiples of 100, adding up to 120,000, none below zero."""
    while True:
        raws = [rng.randrange(100, 500) * 100 for _ in range(3)]
        last = 120_000 - sum(raws)
        if 0 <= last <= 80_000:
            return [*raws, last]


def run_load(args, port: int, server: subprocess.Popen) -> dict:
    results = Results()
    referees = log_in_referees(port, args, Results())
    usage = Usage(server)
    deadline = time.monotonic() + args.duration
    threads = [
        threading.Thread(target=viewer, args=(port, args, deadline, results, args.seed * 10_000 + i))
        for i in range(args.viewers)
    ]
    for client in referees:
        client.record = results.record
    threads += [
        threading.Thread(target=referee, args=(client, args, deadline, results, n))
        for n, client in enumerate(referees, start=1)
    ]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=args.duration + 120)
    elapsed = time.perf_counter() - started
    return {
        "results": results,
        "elapsed": elapsed,
        "accepted": sorted(results.accepted),
        "usage": usage.done(),
    }


def report(args, env: dict, first: dict, result: dict, check: dict) -> None:
    results, elapsed = result["results"], result["elapsed"]
    total = sum(len(times) for times in results.times.values())
    database = "PostgreSQL" if env["DATABASE_URL"].startswith("postgres") else "SQLite"
    print(
        f"\ngunicorn {args.workers} workers x {args.threads} threads, DEBUG off, {database}, cache {args.cache}; "
        f"{PLAYERS} players, {SESSIONS} sessions ({PLAYED} played)"
    )
    print(
        f"{args.viewers} viewers (think {args.think:g} s, {args.encoding}), {args.referees} referees "
        f"(pause {args.referee_pause:g} s), "
        f"{elapsed:.0f} s: {total} requests, {total / elapsed:.0f} requests/s"
    )
    print("first request after the start: " + ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in first.items()))
    usage = result["usage"]
    print(
        f"processor: the server used {usage['server_cores']:.2f} and this client {usage['client_cores']:.2f} of "
        f"{usage['cpus']} cores; load average at the end {usage['load']:.1f}; "
        f"{total / max(usage['server_cores'] * elapsed, 1e-9):.0f} requests per second of the server's processor time"
    )
    print(f"\n{'page':<24}{'requests':>9}{'per s':>7}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}  statuses")
    for kind in sorted(results.times):
        times = results.times[kind]
        statuses = ", ".join(f"{code or 'failed'}: {n}" for code, n in sorted(results.statuses[kind].items()))
        print(
            f"{kind:<24}{len(times):>9}{len(times) / elapsed:>7.1f}{percentile(times, 0.5) * 1000:>8.0f}"
            f"{percentile(times, 0.95) * 1000:>8.0f}{percentile(times, 0.99) * 1000:>8.0f}  {statuses}"
        )
    print("\nreferees: " + ", ".join(f"{what} {n}" for what, n in sorted(results.counts.items())))
    print(
        f"results in the database: {check['accepted']} accepted submission keys, {check['rows_for_accepted']} rows "
        f"for them; lost {check['lost']}, duplicated {check['duplicated']}; rows whose answer was lost on the way "
        f"{check['unanswered_rows']}; versions written {check['versions']}"
    )
    viewer_kinds = [kind for kind in results.times if kind.split()[0] in VIEWER_PAGES]
    worst = max(percentile(results.times[kind], 0.95) for kind in viewer_kinds)
    ok = worst < TARGET_P95 and check["lost"] == 0 and check["duplicated"] == 0
    print(f"target (viewer pages p95 < {TARGET_P95 * 1000:.0f} ms, nothing lost or duplicated): "
          f"{'met' if ok else 'NOT met'} (worst viewer p95 {worst * 1000:.0f} ms)")  # fmt: skip


if __name__ == "__main__":
    main()
