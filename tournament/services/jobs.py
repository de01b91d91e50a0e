"""Starting background jobs, running them and keeping them going (what each kind makes is in tournament.worker.tasks).

A job is a request for something to be made (a seating proposal, a PDF, an export), not a change to the
tournament, so it has no audit entry: the change comes later, when the organiser saves what was made. The job row
and its task are written in one transaction, so a job is never queued without its row nor a row left without its
task. A job whose worker stopped (no sign of life for TENBOU_JOB_STALE_SECONDS) is queued again, up to
MAX_JOB_ATTEMPTS times; queued jobs simply wait in the database until a worker runs.

A tournament has at most TENBOU_JOB_LIMIT_PER_TOURNAMENT unfinished (waiting or running) jobs, a person at most
TENBOU_JOB_LIMIT_PER_PERSON over all tournaments; beyond that the request is refused, naming what waits. The same
request while an identical job is unfinished gets that job (a second click queues nothing). The worker is fair
between tournaments: a task's priority is its job's place in its own tournament's queue (0 for the first unfinished
job, -1 for the second, ...), and the worker takes the highest priority first, then the oldest; so each tournament's
n-th job comes before any tournament's (n+1)-th, and one tournament's twenty PDFs do not keep another's one waiting.

The task, ``run_job``, is what `manage.py db_worker` takes from the queue. A run writes only its own attempt: when a
job is queued again (its worker stopped, recover_stale_jobs), the older run's writes are ignored, so a job has one
result whatever happens to the workers. While it runs, the worker's heartbeat (tournament/worker/heartbeat.py)
writes a sign of life and an estimated progress every TENBOU_JOB_HEARTBEAT_SECONDS.
"""

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_tasks import task
from django_tasks.base import TASK_MIN_PRIORITY

from scoring.limits import MAX_JOB_ATTEMPTS
from tournament.errors import DomainError
from tournament.exporters.base import ExportRequestError
from tournament.logs import refusals
from tournament.models import Job, Tournament
from tournament.printing import documents
from tournament.printing.pdf import PrintingError
from tournament.services.locking import lock_tournament
from tournament.worker.heartbeat import Heartbeat
from tournament.worker.status import job_title
from tournament.worker.tasks import MAKERS

logger = logging.getLogger(__name__)

UNFINISHED = (Job.State.QUEUED, Job.State.RUNNING)
NAMED = 3  # a refusal names this many of the waiting jobs and counts the others
ESTIMATE_CEILING = 95  # an estimate never says 100 %: only the finished job does


def start_job(
    *, actor, tournament: Tournament, kind: str, params: dict, title: str, expected_seconds: float = 5.0
) -> Job:
    """Queue a job (or return the identical one still unfinished); with the immediate backend (tests, a quick
    trial) it has run when this returns. DomainError beyond the tournament's or the person's limit."""
    prune_finished_jobs()
    params = {**params, "language": translation.get_language()}
    person = actor if actor is not None and actor.is_authenticated else None
    with transaction.atomic():
        lock_tournament(tournament.pk)  # this tournament's requests one by one
        waiting = _unfinished(tournament=tournament, kind=kind)
        same = next((job for job in waiting if job.params == params), None)
        if same is not None:
            return same
        _check_limits(tournament, person)
        job = Job.objects.create(
            tournament=tournament,
            kind=kind,
            params=params,
            title=str(title)[:200],
            requested_by=person,
            expected_seconds=expected_seconds,
        )
        _enqueue(job)
    job.refresh_from_db()
    return job


def _unfinished(**where):
    return Job.objects.filter(state__in=UNFINISHED, **where).defer("result_file").order_by("created_at")


def _check_limits(tournament: Tournament, person) -> None:
    waiting = list(_unfinished(tournament=tournament))
    if len(waiting) >= settings.TENBOU_JOB_LIMIT_PER_TOURNAMENT:
        raise DomainError.coded(
            "job_limit_tournament", tournament=tournament.name, count=len(waiting), jobs=_named(waiting)
        )
    mine = list(_unfinished(requested_by=person)) if person is not None else []
    if len(mine) >= settings.TENBOU_JOB_LIMIT_PER_PERSON:
        raise DomainError.coded("job_limit_person", count=len(mine), jobs=_named(mine))


def _named(jobs: list[Job]) -> str:
    """The first NAMED jobs by title, the rest counted ("Standings; Score sheets, session 3 and 2 more"): a
    title may hold a comma, so they are set apart by semicolons."""
    titles = "; ".join(job_title(job.kind, job.params, job.title) for job in jobs[:NAMED])
    more = len(jobs) - NAMED
    if more <= 0:
        return titles
    return ngettext("%(titles)s and %(count)s more", "%(titles)s and %(count)s more", more) % {
        "titles": titles,
        "count": more,
    }


