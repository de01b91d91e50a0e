"""A day's pack of a 400-player event made by the worker: its speed against WeasyPrint's plain page, its peak memory
and the progress the job's page shows while it is made.

Usage: .venv/bin/python bench/day_pack.py [--players 400] [--sessions 12] [--plain-pages 60]
       (a throw-away SQLite database unless DATABASE_URL is set)

Builds the event (``manage.py demo``: the first day's 4 sessions are seated), starts a real worker (``manage.py
db_worker`` in a subprocess on the same database, as bench/jobs.py does), queues the day pack the way the exports
page does (services.jobs.start_job) and prints: the pages, the worker's seconds (the job's start to its end), the
pages per second; WeasyPrint's rate for a plain page of the same fonts (print.css, the vendored fonts: a heading and
a short paragraph, and a page full of running text), measured in this process just before and just after the pack
(their mean: the machine is shared); the ratios; the
worker's peak memory (its resident set's high-water mark, VmHWM in /proc) and this process's; and every progress
write seen on the job's row (seconds since it was queued, stage, part, pages done of the total). Target: a ratio of 0.5 or more, under 1 GB.
"""

import argparse
import io
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from _setup import django_with_scratch_database

ROOT = Path(__file__).resolve().parent.parent
DAY = "2026-05-09"  # the demo's first day: sessions 1 to 4


PLAIN_TEXT = (
    "Riichi mahjong tournament, plain text in the vendored fonts: East 東, South 南, West 西, North 北. "
)
PLAIN_PAGES = {
    # a heading and a short paragraph: the cheapest page of text, the strict reading of "a plain page"
    "short": lambda number: f"<h1>Page {number}</h1><p>{PLAIN_TEXT * 6}</p>",
    # a page filled with running text (about 45 lines), a page of a printed rule book
    "full": lambda number: f"<h1>Page {number}</h1>" + f"<p>{PLAIN_TEXT * 10}</p>" * 4,
}


