"""Background jobs on the largest realistic event: how long the web request that queues a job takes, and how long
the worker takes to make it (the seating search, the big PDFs, the archive).

Usage: .venv/bin/python bench/jobs.py [--players 400] [--sessions 12] [--played 11]
       (a throw-away SQLite database unless DATABASE_URL is set)

Builds the event (``manage.py demo``), starts a real worker (``manage.py db_worker`` in a subprocess on the same
database, as scripts/worker.sh does), queues each job the way the organiser's pages do (services.jobs.start_job)
and prints, per job: the seconds the queueing took (what the organiser's request waits), the seconds until the
worker finished it, the size of the result, and the heartbeats seen while it ran (progress written by the worker).
"""

import argparse
import io
import os
import subprocess
import sys
import time
from pathlib import Path

from _setup import django_with_scratch_database

ROOT = Path(__file__).resolve().parent.parent


def jobs_to_run(players: int, played: int) -> list[tuple[str, str, dict]]:
    return [
        ("seating search (sessions left)", "seating", {"sessions": played + 1, "seed": 1, "avoid": None}),
        (f"score sheets, {players // 4} tables", "document", {"document": "score-sheets", "session": played}),
        (f"schedule cards, {players} players", "document", {"document": "schedule-cards"}),
        ("standings", "document", {"document": "standings"}),
        ("archive (JSON)", "export", {"export": "archive-json"}),
    ]


def watch(job_id, timeout: float = 300) -> tuple[float, set[int]]:
    from tournament.models import Job

    seen, start = set(), time.perf_counter()
    while time.perf_counter() - start < timeout:
        job = Job.objects.defer("result_file").get(pk=job_id)
        if job.state == Job.State.RUNNING:
            seen.add(job.progress)
        if job.finished:
            return time.perf_counter() - start, seen
        time.sleep(0.05)
    raise SystemExit(f"job {job_id} not finished after {timeout} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--sessions", type=int, default=12)
    parser.add_argument("--played", type=int, default=11)
    args = parser.parse_args()
    django_with_scratch_database()
    from django.core.management import call_command

    from tournament.models import Job, Tournament
    from tournament.services.jobs import start_job

    call_command(
        "demo",
        players=args.players,
        sessions=args.sessions,
        played=args.played,
        slug="bench",
        stdout=io.StringIO(),
    )
    tournament = Tournament.objects.get(slug="bench")
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "db_worker", "--interval", "0.2", "--no-reload", "--no-startup-delay"],
        cwd=ROOT,
        env=os.environ.copy(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        print(f"{args.players} players, {args.sessions} sessions, {args.played} played; one db_worker")
        print(f"{'job':<34}{'queue ms':>9}{'done s':>8}{'size':>11}  {'state':<7}progress seen")
        for title, kind, params in jobs_to_run(args.players, args.played):
            started = time.perf_counter()
            job = start_job(actor=None, tournament=tournament, kind=kind, params=params, title=title)
            queued_ms = (time.perf_counter() - started) * 1000
            seconds, seen = watch(job.pk)
            job = Job.objects.get(pk=job.pk)
            size = len(job.result_file or b"") or len(str(job.result_data or ""))
            steps = ",".join(str(p) for p in sorted(seen)[:8]) + ("..." if len(seen) > 8 else "")
            print(f"{title:<34}{queued_ms:>9.1f}{seconds:>8.2f}{size:>11,}  {job.state:<7}{steps}")
            sys.stdout.flush()
    finally:
        worker.terminate()
        worker.wait(timeout=60)


if __name__ == "__main__":
    main()
