"""The client side of bench/many_events.py: phones, hall displays and readers of the series page and the API as
coroutines of one asyncio loop (one process, one thread: the load costs the server's cores as little as a client
can), every request timed with its kind, tournament and phase; the figures and the report's lines."""

import asyncio
import random
import threading
import time
from collections import Counter
from typing import NamedTuple

from _http import percentile
from public_pages import ENCODINGS, Target, read_answer, tls_context

TIMEOUT = 30.0
DISPLAY_PAGES_SECONDS = 60  # the hall display fetches its pages again after each round (static/js/display.js)


class Row(NamedTuple):
    kind: str
    tournament: str
    phase: str
    seconds: float
    status: int


class Recorder:
    """Every request's time, status, kind, tournament and the phase the run was in when it was sent."""

    def __init__(self):
        self.rows: list[Row] = []
        self.phase = "warm"
        self.lock = threading.Lock()

    def record(self, kind: str, seconds: float, status: int, tournament: str = "", phase: str | None = None):
        with self.lock:
            self.rows.append(Row(kind, tournament, phase or self.phase, seconds, status))

    def for_tournament(self, tournament: str):
        """record(kind, seconds, status) for bench/_http.py's Client (the referees)."""
        return lambda kind, seconds, status: self.record(kind, seconds, status, tournament)


class Summary(NamedTuple):
    requests: int
    per_second: float
    p50: float
    p95: float
    p99: float
    errors: int
    statuses: Counter


def is_error(status: int) -> bool:
    """A failed request (no answer: 0) or an error answer; a 302 (a saved result) and a 304 are answers."""
    return status == 0 or status >= 400


def summarise(rows: list[Row], seconds: float) -> Summary:
    times = [row.seconds for row in rows]
    statuses = Counter(row.status for row in rows)
    return Summary(
        len(rows),
        len(rows) / seconds if seconds else 0.0,
        percentile(times, 0.50),
        percentile(times, 0.95),
        percentile(times, 0.99),
        sum(n for status, n in statuses.items() if is_error(status)),
        statuses,
    )


def by_kind(rows: list[Row], seconds: float) -> dict[str, Summary]:
    kinds = sorted({row.kind for row in rows})
    return {kind: summarise([row for row in rows if row.kind == kind], seconds) for kind in kinds}


def table(summaries: dict[str, Summary]) -> list[str]:
    """The report's lines: per kind of request its rate, p50, p95, p99 (ms), errors and statuses."""
    lines = [
        f"{'request':<22}{'count':>7}{'per s':>8}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}{'errors':>7}  statuses"
    ]
    for kind, found in summaries.items():
        statuses = ", ".join(f"{code or 'failed'}: {n}" for code, n in sorted(found.statuses.items()))
        lines.append(
            f"{kind:<22}{found.requests:>7}{found.per_second:>8.1f}{found.p50 * 1000:>8.0f}{found.p95 * 1000:>8.0f}"
            f"{found.p99 * 1000:>8.0f}{found.errors:>7}  {statuses}"
        )
    return lines


def isolation(alone: list[float], together: list[float], target: float) -> tuple[float, float, float, bool]:
    """Tournament A's p95 alone and while the others work, their ratio, and whether it is within ``target``."""
    first, second = percentile(alone, 0.95), percentile(together, 0.95)
    ratio = second / first if first else float("nan")
    return first, second, ratio, ratio <= target


class Connection:
    """One visitor's keep-alive connection (TLS to nginx). A kept connection the server closed meanwhile fails
    at once; the request is sent again on a new one, as a browser does (once)."""

    def __init__(self, target: Target):
        self.target = target
        self.streams = None

    async def get(self, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str]]:
        head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: {ENCODINGS}\r\nAccept-Language: en\r\n"
        data = (head + "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n").encode("latin-1")
        for attempt in (1, 2):
            reused = self.streams is not None
            try:
                return await asyncio.wait_for(self._send(data), TIMEOUT)
            except (OSError, EOFError, ValueError, IndexError, asyncio.IncompleteReadError, TimeoutError):
                self.close()
                if not reused or attempt == 2:
                    raise

    async def _send(self, data: bytes) -> tuple[int, dict[str, str]]:
        if self.streams is None:
            context = tls_context() if self.target.tls else None
            self.streams = await asyncio.open_connection("127.0.0.1", self.target.port, ssl=context)
        reader, writer = self.streams
        writer.write(data)
        await writer.drain()
        status, found = await read_answer(reader)
        if found.get("connection", "").lower() == "close":
            self.close()
        return status, found

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


