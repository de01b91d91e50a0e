"""Public pages against a static file, side by side in one run, through the production server and through nginx's
micro-cache.

Usage: .venv/bin/python bench/public_pages.py [--database sqlite|postgres|both] [--clients 50,200] [--duration 10]
                                              [--client auto|wrk|python] [--workers 3] [--threads 4] [--no-nginx]

Builds a fresh database with a 400-player, 12-session event (``manage.py demo --players 400 --sessions 12 --played
11``), collects the static files and starts gunicorn as production does (``deploy/gunicorn.conf.py``, DEBUG off, a
generated secret, loopback only). Then, for each concurrency of ``--clients`` and each of

- a static file (public.css under its hashed name, served by WhiteNoise: the floor of what this server can do),
- the standings, the tournament page, a player's page, a played session's page, the team ranking, the
  newcomers' (category) ranking and the prize list (the demo's side rankings and prizes), and what the hall
  display's screen fetches (its pages, every kind shown, and display.json), each as a first visit: no cookie,
- a 304 revalidation of the standings (If-None-Match with the page's ETag, and the cookie the page set, if any,
  as static/js/live.js sends them),

it runs ``--duration`` seconds of keep-alive requests from that many clients, all with ``Accept-Encoding: gzip, br``
(in three runs with new connections each, the median taken: see ``load``; each run of a page right after a run
of the static file, its ratio the median of the three pairs': see ``measure``), and prints requests per second, the
ratio to the static file at the same concurrency, the status and the bytes on the
wire of one answer (status line, headers and body as sent). The same again through nginx with deploy/nginx.conf
(scripts/local_nginx.py: TLS on the loopback) in front of the same gunicorn, with what its cache did (X-Cache-Status)
when nginx is installed. ``--client``: wrk (Debian's ``wrk``) when installed, else an asyncio client in this process
(which shares the two cores with the server, so its figures are lower). ``--database postgres`` runs against a
throw-away PostgreSQL cluster (scripts/with-postgres.sh); ``both`` runs SQLite, then PostgreSQL.
"""

import argparse
import asyncio
import functools
import http.client
import json
import os
import re
import shutil
import ssl
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _http_server import Event, free_port, prepare, server_env, stop_server  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import local_nginx  # noqa: E402

SLUG, PLAYERS, SESSIONS, PLAYED = "bench", 400, 12, 11
RUNS = 3  # each measurement: the median of this many runs (load)
EVENT = Event(SLUG, PLAYERS, SESSIONS, PLAYED)
ENCODINGS = "gzip, br"


def public_pages(slug: str, played: int) -> dict[str, str]:
    """Each public page of the demo event (``manage.py demo``: teams, countries and newcomers shown, prizes), the
    standings first (the 304 row revalidates it), and what the hall display's screen fetches (static/js/display.js;
    the demo saves no choice, so it shows every page: selectors.hall.hall_display)."""
    return {
        "standings": f"/t/{slug}/standings/",
        "tournament": f"/t/{slug}/",
        "player": f"/t/{slug}/players/p01/",
        "session": f"/t/{slug}/sessions/{played}/",
        "team ranking": f"/t/{slug}/rankings/team/",
        "newcomer ranking": f"/t/{slug}/rankings/category/newcomer/",
        "prizes": f"/t/{slug}/prizes/",
        "display pages": f"/t/{slug}/display/pages/",
        "display.json": f"/t/{slug}/display.json",
    }


PAGES = public_pages(SLUG, PLAYED)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--clients", default="50,200", help="concurrent clients, comma separated")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds of each measurement")
    parser.add_argument("--client", choices=("auto", "wrk", "python"), default="auto")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--no-nginx", action="store_true", help="only the production server itself")
    return parser.parse_args()


class Target(NamedTuple):
    """Where the requests go: gunicorn itself, or nginx in front of it (TLS)."""

    name: str
    port: int
    tls: bool


class Request(NamedTuple):
    kind: str
    path: str
    headers: dict[str, str]


class Answer(NamedTuple):
    status: int
    wire_bytes: int
    encoding: str
    cache: str
    headers: dict[str, str]


class Load(NamedTuple):
    per_second: float
    requests: int
    errors: int


