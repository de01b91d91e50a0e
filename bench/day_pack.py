"""A day's pack of a 400-player event made by the worker: its speed against WeasyPrint's plain page, its peak memory
and the progress the job's page shows while it is made.

Usage: .venv/bin/python bench/day_pack.py [--players 400] [--sessions 12] [--plain-pages 60]
       (a throw-away SQLite database unless DATABASE_URL is set)

Builds the event (``manage.py demo``: the first day's 4 sessions are seated), starts a real worker (``manage.py
db_worker`` in a subprocess on the same database, as bench/jobs.py does), queues the day pack the way the exports
page does (services.jobs.start_job) and prints: the pages, the worker's seconds (the job's start to its end), the
pages per second; WeasyPrint's rate for a plain page of the same fonts (print.css, the vendored fonts), measured in
this process just before and just after the pack (their mean: the machine is shared); the ratio of the two; the
worker's peak memory (its resident set's high-water mark, VmHWM in /proc) and this process's; and every progress
write seen on the job's row (stage, part, pages done of the total). Target: a ratio of 0.5 or more, under 1 GB.
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


def plain_rate(pages: int) -> float:
    """Pages per second of WeasyPrint laying out and writing plain pages: a heading and a paragraph in the print
    stylesheet's fonts (Tenbou Sans, the wind kanji), one page each, as one document."""
    from django.templatetags.static import static

    from tournament.printing.pdf import laid_out, vendored_fonts, written

    text = (
        "Riichi mahjong tournament, plain text in the vendored fonts: East 東, South 南, West 西, North 北. "
    )
    sections = "".join(
        f'<section class="page"><h1>Page {number}</h1><p>{text * 6}</p></section>'
        for number in range(1, pages + 1)
    )
    html = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'<link rel="stylesheet" href="{static("css/print.css")}"></head><body>{sections}</body></html>'
    )
    start = time.perf_counter()
    document = laid_out(html, vendored_fonts())
    written(document)
    assert len(document.pages) == pages, len(document.pages)
    return pages / (time.perf_counter() - start)


def peak_rss_mb(pid: int) -> float:
    """A process's peak resident memory (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def watch(job_id, worker_pid: int, timeout: float = 1800) -> tuple[list[tuple], float]:
    """Every distinct progress seen on the job's row until it ends, and the worker's peak memory meanwhile."""
    from tournament.models import Job

    seen, peak, start = [], 0.0, time.perf_counter()
    while time.perf_counter() - start < timeout:
        job = Job.objects.defer("result_file").get(pk=job_id)
        peak = max(peak, peak_rss_mb(worker_pid))
        if job.state == Job.State.RUNNING and job.pages_total:
            state = (job.stage, job.part.get("document", ""), job.part.get("session", ""), job.pages_done)
            state += (job.pages_total, job.progress)
            if not seen or seen[-1] != state:
                seen.append(state)
        if job.finished:
            return seen, peak
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
        before = plain_rate(args.plain_pages)
        params = document_params(DayPack(tournament, day=DAY))
        job = start_job(
            actor=None,
            tournament=tournament,
            kind=Job.Kind.DOCUMENT,
            params=params,
            title=job_title(Job.Kind.DOCUMENT, params),
        )
        seen, worker_peak = watch(job.pk, worker.pid)
        after = plain_rate(args.plain_pages)
    finally:
        worker.terminate()
        worker.wait(timeout=60)
    job = Job.objects.get(pk=job.pk)
    if job.state != Job.State.DONE:
        raise SystemExit(f"the day pack failed: {job.error}")
    pages = len(PdfReader(io.BytesIO(bytes(job.result_file))).pages)
    seconds = (job.finished_at - job.started_at).total_seconds()
    rate, plain = pages / seconds, (before + after) / 2
    print(
        f"day pack {DAY} (sessions {', '.join(str(s.number) for s in DayPack(tournament, day=DAY).sessions())})"
    )
    print(f"  pages                {pages:>10}")
    print(f"  seconds (worker)     {seconds:>10.1f}")
    print(f"  pages per second     {rate:>10.1f}")
    print(
        f"  plain pages/s        {plain:>10.1f}   (before {before:.1f}, after {after:.1f}; {args.plain_pages} pages)"
    )
    print(f"  ratio                {rate / plain:>10.2f}   (target 0.5 or more)")
    print(f"  worker peak memory   {worker_peak:>10.0f} MB (target under 1,024)")
    bench_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  bench's own peak     {bench_peak:>10.0f} MB")
    print(f"  PDF size             {len(job.result_file):>10,} bytes")
    print(f"progress seen on the job's row ({len(seen)} distinct states):")
    print(f"  {'stage':<8}{'document':<18}{'session':>8}{'done':>7}{'total':>7}{'%':>5}")
    for stage, document, session, done, total, percent in seen:
        print(f"  {stage:<8}{document:<18}{session!s:>8}{done:>7}{total:>7}{percent:>5}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
