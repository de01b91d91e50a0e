"""Reads of the background jobs (tournament.models.Job) for the organiser's pages."""

from dataclasses import dataclass
from datetime import timedelta

from django.utils import timezone

from tournament.background import STAGES
from tournament.models import Job, Tournament

WORKER_WAIT = timedelta(seconds=15)  # queued longer than this: the page says no worker seems to be running


@dataclass(frozen=True)
class JobStatus:
    job: Job
    stage: str
    seconds: int
    waiting_for_worker: bool

    @property
    def offers_file(self) -> bool:
        return self.job.state == Job.State.DONE and self.job.kind != Job.Kind.SEATING


def tournament_job(tournament: Tournament, job_id) -> Job | None:
    """The job of this tournament with that id (a malformed id is simply not found)."""
    try:
        return (
            Job.objects.select_related("requested_by")
            .defer("result_file")
            .get(tournament=tournament, pk=job_id)
        )
    except (Job.DoesNotExist, ValueError):
        return None


def job_file(tournament: Tournament, job_id) -> Job | None:
    """The finished job with its file, for the download."""
    return (
        Job.objects.filter(tournament=tournament, pk=job_id, state=Job.State.DONE)
        .exclude(filename="")
        .first()
    )


def job_status(job: Job) -> JobStatus:
    now = timezone.now()
    since = job.started_at or job.created_at
    until = job.finished_at or now
    return JobStatus(
        job=job,
        stage=str(STAGES.get(job.stage, "")),
        seconds=max(0, round((until - since).total_seconds())),
        waiting_for_worker=job.state == Job.State.QUEUED and now - job.created_at > WORKER_WAIT,
    )


def recent_jobs(tournament: Tournament, limit: int = 10) -> list[JobStatus]:
    jobs = Job.objects.filter(tournament=tournament).select_related("requested_by").defer("result_file")
    return [job_status(job) for job in jobs[:limit]]
