"""A series' ranking: 50 tournaments of 100 players (about 2,000 people by EMA number), computed cold and warm, and
its public page against a static file through the production server, in one run (issue 30, "Speed").

Usage: .venv/bin/python bench/series.py [--tournaments 50] [--players 100] [--people 2000] [--sessions 4]
                                        [--clients 50] [--duration 10] [--client auto|wrk|python]
                                        [--workers 3] [--threads 4]

Builds a fresh SQLite database (``--setup`` below, through the archive importer: each tournament 100 people drawn
from the pool, 4 sessions, a last day a fortnight after the one before) and one MERS series of them all. Then

- the ranking computed in this process: cold (nothing remembered: each tournament's standings, base ranks and
  weight built, selectors.series.tournament_entry) and warm (every tournament unchanged: its change stamp read and
  its figures taken from the memo), the median of 5 each, with the number of SQL queries;
- gunicorn started as production starts it (deploy/gunicorn.conf.py, DEBUG off; bench/public_pages.py's helpers),
  and for ``--clients`` concurrent clients the static file (public.css), the series page as a first visit, and its
  304 revalidation (If-None-Match), the read API's ranking (/api/v1/series/SLUG/ranking/) and its 304 with the
  same targets, and for reference a tournament's standings 304 (bench-00), each the median of
  three runs: requests per second and the ratio to the static file (targets: the page at least 0.2, the 304 at
  least 0.3). wrk takes whole seconds: give ``--duration`` a multiple of 3.
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _http_server import free_port, manage, server_env, stop_server  # noqa: E402
from public_pages import (  # noqa: E402
    ENCODINGS,
    Request,
    Target,
    ask,
    choose_client,
    load,
    start_gunicorn,
    static_path,
    wait_until_up,
)

ROOT = Path(__file__).resolve().parent.parent
SERIES = "bench-series"
PAGE_TARGET, NOT_MODIFIED_TARGET = 0.2, 0.3


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=50)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--people", type=int, default=2000)
    parser.add_argument("--sessions", type=int, default=4)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--duration", type=float, default=15.0, help="seconds of each measurement")
    parser.add_argument("--client", choices=("auto", "wrk", "python"), default="auto")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument(
        "--setup", action="store_true", help=argparse.SUPPRESS
    )  # the child that builds the data
    parser.add_argument("--compute", action="store_true", help=argparse.SUPPRESS)  # the child that times it
    return parser.parse_args()


def archive(index: int, args, rng: random.Random, first_day: date) -> dict:
    people = rng.sample(range(args.people), args.players)
    keys = [f"p{n:04d}" for n in people]
    day = first_day + timedelta(days=14 * index)
    data = {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {
            "slug": f"bench-{index:02d}",
            "name": f"Bench open {index + 1}",
            "start_date": day.isoformat(),
            "end_date": day.isoformat(),
        },
        "players": [
            {
                "key": key,
                "first_name": "Player",
                "last_name": key,
                "ema_id": f"{10_000_000 + n:08d}",
                "country": "NED",
            }
            for key, n in zip(keys, people, strict=True)
        ],
        "sessions": [],
        "penalties": [],
    }
    for number in range(1, args.sessions + 1):
        order = rng.sample(keys, len(keys))
        tables = []
        for t in range(len(keys) // 4):
            raws = [30_000 + rng.randrange(-150, 150) * 100 for _ in range(3)]
            raws.append(120_000 - sum(raws))
            seats = [
                {"wind": w, "player": p, "score": r}
                for w, p, r in zip("ESWN", order[4 * t : 4 * t + 4], raws, strict=True)
            ]
            tables.append({"number": t + 1, "seats": seats})
        data["sessions"].append({"number": number, "tables": tables})
    return data


def setup(args) -> None:
    """In the child process, on the server's database: the tournaments and the series."""
    import django

    django.setup()
    from tournament.services.archive_import import import_archive
    from tournament.services.series import add_tournaments, create_series

    rng = random.Random(30)
    first_day = date.today() - timedelta(days=14 * args.tournaments)
    tournaments = [
        import_archive(actor=None, data=archive(i, args, rng, first_day)) for i in range(args.tournaments)
    ]
    series = create_series(actor=None, slug=SERIES, name="Bench ranking", rule="mers")
    add_tournaments(actor=None, series=series, tournaments=tournaments)