def main() -> None:
    args = parse_args()
    if args.database == "both":
        run_here(args, "sqlite")
        command = [sys.executable, __file__, *without_database(sys.argv[1:]), "--database", "postgres"]
        sys.exit(subprocess.call(["bash", str(ROOT / "scripts" / "with-postgres.sh"), *command]))
    if args.database == "postgres" and not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        script = ROOT / "scripts" / "with-postgres.sh"
        os.execvp("bash", ["bash", str(script), sys.executable, __file__, *sys.argv[1:]])
    run_here(args, args.database)


def without_database(argv: list[str]) -> list[str]:
    kept, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--database":
            skip = True
        elif not arg.startswith("--database="):
            kept.append(arg)
    return kept


def run_here(args, database: str) -> None:
    client = choose_client(args.client)
    clients = [int(n) for n in args.clients.split(",")]
    with tempfile.TemporaryDirectory(prefix="tenbou-public-") as tmp:
        options = SimpleNamespace(database=database, cache="locmem", referees=0)
        env = server_env(options, Path(tmp))  # SQLite in tmp, or the DATABASE_URL of with-postgres.sh
        started = time.perf_counter()
        prepare(env, options, EVENT, "unused")
        print(f"prepared the event in {time.perf_counter() - started:.0f} s", flush=True)
        static = static_path(Path(tmp) / "static")
        port = free_port()
        server = start_gunicorn(env, args, port)
        nginx = None
        try:
            wait_until_up(port, server)
            targets = [Target("gunicorn", port, False)]
            if not args.no_nginx and local_nginx.nginx_program():
                nginx = local_nginx.LocalNginx(f"127.0.0.1:{port}")
                targets.append(Target("nginx micro-cache", nginx.port, True))
            elif not args.no_nginx:
                print("nginx is not installed (apt-get install nginx): only the production server itself")
            results = {target: measure(target, static, clients, args.duration, client) for target in targets}
        finally:
            if nginx is not None:
                nginx.stop()
            stop_server(server)
    report(args, database, client, clients, results)


def choose_client(wanted: str) -> str:
    has_wrk = shutil.which("wrk") is not None
    if wanted == "wrk" and not has_wrk:
        raise SystemExit("wrk is not installed (apt-get install wrk)")
    return "wrk" if wanted == "wrk" or (wanted == "auto" and has_wrk) else "python"


def static_path(root: Path) -> str:
    """public.css under the hashed name collectstatic gave it (what a page links to)."""
    manifest = json.loads((root / "staticfiles.json").read_text())
    return "/static/" + manifest["paths"]["css/public.css"]