def _enqueue(job: Job) -> None:
    result = run_job.using(priority=_fair_priority(job)).enqueue(str(job.pk), job.attempt)
    Job.objects.filter(pk=job.pk, attempt=job.attempt).update(task_id=result.id)


def _fair_priority(job: Job) -> int:
    """Minus the number of this tournament's unfinished jobs requested before this one (see the module's text)."""
    ahead = _unfinished(tournament_id=job.tournament_id, created_at__lt=job.created_at).count()
    return max(-ahead, TASK_MIN_PRIORITY)


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
        if job.attempt >= MAX_JOB_ATTEMPTS:
            message = _("The background worker stopped %(count)s times while making this. Try again later.")
            Job.objects.filter(pk=job.pk, attempt=job.attempt).update(
                state=Job.State.FAILED, finished_at=timezone.now(), error=message % {"count": job.attempt}
            )
            return False
        queued = Job.objects.filter(pk=job.pk, attempt=job.attempt, state=Job.State.RUNNING).update(
            attempt=F("attempt") + 1,
            state=Job.State.QUEUED,
            progress=0,
            stage="",
            pages_done=0,
            pages_total=0,
            part={},
            heartbeat_at=None,
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


# --- the worker's side: one attempt of a job ------------------------------------------------------------------


class Progress(Heartbeat):
    """The running attempt's progress: ``stage(name, percent)`` from the job's maker; between stages the
    heartbeat estimates the percentage from the time spent against ``job.expected_seconds``. A maker that counts
    pages (a pack, tournament.printing.packs) tells ``pages(stage, done, total, part)`` instead: the percentage is
    then the pages done out of the total, and the heartbeat only says the job is alive."""

    def __init__(self, job: Job):
        super().__init__()
        self.job = job
        self.percent = 0
        self.counted = False  # told in pages: no estimate from the time
        self.started = timezone.now()

    def interval(self) -> float:
        return settings.TENBOU_JOB_HEARTBEAT_SECONDS

    def beat(self) -> None:
        self._write(progress=self.estimate())

    def stage(self, name: str, percent: int) -> None:
        self.percent = percent
        self._write(stage=name, progress=percent)

    def pages(self, stage: str, done: int, total: int, part: dict) -> None:
        self.counted = True
        self.percent = max(self.percent, min(ESTIMATE_CEILING, done * 100 // total if total else 0))
        self._write(stage=stage, progress=self.percent, pages_done=done, pages_total=total, part=part)

    def estimate(self) -> int:
        if self.counted:
            return self.percent
        elapsed = (timezone.now() - self.started).total_seconds()
        guess = round(100 * elapsed / max(self.job.expected_seconds, 0.1))
        return max(self.percent, min(guess, ESTIMATE_CEILING))

    def _write(self, **fields) -> None:
        # only while running: a beat in flight as the attempt ends must not write its estimate over the end's 100
        this_attempt(self.job).filter(state=Job.State.RUNNING).update(heartbeat_at=timezone.now(), **fields)


def this_attempt(job: Job):
    return Job.objects.filter(pk=job.pk, attempt=job.attempt)


@task()
def run_job(job_id: str, attempt: int) -> None:
    """Run one attempt of a job; a job already taken, finished or queued again is left alone. (db_worker looks
    after its connection between tasks; the immediate backend runs this inside the request's.)"""
    claimed = Job.objects.filter(pk=job_id, attempt=attempt, state=Job.State.QUEUED).update(
        state=Job.State.RUNNING, started_at=timezone.now(), heartbeat_at=timezone.now()
    )
    if not claimed:
        return
    job = Job.objects.select_related("tournament").get(pk=job_id)
    with (
        translation.override(job.params.get("language") or settings.LANGUAGE_CODE),
        Progress(job) as progress,
    ):
        _run(job, progress)


def _run(job: Job, progress: Progress) -> None:
    try:
        outcome = MAKERS[job.kind](job, progress)
    except (DomainError, PrintingError, ExportRequestError, documents.DocumentRequestError) as refused:
        message = getattr(refused, "message", None) or str(refused)
        code = getattr(refused, "code", type(refused).__name__)
        refusals.write_outside_request(
            code,
            message,
            job=job.pk,
            kind=job.kind,
            user=job.requested_by_id or "-",
            tournament=job.tournament.slug,
        )
        _end(job, state=Job.State.FAILED, error=message)
    except Exception:
        logger.exception("background job %s (%s, attempt %s) failed", job.pk, job.kind, job.attempt)
        _end(
            job,
            state=Job.State.FAILED,
            error=_(
                "Something went wrong while making this. Try again; if it "
                "fails again, the server's log has the details."
            ),
        )
    else:
        _end(
            job,
            state=Job.State.DONE,
            progress=100,
            result_data=outcome.data,
            result_file=outcome.file,
            filename=outcome.filename,
            content_type=outcome.content_type,
        )


def _end(job: Job, **fields) -> None:
    this_attempt(job).update(finished_at=timezone.now(), heartbeat_at=timezone.now(), **fields)
