"""The cold burst: right after a change, a crowd opens the live pages of a 400 x 12 event at once.

Usage: .venv/bin/python bench/cold_burst.py [--database sqlite|postgres] [--viewers 50] [--rounds 5]
                                            [--workers 3] [--threads 4] [--reuse]

Builds a fresh database with the event (``manage.py demo --players 400 --sessions 12 --played 11``; ``--reuse``:
the database of DATABASE_URL as it is, with that event under the slug ``bench``), starts gunicorn as production does
(deploy/gunicorn.conf.py, DEBUG off, the local memory cache) and, ``--rounds`` times: one service call changes the
event (a table's result of the twelfth session entered, as a referee saves it: every page's stamp changes), then
``--viewers`` readers open its pages at once, each on a new connection, without a cookie: the standings, the
tournament page, the twelfth and the eleventh session, and a player's page each for the others (p04, p05, ...), as
bench/many_events.py's ``--cold-burst`` asks them. Nothing is warmed between the change and the crowd: every page
is built by one of the crowd (the others wait for that build: operations.caching.once). Prints the time to the
whole answer per round and over all rounds: p50, p95, the slowest, by kind of page, and the processor time
gunicorn's processes spent on each burst (the work itself, less noisy on a shared machine than the times).
"""

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _http_server import Event, Usage, free_port, prepare, server_env, stop_server  # noqa: E402
from public_pages import start_gunicorn, wait_until_up  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SLUG, PLAYERS, SESSIONS, PLAYED = "bench", 400, 12, 11

# the child that changes the event: one service call per line read, as a referee's save
CHANGER = """
import random, sys, django
django.setup()
from tournament.models import Tournament
from tournament.services.results import SeatScore, enter_table_result
tournament = Tournament.objects.get(slug=sys.argv[1])
session = tournament.sessions.get(number=int(sys.argv[2]))
from tournament.selectors.changes import change_stamp
print("ready", flush=True)
for line in sys.stdin:
    table = session.tables.get(number=int(line))
    before = change_stamp(tournament)
    while change_stamp(tournament) == before:  # scores other than the table's current ones: a new version
        current = table.results.filter(is_current=True).first()
        step = random.randrange(1, 60)
        raws = {"E": 41_000, "S": 32_000, "W": 27_000 + 100 * step, "N": 20_000 - 100 * step}
        enter_table_result(actor=None, table=table, scores=[SeatScore(w, r) for w, r in raws.items()],
                           expected_version=current.version if current else 0)
    print("done", flush=True)
"""


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument(
        "--reuse", action="store_true", help="DATABASE_URL holds the event already (slug bench)"
    )
    return parser.parse_args()


def paths(viewers: int) -> list[tuple[str, str]]:
    """(kind, path) of each viewer."""
    first = [("standings", f"/t/{SLUG}/standings/"), ("tournament", f"/t/{SLUG}/"),
             ("session", f"/t/{SLUG}/sessions/{PLAYED + 1}/"), ("session", f"/t/{SLUG}/sessions/{PLAYED}/")]  # fmt: skip
    return [
        first[i] if i < len(first) else ("player", f"/t/{SLUG}/players/p{i:02d}/") for i in range(viewers)
    ]


async def one_viewer(port: int, path: str) -> tuple[float, int]:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip, br\r\nAccept-Language: en\r\n"
    writer.write((head + "Connection: close\r\n\r\n").encode("latin-1"))
    await writer.drain()
    answer = await reader.read()
    writer.close()
    return time.perf_counter() - started, int(answer.split(b" ", 2)[1])


async def crowd(port: int, wanted: list[tuple[str, str]]) -> list[tuple[float, int]]:
    return await asyncio.gather(*(one_viewer(port, path) for _kind, path in wanted))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    args = parse_args()
    if args.database == "postgres" and not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        script = ROOT / "scripts" / "with-postgres.sh"
        os.execvp("bash", ["bash", str(script), sys.executable, __file__, *sys.argv[1:]])
    with tempfile.TemporaryDirectory(prefix="tenbou-cold-") as tmp:
        options = SimpleNamespace(database=args.database, cache="locmem", referees=0)
        env = server_env(options, Path(tmp))
        if args.reuse:
            env["DATABASE_URL"] = os.environ["DATABASE_URL"]
            subprocess.run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"], cwd=ROOT,
                           env=env, check=True)  # fmt: skip
        else:
            prepare(env, options, Event(SLUG, PLAYERS, SESSIONS, PLAYED), "unused")
        changer = subprocess.Popen([sys.executable, "-c", CHANGER, SLUG, str(PLAYED + 1)], cwd=ROOT, env=env,
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip
        assert changer.stdout.readline().strip() == "ready"
        port = free_port()
        server = start_gunicorn(env, SimpleNamespace(workers=args.workers, threads=args.threads), port)
        wanted = paths(args.viewers)
        by_kind, rounds, cpus = defaultdict(list), [], []
        try:
            wait_until_up(port, server)
            asyncio.run(crowd(port, wanted))  # every process has started and imported what a page needs
            for number in range(1, args.rounds + 1):
                changer.stdin.write(f"{number}\n")
                changer.stdin.flush()
                assert changer.stdout.readline().strip() == "done"
                usage = Usage(server)
                found = asyncio.run(crowd(port, wanted))
                cpu = usage.done()["server_cores"] * (time.perf_counter() - usage.start[0])
                assert all(status == 200 for _seconds, status in found), found
                times = [seconds for seconds, _status in found]
                rounds.append(times)
                for (kind, _path), seconds in zip(wanted, times, strict=True):
                    by_kind[kind].append(seconds)
                print(f"round {number}: p50 {percentile(times, 0.5) * 1000:6.0f} ms  p95 "
                      f"{percentile(times, 0.95) * 1000:6.0f} ms  slowest {max(times) * 1000:6.0f} ms  gunicorn's processor time "
                      f"{cpu * 1000:6.0f} ms", flush=True)  # fmt: skip
                cpus.append(cpu)
                time.sleep(1)
        finally:
            stop_server(server)
            changer.stdin.close()
            changer.wait(10)
    every = [seconds for times in rounds for seconds in times]
    name = "PostgreSQL" if args.database == "postgres" else "SQLite"
    print(f"\n{name}; {PLAYERS} x {SESSIONS} ({PLAYED} played); gunicorn {args.workers} x {args.threads}, DEBUG off; "
          f"{args.rounds} rounds of a result saved, then {args.viewers} viewers at once; {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(f"all       p50 {percentile(every, 0.5) * 1000:6.0f} ms  p95 {percentile(every, 0.95) * 1000:6.0f} ms  "
          f"slowest {max(every) * 1000:6.0f} ms  (median of the rounds' p95: "
          f"{statistics.median(percentile(t, 0.95) for t in rounds) * 1000:.0f} ms)")  # fmt: skip
    print(f"gunicorn's processor time per burst: median {statistics.median(cpus) * 1000:.0f} ms (the work; on a quiet "
          f"machine of {os.cpu_count()} cores the crowd waits about that divided by the cores)")  # fmt: skip
    for kind, times in by_kind.items():
        print(
            f"{kind:<10}p50 {percentile(times, 0.5) * 1000:6.0f} ms  p95 {percentile(times, 0.95) * 1000:6.0f} ms"
        )


if __name__ == "__main__":
    main()