async def timed(connection: Connection, recorder: Recorder, kind: str, tournament: str, path: str, etag: str):
    """GET ``path`` (with If-None-Match when ``etag``), recorded; the answer's ETag (or the one sent)."""
    headers = {"If-None-Match": etag} if etag else {}
    phase = recorder.phase
    start = time.perf_counter()
    try:
        status, found = await connection.get(path, headers)
    except Exception:  # any failure is an error of the run, counted, never the end of the visitor
        status, found = 0, {}
    recorder.record(kind, time.perf_counter() - start, status, tournament, phase)
    return found.get("etag", etag)


async def pause(seconds: float, deadline: float) -> None:
    await asyncio.sleep(max(0.0, min(seconds, deadline - time.monotonic())))


class Visit(NamedTuple):
    """What the visitors of one run do: the pages of each tournament (``pages(slug, rng)`` gives a path), how
    often a phone asks again (None: as static/js/live.js does, ``interval`` + 0-15 s), the display's poll."""

    target: Target
    interval: float
    poll: float | None
    display_poll: float
    deadline: float


async def phone(visit: Visit, recorder: Recorder, slug: str, pages, rng: random.Random) -> None:
    """Opens one live page, then asks for it again with its ETag (live.js) at its pace; one time in ten it opens
    another page instead (a tap)."""
    connection = Connection(visit.target)
    # the phones arrive over one period of their pace, so their requests are spread evenly over the run from the
    # start (in a hall they are out of step), and each phase has as many as the other
    period = visit.poll if visit.poll is not None else visit.interval + 15
    await pause(rng.uniform(0, period), visit.deadline)
    path, etag = pages(slug, rng), ""
    while time.monotonic() < visit.deadline:
        etag = await timed(connection, recorder, "phone poll" if etag else "phone open", slug, path, etag)
        wait = visit.poll if visit.poll is not None else visit.interval + rng.uniform(0, 15)
        await pause(wait * rng.uniform(0.8, 1.2) if visit.poll is not None else wait, visit.deadline)
        if rng.random() < 0.1:
            path, etag = pages(slug, rng), ""
    connection.close()


async def hall_display(visit: Visit, recorder: Recorder, slug: str) -> None:
    """display.json every few seconds and the pages after each round, both with the ETag it has."""
    connection = Connection(visit.target)
    config, shown, last_pages = "", "", 0.0
    while time.monotonic() < visit.deadline:
        config = await timed(
            connection, recorder, "hall display.json", slug, f"/t/{slug}/display.json", config
        )
        if time.monotonic() - last_pages >= DISPLAY_PAGES_SECONDS:
            last_pages = time.monotonic()
            shown = await timed(connection, recorder, "hall pages", slug, f"/t/{slug}/display/pages/", shown)
        await pause(visit.display_poll, visit.deadline)
    connection.close()


async def reader(
    visit: Visit, recorder: Recorder, addresses: list[tuple[str, str]], rng: random.Random
) -> None:
    """A reader of the series page and the API: one of ``addresses`` (kind, path) every 5 s, with its ETag."""
    connection = Connection(visit.target)
    etags: dict[str, str] = {}
    await pause(rng.uniform(0, 5), visit.deadline)
    while time.monotonic() < visit.deadline:
        kind, path = rng.choice(addresses)
        etags[path] = await timed(connection, recorder, kind, "", path, etags.get(path, ""))
        await pause(rng.uniform(4, 6), visit.deadline)
    connection.close()


async def crowd(target: Target, recorder: Recorder, kind: str, paths: list[str]) -> None:
    """One first visit of each path at once, each on its own new connection (the cold burst)."""

    async def one(path: str) -> None:
        connection = Connection(target)
        await timed(connection, recorder, kind, "", path, "")
        connection.close()

    await asyncio.gather(*(one(path) for path in paths))