def plain_rate(pages: int, kind: str = "short") -> tuple[float, float]:
    """Pages per second of WeasyPrint laying out and writing plain pages in the print stylesheet's fonts (Tenbou
    Sans, the wind kanji), one page each, as one document (PLAIN_PAGES: ``short`` or ``full``): by the clock and
    by this process's CPU time."""
    from django.templatetags.static import static

    from tournament.printing.pdf import laid_out, vendored_fonts, written

    page = PLAIN_PAGES[kind]
    sections = "".join(f'<section class="page">{page(number)}</section>' for number in range(1, pages + 1))
    html = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'<link rel="stylesheet" href="{static("css/print.css")}"></head><body>{sections}</body></html>'
    )
    start, cpu = time.perf_counter(), time.process_time()
    document = laid_out(html, vendored_fonts())
    written(document)
    assert len(document.pages) == pages, (kind, len(document.pages))
    return pages / (time.perf_counter() - start), pages / (time.process_time() - cpu)


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system, /proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid: int) -> float:
    """A process's peak resident memory (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def watch(job_id, worker_pid: int, timeout: float = 1800) -> tuple[list[tuple], float, float]:
    """Every distinct progress seen on the job's row until it ends, the worker's peak memory meanwhile and the CPU
    seconds it spent (from the job's start)."""
    from tournament.models import Job

    seen, peak, start, cpu = [], 0.0, time.perf_counter(), None
    while time.perf_counter() - start < timeout:
        job = Job.objects.defer("result_file").get(pk=job_id)
        peak = max(peak, peak_rss_mb(worker_pid))
        if job.state == Job.State.RUNNING and cpu is None:
            cpu = cpu_seconds(worker_pid)
        if job.state == Job.State.RUNNING and job.pages_total:
            state = (job.stage, job.part.get("document", ""), job.part.get("session", ""), job.pages_done)
            state += (job.pages_total, job.progress)
            if not seen or seen[-1][1:] != state:
                seen.append((time.perf_counter() - start, *state))
        if job.finished:
            return seen, peak, cpu_seconds(worker_pid) - (cpu or 0.0)
        time.sleep(0.1)
    raise SystemExit(f"job {job_id} not finished after {timeout} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--sessions", type=int, default=12)
    parser.add_argument("--plain-pages", type=int, default=60, help="pages of the plain document (each time)")
    args = parser.parse_args()
    django_with_scratch_database()
    from django.core.management import call_command
    from pypdf import PdfReader

    from tournament.models import Job, Tournament
    from tournament.printing.packs import DayPack
    from tournament.services.jobs import start_job
    from tournament.worker.status import job_title
    from tournament.worker.tasks import document_params

    started = time.perf_counter()
    call_command("demo", players=args.players, sessions=args.sessions, slug="bench", stdout=io.StringIO())
    tournament = Tournament.objects.get(slug="bench")
    print(f"{args.players} players, {args.sessions} sessions: built in {time.perf_counter() - started:.0f} s")
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "db_worker", "--interval", "0.2", "--no-reload", "--no-startup-delay"],
        cwd=ROOT,
        env=os.environ.copy(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        before = {kind: plain_rate(args.plain_pages, kind) for kind in PLAIN_PAGES}
        params = document_params(DayPack(tournament, day=DAY))
        job = start_job(
            actor=None,
            tournament=tournament,
            kind=Job.Kind.DOCUMENT,
            params=params,
            title=job_title(Job.Kind.DOCUMENT, params),
        )
        seen, worker_peak, worker_cpu = watch(job.pk, worker.pid)
        after = {kind: plain_rate(args.plain_pages, kind) for kind in PLAIN_PAGES}
    finally:
        worker.terminate()
        worker.wait(timeout=60)
    job = Job.objects.get(pk=job.pk)
    if job.state != Job.State.DONE:
        raise SystemExit(f"the day pack failed: {job.error}")
    pages = len(PdfReader(io.BytesIO(bytes(job.result_file))).pages)
    seconds = (job.finished_at - job.started_at).total_seconds()
    rate = pages / seconds
    plain = {kind: (before[kind][0] + after[kind][0]) / 2 for kind in PLAIN_PAGES}
    plain_cpu = {kind: (before[kind][1] + after[kind][1]) / 2 for kind in PLAIN_PAGES}
    print(
        f"day pack {DAY} (sessions {', '.join(str(s.number) for s in DayPack(tournament, day=DAY).sessions())})"
    )
    print(f"  pages                {pages:>10}")
    print(f"  seconds (worker)     {seconds:>10.1f}")
    print(f"  pages per second     {rate:>10.1f}")
    print(f"  worker CPU seconds   {worker_cpu:>10.1f}   ({pages / worker_cpu:.1f} pages per CPU second)")
    for kind in PLAIN_PAGES:
        print(
            f"  plain pages/s, {kind:<6}{plain[kind]:>10.1f}   (before {before[kind][0]:.1f}, after"
            f" {after[kind][0]:.1f}; {args.plain_pages} pages; {plain_cpu[kind]:.1f} per CPU second)"
        )
    for kind in PLAIN_PAGES:
        print(
            f"  ratio to {kind:<12}{rate / plain[kind]:>10.2f}   (target 0.5 or more; by CPU time"
            f" {pages / worker_cpu / plain_cpu[kind]:.2f})"
        )
    print(f"  worker peak memory   {worker_peak:>10.0f} MB (target under 1,024)")
    bench_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  bench's own peak     {bench_peak:>10.0f} MB")
    print(f"  PDF size             {len(job.result_file):>10,} bytes")
    print(f"progress seen on the job's row ({len(seen)} distinct states):")
    print(f"  {'s':>6}  {'stage':<8}{'document':<18}{'session':>8}{'done':>7}{'total':>7}{'%':>5}")
    for at, stage, document, session, done, total, percent in seen:
        print(f"  {at:>6.1f}  {stage:<8}{document:<18}{session!s:>8}{done:>7}{total:>7}{percent:>5}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
