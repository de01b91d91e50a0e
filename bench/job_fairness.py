"""One organiser's burst of background jobs against another tournament's single PDF: how many of the burst are
queued and how many refused (the per-person and per-tournament limits), and how long the other tournament's PDF
waits with one worker (the fair queue takes each tournament's n-th job before any tournament's (n+1)-th).

Usage: .venv/bin/python bench/job_fairness.py [--players 200] [--sessions 8] [--burst 22]
       (a throw-away SQLite database unless DATABASE_URL is set)

Builds two events (``manage.py demo``), gives tournament A an organiser login, sends A's organiser's burst through
the same service the exports page calls (services.jobs.start_job: score sheets of each session, the standings
after each session, one after the other as fast as the service answers), then queues B's standings PDF and starts a
real worker (``manage.py db_worker``, as scripts/worker.sh does). It prints the burst's outcome, the order in which
the worker finished the jobs, and the seconds B's PDF waited from its request to its file.
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


def burst_params(sessions: int, count: int) -> list[dict]:
    """``count`` different documents of one tournament (score sheets per session, then standings per session)."""
    choices = [{"document": "score-sheets", "session": n} for n in range(1, sessions + 1)]
    choices += [{"document": "standings", "after": n} for n in range(1, sessions + 1)]
    return [{**choices[i % len(choices)], "blank": i >= len(choices)} for i in range(count)]


def send_burst(tournament, organiser, params_list) -> tuple[int, int, float]:
    from tournament.errors import DomainError
    from tournament.services.jobs import start_job

    queued = refused = 0
    started = time.perf_counter()
    for params in params_list:
        try:
            start_job(actor=organiser, tournament=tournament, kind="document", params=params, title="burst")
            queued += 1
        except DomainError:
            refused += 1
    return queued, refused, time.perf_counter() - started


def wait_for(job_id, timeout: float = 900) -> float:
    from tournament.models import Job

    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if Job.objects.defer("result_file").get(pk=job_id).finished:
            return time.perf_counter() - start
        time.sleep(0.05)
    raise SystemExit(f"job {job_id} not finished after {timeout} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--burst", type=int, default=22)
    args = parser.parse_args()
    django_with_scratch_database()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tournament.models import Job, Tournament
    from tournament.services.jobs import start_job

    for slug in ("a", "b"):
        call_command(
            "demo",
            players=args.players,
            sessions=args.sessions,
            played=args.sessions,
            slug=slug,
            stdout=io.StringIO(),
        )
    a, b = Tournament.objects.get(slug="a"), Tournament.objects.get(slug="b")
    organiser = get_user_model().objects.create_user("bench-organiser-a")
    queued, refused, burst_s = send_burst(a, organiser, burst_params(args.sessions, args.burst))
    requested = time.perf_counter()
    other = start_job(
        actor=None, tournament=b, kind="document", params={"document": "standings"}, title="B standings"
    )
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "db_worker", "--interval", "0.2", "--no-reload", "--no-startup-delay"],
        cwd=ROOT,
        env=os.environ.copy(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(other.pk)
        waited = time.perf_counter() - requested
        order = [
            f"{job.tournament.slug.upper()}{'*' if job.pk == other.pk else ''}"
            for job in Job.objects.filter(finished_at__isnull=False).order_by("finished_at")
        ]
        position = order.index("B*") + 1
        print(f"{args.players} players x {args.sessions} sessions in each of A and B; one db_worker")
        print(
            f"A's organiser asked for {args.burst} PDFs in {burst_s:.2f} s: {queued} queued, {refused} refused"
        )
        print(
            f"B's standings PDF: finished {position} of {len(order)} so far, {waited:.1f} s after its request"
        )
        print("finishing order so far:", " ".join(order))
    finally:
        worker.terminate()
        worker.wait(timeout=120)


if __name__ == "__main__":
    main()