def start_gunicorn(env: dict, args, port: int, options=(), log: Path | None = None) -> subprocess.Popen:
    """gunicorn with deploy/gunicorn.conf.py, as scripts/serve.sh starts it (its access log included).
    ``options``: more command-line settings (they take precedence over the file's); ``log``: a file for what it
    writes on its standard output (the access log), else dropped."""
    served = {**env, "TENBOU_BIND": f"127.0.0.1:{port}", "TENBOU_WORKERS": str(args.workers),
              "TENBOU_THREADS": str(args.threads)}  # fmt: skip
    command = [sys.executable, "-m", "gunicorn", "--config", "deploy/gunicorn.conf.py", *options]
    out = subprocess.DEVNULL if log is None else log.open("w")
    try:
        return subprocess.Popen(command, cwd=ROOT, env=served, stdout=out,
                                stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
    finally:
        if log is not None:
            out.close()


def wait_until_up(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("gunicorn stopped while starting")
        try:
            if ask(Target("gunicorn", port, False), Request("probe", "/healthz", {})).status == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise SystemExit("gunicorn did not answer within 60 s")


@functools.cache
def tls_context() -> ssl.SSLContext:
    """One client context for every connection (nginx's self-signed certificate accepted): making one per
    connection reads the system's certificates each time, which at 200 clients took the whole run."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    return context


def ask(target: Target, request: Request) -> Answer:
    """One request on a new connection; the answer's size as it went over the wire (before TLS)."""
    if target.tls:
        conn = http.client.HTTPSConnection("127.0.0.1", target.port, timeout=60, context=tls_context())
    else:
        conn = http.client.HTTPConnection("127.0.0.1", target.port, timeout=60)
    try:
        conn.request("GET", request.path, headers={"Host": "127.0.0.1", **request.headers})
        response = conn.getresponse()
        body = response.read()
    finally:
        conn.close()
    head = f"HTTP/1.1 {response.status} {response.reason}\r\n" + "".join(
        f"{name}: {value}\r\n" for name, value in response.getheaders()
    )
    headers = {name.lower(): value for name, value in response.getheaders()}
    headers["set-cookie"] = ", ".join(response.headers.get_all("Set-Cookie") or [])
    return Answer(
        response.status,
        len(head.encode("latin-1")) + 2 + len(body),
        headers.get("content-encoding", "-"),
        headers.get("x-cache-status", ""),
        headers,
    )


def requests_for(target: Target, static: str) -> list[Request]:
    """The static file, the pages as a first visit, and the standings' revalidation with what a first visit got."""
    accept = {"Accept-Encoding": ENCODINGS, "Accept-Language": "en"}
    found = [Request("static file", static, accept)]
    found += [Request(kind, path, accept) for kind, path in PAGES.items()]
    first = ask(target, found[1])
    again = {**accept, "If-None-Match": first.headers.get("etag", '"none"')}
    cookies = re.findall(r"(?:^|, )(\w+=[^;,]*)", first.headers.get("set-cookie", ""))
    if cookies:
        again["Cookie"] = "; ".join(cookies)
    found.append(Request("standings 304", found[1].path, again))
    return found


def measure(target: Target, static: str, clients: list[int], duration: float, client: str) -> dict:
    """Each page in RUNS runs, each run right after a run of the static file: a page's ratio is the median of its
    runs' ratios to the static file's run before it (``paired``), so that the machine's pace, which drifts over
    the minutes of a bench (other work on the host, the load average of the preparation), weighs the same on both
    sides. The static file's rate is the median of all its runs."""
    requests = requests_for(target, static)
    for request in requests:  # every page rendered and kept once before the clock starts
        for _ in range(3):
            ask(target, request)
    answers = {request.kind: ask(target, request) for request in requests}
    floor, pages = requests[0], requests[1:]
    loads, ratios = {}, {}
    for count in clients:
        statics = []
        for request in pages:
            print(f"  {target.name}: {request.kind}, {count} clients ...", file=sys.stderr, flush=True)
            runs, paired = paired_runs(target, floor, request, count, duration, client)
            statics += [static_run for static_run, _page_run in runs]
            loads[request.kind, count] = _median([page_run for _static_run, page_run in runs])
            ratios[request.kind, count] = paired
        loads[floor.kind, count] = _median(statics)
        ratios[floor.kind, count] = 1.0
    return {"answers": answers, "loads": loads, "ratios": ratios, "kinds": [r.kind for r in requests]}


def paired_runs(target: Target, floor: Request, request: Request, clients: int, duration: float, client: str):
    """RUNS pairs of runs of ``duration / RUNS`` seconds (the static file, then the page, new connections each) and
    the median of the pairs' ratios."""
    runs = []
    for _ in range(RUNS):
        static_run = _one_load(target, floor, clients, duration / RUNS, client)
        runs.append((static_run, _one_load(target, request, clients, duration / RUNS, client)))
    ratios = sorted(
        page.per_second / static.per_second if static.per_second else 0.0 for static, page in runs
    )
    return runs, ratios[len(ratios) // 2]


def _median(runs: list[Load]) -> Load:
    ordered = sorted(runs)
    return Load(
        ordered[len(ordered) // 2].per_second, sum(r.requests for r in runs), sum(r.errors for r in runs)
    )


def load(target: Target, request: Request, clients: int, duration: float, client: str) -> Load:
    """The median of RUNS runs of ``duration / RUNS`` seconds, each with new connections. gunicorn's processes each
    accept the connections they can, and keep-alive connections stay where they landed: a run whose connections
    all landed in one process measures that process alone (one core of two, about a third of the rate; measured
    once in 15 runs of the same page). New connections each run make that one run of three, not the figure."""
    return _median([_one_load(target, request, clients, duration / RUNS, client) for _ in range(RUNS)])


def _one_load(target: Target, request: Request, clients: int, duration: float, client: str) -> Load:
    if client == "wrk":
        return wrk(target, request, clients, duration)
    return asyncio.run(python_load(target, request, clients, duration))


def wrk(target: Target, request: Request, clients: int, duration: float) -> Load:
    scheme = "https" if target.tls else "http"
    seconds = max(1, round(duration))  # wrk takes whole seconds ("3.33333s" is refused)
    command = ["wrk", "-t", "2", "-c", str(clients), "-d", f"{seconds}s", "--timeout", "10s"]
    for name, value in {"Host": "127.0.0.1", **request.headers}.items():
        command += ["-H", f"{name}: {value}"]
    command.append(f"{scheme}://127.0.0.1:{target.port}{request.path}")
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    per_second = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    total = int(re.search(r"(\d+) requests in", out).group(1))
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    non_ok = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return Load(per_second, total, errors + (int(non_ok.group(1)) if non_ok else 0))


async def python_load(target: Target, request: Request, clients: int, duration: float) -> Load:
    """``clients`` keep-alive connections, each sending the request again as soon as the answer is read."""
    head = f"GET {request.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n" + "".join(
        f"{name}: {value}\r\n" for name, value in request.headers.items()
    )
    data = (head + "\r\n").encode("latin-1")
    counts = Counter()
    deadline = time.monotonic() + duration
    started = time.perf_counter()
    await asyncio.gather(*(_one_client(target, data, deadline, counts) for _ in range(clients)))
    elapsed = time.perf_counter() - started
    return Load(counts["ok"] / elapsed, counts["ok"], counts["errors"])


async def _one_client(target: Target, data: bytes, deadline: float, counts: Counter) -> None:
    context = tls_context() if target.tls else None
    conn = None
    while time.monotonic() < deadline:
        try:
            if conn is None:
                conn = await asyncio.open_connection("127.0.0.1", target.port, ssl=context)
            reader, writer = conn
            writer.write(data)
            await writer.drain()
            status, headers = await read_answer(reader)
            close = headers.get("connection", "").lower() == "close"
            counts["ok" if status < 400 else "errors"] += 1
            if close:
                writer.close()
                conn = None
        except (OSError, asyncio.IncompleteReadError):
            counts["errors"] += 1
            conn = None
    if conn is not None:
        conn[1].close()


async def read_answer(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    """The status and the headers (lower-case names) of one answer, its body read and dropped."""
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
    status = int(head[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in head[1:] if line)}
    if headers.get("transfer-encoding") == "chunked":
        while size := int((await reader.readline()).split(b";")[0], 16):
            await reader.readexactly(size + 2)
        await reader.readline()
    elif status != 304:
        await reader.readexactly(int(headers.get("content-length", "0")))
    return status, headers


def report(args, database: str, client: str, clients: list[int], results: dict) -> None:
    name = "PostgreSQL" if database == "postgres" else "SQLite"
    tool = "wrk (2 threads)" if client == "wrk" else "an asyncio client in this process"
    print(
        f"\n{name}; gunicorn with deploy/gunicorn.conf.py, {args.workers} processes x {args.threads} threads, DEBUG "
        f"off; {PLAYERS} players, {SESSIONS} sessions ({PLAYED} played); {tool}, {args.duration:g} s each (the "
        f"median of {RUNS} runs of {args.duration / RUNS:.1f} s with new connections, each after a run of the static "
        f"file: the ratio is the median of the {RUNS} pairs'), "
        f"Accept-Encoding: {ENCODINGS}; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}"
    )
    for target, found in results.items():
        print(f"\n{target.name}")
        header = f"{'what':<16}{'status':>7}{'bytes':>9} {'encoding':<9}"
        header += "".join(f"{f'{n} clients /s':>16}{'ratio':>7}" for n in clients)
        print(header + ("  cache" if target.tls else ""))
        for kind in found["kinds"]:
            answer = found["answers"][kind]
            line = f"{kind:<16}{answer.status:>7}{answer.wire_bytes:>9,} {answer.encoding:<9}"
            for n in clients:
                measured, ratio = found["loads"][kind, n], found["ratios"][kind, n]
                errors = f" ({measured.errors} failed)" if measured.errors else ""
                line += f"{measured.per_second:>16,.0f}{ratio:>7.2f}{errors}"
            print(line + (f"  {answer.cache}" if target.tls else ""))


if __name__ == "__main__":
    main()
