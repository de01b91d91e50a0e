"""How a burst of keep-alive connections lands on gunicorn's processes (bench/many_events.py --spread; issue 33,
item 4). gunicorn runs with deploy/gunicorn.conf.py and an access log that names the process of each answer
(``--access-logformat pid=%(p)s``, given on the command line for this measurement only); ``clients`` connections are
opened at once and each sends the same request again as soon as the answer is read, for ``seconds``; the access
log's lines of that round are counted per process. A round is repeated with new connections each time. Then
``reloads``: how many requests fail while gunicorn replaces its processes (SIGHUP, ``systemctl reload``)."""

import asyncio
import os
import re
import signal
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import public_pages
from _events import Connection
from _http_server import free_port, stop_server
from public_pages import ENCODINGS, Request, Target, start_gunicorn

PID = re.compile(r"pid=<?(\d+)>?")
ACCESS_LOG_OPTIONS = ("--access-logfile", "-", "--access-logformat", "pid=%(p)s %(s)s")


class Round(NamedTuple):
    requests: int
    per_process: list[int]  # requests per process, largest first
    errors: int

    def shares(self) -> list[float]:
        return [n / self.requests for n in self.per_process] if self.requests else []


def per_process(lines: list[str], processes: int) -> list[int]:
    """Requests per process from the access log's lines, largest first, a process that answered none as 0."""
    counts = Counter(found.group(1) for line in lines if (found := PID.search(line)))
    ordered = sorted(counts.values(), reverse=True)
    return ordered + [0] * max(0, processes - len(ordered))


async def burst(target: Target, path: str, headers: dict[str, str], clients: int, seconds: float) -> int:
    """``clients`` keep-alive connections opened at once, each asking again as soon as it has the answer; the
    number of failed requests."""
    errors = Counter()
    deadline = time.monotonic() + seconds

    async def one() -> None:
        connection = Connection(target)
        while time.monotonic() < deadline:
            try:
                status, _found = await connection.get(path, headers)
            except Exception:
                status = 0
            errors["errors"] += status == 0 or status >= 400
        connection.close()

    await asyncio.gather(*(one() for _ in range(clients)))
    return errors["errors"]


def measure(
    target: Target, log: Path, path: str, headers: dict, clients: int, seconds: float, processes: int
):
    """One round: the burst, then its lines of the access log counted per process."""
    start = log.stat().st_size
    errors = asyncio.run(burst(target, path, headers, clients, seconds))
    time.sleep(0.3)  # the last lines reach the file
    with log.open() as text:
        text.seek(start)
        counts = per_process(text.read().splitlines(), processes)
    return Round(sum(counts), counts, errors)


def describe(rounds: list[Round], processes: int) -> list[str]:
    """Each round's shares, then the largest share's mean and the worst round (a fair spread: 1/processes)."""
    lines = [
        f"  round {n}: {found.requests} requests, per process "
        + " ".join(f"{share:.0%}" for share in found.shares())
        + (f", {found.errors} failed" if found.errors else "")
        for n, found in enumerate(rounds, start=1)
    ]
    largest = [found.shares()[0] for found in rounds if found.requests]
    if largest:
        lines.append(
            f"  busiest process's share: mean {sum(largest) / len(largest):.0%}, worst {max(largest):.0%} "
            f"(even: {1 / processes:.0%}); rounds where one process took over half: "
            f"{sum(share > 0.5 for share in largest)} of {len(largest)}"
        )
    return lines


async def reloads(
    target: Target, path: str, master: int, times: int = 3, every: float = 2.5
) -> tuple[int, int]:
    """``systemctl reload`` under load: 16 clients opening a new connection for each request, 6 on kept
    connections (they hold the stopping processes for a moment), while gunicorn's master gets SIGHUP ``times``
    times; (requests answered, requests failed)."""
    counts = Counter()
    deadline = time.monotonic() + every * (times + 1)

    async def client(fresh: bool) -> None:
        connection = Connection(target)
        while time.monotonic() < deadline:
            try:
                status, _found = await connection.get(path, {})
            except Exception:
                status = 0
            counts["failed" if status == 0 or status >= 400 else "answered"] += 1
            if fresh:
                connection.close()
            else:
                await asyncio.sleep(0.5)
        connection.close()

    async def reload() -> None:
        for _ in range(times):
            await asyncio.sleep(every)
            os.kill(master, signal.SIGHUP)

    await asyncio.gather(reload(), *(client(True) for _ in range(16)), *(client(False) for _ in range(6)))
    return counts["answered"], counts["failed"]


def run(env: dict, args, tmp: Path, slug: str) -> None:
    """The same bursts with one listening socket shared by the processes and with a socket per process."""
    print(f"\nspread of {args.spread_clients} keep-alive connections opened at once over gunicorn's {args.workers} "
          f"processes x {args.threads} threads, each asking for the standings again (a 304) as soon as answered; "
          f"{args.spread_rounds} rounds of 3 s with new connections; requests per process from the access log")  # fmt: skip
    for setting in ("0", "1"):
        port, log = free_port(), tmp / f"access-{setting}.log"
        server = start_gunicorn({**env, "TENBOU_REUSE_PORT": setting}, args, port, ACCESS_LOG_OPTIONS, log)
        nginx = None
        try:
            public_pages.wait_until_up(port, server)
            targets = [Target("gunicorn", port, False)]
            if not args.no_nginx and public_pages.local_nginx.nginx_program():
                nginx = public_pages.local_nginx.LocalNginx(f"127.0.0.1:{port}")
                targets.append(Target("nginx", nginx.port, True))
            for target in targets:
                path = f"/t/{slug}/standings/"
                etag = public_pages.ask(
                    target, Request("first", path, {"Accept-Encoding": ENCODINGS})
                ).headers["etag"]
                headers = {"If-None-Match": etag}
                if (
                    target.tls
                ):  # past nginx's micro-cache (a session cookie, unknown to Django: a reader without one)
                    headers["Cookie"] = "sessionid=bench-spread"
                # a round not counted first: each process has answered once (its first answer loads the code)
                measure(target, log, path, headers, args.spread_clients, 2.0, args.workers)
                rounds = [
                    measure(target, log, path, headers, args.spread_clients, 3.0, args.workers)
                    for _ in range(args.spread_rounds)
                ]
                print(f"\nTENBOU_REUSE_PORT={setting} ({'a socket per process' if setting == '1' else 'one shared socket'}), "
                      f"through {target.name}:")  # fmt: skip
                print("\n".join(describe(rounds, args.workers)))
            answered, failed = asyncio.run(reloads(targets[0], f"/t/{slug}/standings/", server.pid))
            print(f"three reloads (SIGHUP) under 22 clients: {answered} requests answered, {failed} failed")
        finally:
            if nginx is not None:
                nginx.stop()
            stop_server(server)