def compute() -> None:
    """In the child process: the ranking cold and warm, the median of 5 each, and its queries."""
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournament.models import Series
    from tournament.selectors import memo
    from tournament.selectors.series import series_ranking

    series = Series.objects.get(slug=SERIES)
    cold, warm = [], []
    for _ in range(5):
        memo.forget_all()
        with CaptureQueriesContext(connection) as cold_queries:
            start = time.perf_counter()
            ranking = series_ranking(series)
            cold.append(time.perf_counter() - start)
        with CaptureQueriesContext(connection) as warm_queries:
            start = time.perf_counter()
            series_ranking(series)
            warm.append(time.perf_counter() - start)
    people = len(ranking.rows) + len(ranking.unranked)
    print(f"ranking of {len(ranking.tournaments)} tournaments, {people} people ({len(ranking.rows)} ranked):")
    print(
        f"  cold  {statistics.median(cold) * 1000:8.0f} ms  {len(cold_queries.captured_queries):4d} queries"
    )
    print(
        f"  warm  {statistics.median(warm) * 1000:8.0f} ms  {len(warm_queries.captured_queries):4d} queries"
    )


def main() -> None:
    args = parse_args()
    if args.setup:
        return setup(args)
    if args.compute:
        return compute()
    client = choose_client(args.client)
    with tempfile.TemporaryDirectory(prefix="tenbou-series-") as tmp:
        env = server_env(SimpleNamespace(database="sqlite", cache="locmem"), Path(tmp))
        started = time.perf_counter()
        manage(env, "migrate", "--no-input", "-v", "0")
        child = [sys.executable, __file__, *sys.argv[1:]]
        subprocess.run([*child, "--setup"], cwd=ROOT, env=env, check=True)
        manage(env, "collectstatic", "--no-input", "-v", "0")
        print(
            f"prepared {args.tournaments} tournaments of {args.players} in {time.perf_counter() - started:.0f} s"
        )
        subprocess.run([*child, "--compute"], cwd=ROOT, env=env, check=True)
        static = static_path(Path(tmp) / "static")
        port = free_port()
        server = start_gunicorn(env, args, port)
        try:
            wait_until_up(port, server)
            measure(Target("gunicorn", port, False), static, args, client)
        finally:
            stop_server(server)


def measure(target: Target, static: str, args, client: str) -> None:
    accept = {"Accept-Encoding": ENCODINGS, "Accept-Language": "en"}
    page = Request("series page", f"/series/{SERIES}/", accept)
    start = time.perf_counter()
    first = ask(target, page)
    print(
        f"first rendering of the page (cold in that process): {(time.perf_counter() - start) * 1000:.0f} ms"
    )
    assert first.status == 200, first
    api = Request("API ranking", f"/api/v1/series/{SERIES}/ranking/", accept)
    api_etag = ask(target, api).headers["etag"]
    standings = Request("standings 304", "/t/bench-00/standings/", accept)
    standings = standings._replace(
        headers={**accept, "If-None-Match": ask(target, standings).headers["etag"]}
    )
    requests = [
        Request("static file", static, accept),
        page,
        Request("series page 304", page.path, {**accept, "If-None-Match": first.headers["etag"]}),
        api,  # the read API's ranking (views/api/series.py): the same targets as the page
        Request("API ranking 304", api.path, {**accept, "If-None-Match": api_etag}),
        standings,  # for reference: a tournament page's 304 on the same machine, same run
    ]
    for request in requests:  # every worker renders and keeps the page before the clock starts
        for _ in range(3 * args.workers):
            ask(target, request)
    rates = {}
    print(f"{args.clients} clients, {client}, median of three runs of {args.duration / 3:g} s:")
    for request in requests:
        answer = ask(target, request)
        result = load(target, request, args.clients, args.duration, client)
        rates[request.kind] = result.per_second
        ratio = result.per_second / rates["static file"]
        target_text = {
            "series page": PAGE_TARGET,
            "series page 304": NOT_MODIFIED_TARGET,
            "API ranking": PAGE_TARGET,
            "API ranking 304": NOT_MODIFIED_TARGET,
        }.get(request.kind)
        verdict = (
            ""
            if target_text is None
            else f"  target >= {target_text}: {'ok' if ratio >= target_text else 'MISSED'}"
        )
        print(f"  {request.kind:16s} {result.per_second:8.0f}/s  {ratio:5.2f} of static  status {answer.status}  "
              f"{answer.wire_bytes:6d} B  errors {result.errors}{verdict}")  # fmt: skip
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    # one address asks everything: the API's rate limit counts every request (its cost is in the figures) and
    # never refuses one (as bench/api.py)
    os.environ["TENBOU_API_RATE"] = "1000000000"
    main()
