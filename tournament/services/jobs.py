"""Starting background jobs and keeping them going (the work itself is in tournament.background).

A job is a request for something to be made (a seating proposal, a PDF, an export), not a change to the
tournament, so it has no audit entry: the change comes later, when the organiser saves what was made. The job row
and its task are written in one transaction, so a job is never queued without its row nor a row left without its
task. A job whose worker stopped (no sign of life for TENBOU_JOB_STALE_SECONDS) is queued again, up to
MAX_ATTEMPTS times; queued jobs simply wait in the database until a worker runs.
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournament.background import run_job
from tournament.models import Job, Tournament

MAX_ATTEMPTS = 3


def start_job(
    *, actor, tournament: Tournament, kind: str, params: dict, title: str, expected_seconds: float = 5.0
) -> Job:
    """Queue a job; with the immediate backend (tests, a quick trial) it has run when this returns."""
    prune_finished_jobs()
    with transaction.atomic():
        job = Job.objects.create(
            tournament=tournament,
            kind=kind,
            params={**params, "language": translation.get_language()},
            title=str(title)[:200],
            requested_by=actor if actor is not None and actor.is_authenticated else None,
            expected_seconds=expected_seconds,
        )
        _enqueue(job)
    job.refresh_from_db()
    return job


def _enqueue(job: Job) -> None:
    result = run_job.enqueue(str(job.pk), job.attempt)
    Job.objects.filter(pk=job.pk, attempt=job.attempt).update(task_id=result.id)


def recover_stale_jobs(*, job: Job | None = None) -> int:
    """Queue again every running job (or just ``job``) whose worker stopped; how many were queued again."""
    silent_since = timezone.now() - timedelta(seconds=settings.TENBOU_JOB_STALE_SECONDS)
    stale = Job.objects.filter(state=Job.State.RUNNING, heartbeat_at__lt=silent_since)
    if job is not None:
        stale = stale.filter(pk=job.pk)
    return sum(_queue_again(stale_job) for stale_job in stale)


def _queue_again(job: Job) -> bool:
    with transaction.atomic():
        _forget_task(job.task_id)
        if job.attempt >= MAX_ATTEMPTS:
            message = _("The background worker stopped %(count)s times while making this. Try again later.")
            Job.objects.filter(pk=job.pk, attempt=job.attempt).update(
                state=Job.State.FAILED, finished_at=timezone.now(), error=message % {"count": job.attempt}
            )
            return False
        queued = Job.objects.filter(pk=job.pk, attempt=job.attempt, state=Job.State.RUNNING).update(
            attempt=F("attempt") + 1, state=Job.State.QUEUED, progress=0, stage="", heartbeat_at=None
        )
        if queued:
            job.refresh_from_db()
            _enqueue(job)
        return bool(queued)


def _database_queue():
    """The database queue's model when jobs go through it (TENBOU_TASKS=database), else None."""
    from django_tasks import task_backends
    from django_tasks_db import DatabaseBackend
    from django_tasks_db.models import DBTaskResult

    if not isinstance(task_backends[run_job.backend], DatabaseBackend):
        return None

    return DBTaskResult


def _forget_task(task_id: str) -> None:
    """The database queue's row of a task whose worker died stays "running" for ever; mark it failed."""
    queue = _database_queue()
    if task_id and queue is not None:
        queue.objects.filter(pk=task_id, status="RUNNING").update(status="FAILED", finished_at=timezone.now())


def prune_finished_jobs() -> int:
    """Delete the jobs (and their files) finished more than TENBOU_JOB_KEEP_DAYS ago, and their queue rows."""
    before = timezone.now() - timedelta(days=settings.TENBOU_JOB_KEEP_DAYS)
    deleted, _counts = Job.objects.filter(finished_at__lt=before).delete()
    queue = _database_queue()
    if queue is not None:
        queue.objects.finished().filter(finished_at__lt=before).delete()
    return deleted
