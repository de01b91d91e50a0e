"""Reads of the background jobs (tournament.models.Job): one job, its file, whether a worker is alive and the
queue's backlog. What the pages show of a job (its title in the reader's language, its stage) is
tournament.worker.status."""

import uuid
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from tournament.models import Job, Tournament, WorkerBeat


def tournament_job(tournament: Tournament, job_id) -> Job | None:
    """The job of this tournament with that id (a malformed id is simply not found)."""
    pk = _job_pk(job_id)
    if pk is None:
        return None
    return (
        Job.objects.select_related("requested_by")
        .defer("result_file")
        .filter(tournament=tournament, pk=pk)
        .first()
    )


def job_file(tournament: Tournament, job_id) -> Job | None:
    """The finished job with its file, for the download."""
    pk = _job_pk(job_id)
    if pk is None:
        return None
    return Job.objects.filter(tournament=tournament, pk=pk, state=Job.State.DONE).exclude(filename="").first()


def _job_pk(job_id) -> uuid.UUID | None:
    """A job's id (a UUID) from wherever it came; None when it cannot be one."""
    if isinstance(job_id, uuid.UUID):
        return job_id
    try:
        return uuid.UUID(str(job_id))
    except ValueError:
        return None


def worker_alive() -> bool:
    """Whether a worker wrote its sign of life within TENBOU_WORKER_SILENT_SECONDS (tournament.operations.worker_heartbeat)."""
    since = timezone.now() - timedelta(seconds=settings.TENBOU_WORKER_SILENT_SECONDS)
    return WorkerBeat.objects.filter(beat_at__gte=since).exists()


def queue_health() -> tuple[int, bool]:
    """How many jobs wait, and whether they wait with no worker alive."""
    backlog = Job.objects.filter(state=Job.State.QUEUED).count()
    return (backlog, not worker_alive()) if backlog else (0, False)
