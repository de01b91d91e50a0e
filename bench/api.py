"""The read API's standings against a static file, side by side in one run, through the production server (and
nginx's micro-cache in front of it when nginx is installed): bench/public_pages.py's measurement with the API's
addresses (issue 30, "Speed": each answer at least 0.2 of the static file's rate, a 304 at least 0.3).

Usage: .venv/bin/python bench/api.py [--clients 50,200] [--duration 10] [--client auto|wrk|python]
                                     [--workers 3] [--threads 4] [--no-nginx]
(on SQLite; bench/public_pages.py's --database re-runs that script, so it is not offered here)

The same 400-player, 12-session event (11 played) and gunicorn as bench/public_pages.py. For each concurrency it
measures, as a first visit (no cookie, ``Accept-Encoding: gzip, br``): the static file (public.css, the floor), the
API's standings (/api/v1/tournaments/bench/standings/, the JSON of ``standings bench --format json``), the
API's 304 (If-None-Match with the ETag the first answer gave), a played session and a player of the API, and the
public standings page for comparison. The bench is one address: the server runs with TENBOU_API_RATE=1000000000,
so the rate limit counts every request (its cost is in the figures) and never refuses one. The last lines say
whether the targets hold.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import public_pages  # noqa: E402
from public_pages import ENCODINGS, PLAYED, SLUG, Request, ask  # noqa: E402

API = f"/api/v1/tournaments/{SLUG}"
PAGES = {
    "api standings": f"{API}/standings/",
    "api session": f"{API}/sessions/{PLAYED}/",
    "api player": f"{API}/players/p01/",
    "standings page": f"/t/{SLUG}/standings/",
}
TARGETS = {"api standings": 0.2, "api 304": 0.3, "api session": 0.2, "api player": 0.2}


def requests_for(target, static: str) -> list[Request]:
    """The static file, the API's standings and their 304, the other answers."""
    accept = {"Accept-Encoding": ENCODINGS, "Accept-Language": "en"}
    found = [Request("static file", static, accept), Request("api standings", PAGES["api standings"], accept)]
    first = ask(target, found[1])
    assert first.status == 200 and not first.headers.get("set-cookie"), first
    again = {**accept, "If-None-Match": first.headers.get("etag", '"none"')}
    found.append(Request("api 304", PAGES["api standings"], again))
    found += [Request(kind, path, accept) for kind, path in PAGES.items() if kind != "api standings"]
    return found


def report(args, database, client, clients, results) -> None:
    shown(args, database, client, clients, results)
    for target, found in results.items():
        for kind, floor in TARGETS.items():
            for n in clients:
                rate = found["loads"][kind, n].per_second / found["loads"]["static file", n].per_second
                verdict = "holds" if rate >= floor else "MISSED"
                print(
                    f"{target.name}, {n} clients: {kind} {rate:.2f} of the static file (target {floor}): {verdict}"
                )


shown = public_pages.report
public_pages.requests_for = requests_for
public_pages.report = report

if __name__ == "__main__":
    os.environ["TENBOU_API_RATE"] = "1000000000"  # the server's environment (bench/_http_server.server_env)
    public_pages.run_here(public_pages.parse_args(), "sqlite")
