"""The background worker's side of a job (tournament.models.Job): the one task, ``run_job``, and what each kind of
job makes. The web request only queues the job (tournament.services.jobs.start_job) and shows its page
(views/organise/jobs.py); `manage.py db_worker` takes the task from the database queue and runs it here.

A run writes only its own attempt: when a job is queued again (its worker stopped, services.jobs.recover_stale_jobs),
the older run's writes are ignored, so a job has one result whatever happens to the workers. While it runs, a small
thread writes a sign of life and an estimated progress every TENBOU_JOB_HEARTBEAT_SECONDS.
"""

import logging
import threading
from dataclasses import dataclass

from django.conf import settings
from django.db import connection
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_tasks import task

from tournament.errors import DomainError
from tournament.exporters.base import ExportRequestError
from tournament.exporters.catalogue import build_exporter
from tournament.logs import refusals
from tournament.models import Job
from tournament.printing import documents
from tournament.printing.pdf import PrintingError, written

logger = logging.getLogger(__name__)

STAGES = {
    "search": gettext_lazy("Searching for the seating with the fewest repeated meetings"),
    "layout": gettext_lazy("Laying out the pages"),
    "pdf": gettext_lazy("Writing the PDF"),
    "file": gettext_lazy("Writing the file"),
}
ESTIMATE_CEILING = 95  # an estimate never says 100 %: only the finished job does


@dataclass(frozen=True)
class Outcome:
    data: object = None
    file: bytes | None = None
    filename: str = ""
    content_type: str = ""


class Progress:
    """The running attempt's progress: ``stage(name, percent)`` from the job's own code; between stages the
    heartbeat estimates the percentage from the time spent against ``job.expected_seconds``."""

    def __init__(self, job: Job):
        self.job = job
        self.percent = 0
        self.started = timezone.now()
        self._stop = threading.Event()
        self._thread = None

    def __enter__(self) -> "Progress":
        interval = settings.TENBOU_JOB_HEARTBEAT_SECONDS
        if interval:
            self._thread = threading.Thread(target=self._beat, args=(interval,), daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def stage(self, name: str, percent: int) -> None:
        self.percent = percent
        self._write(stage=name, progress=percent)

    def estimate(self) -> int:
        elapsed = (timezone.now() - self.started).total_seconds()
        guess = round(100 * elapsed / max(self.job.expected_seconds, 0.1))
        return max(self.percent, min(guess, ESTIMATE_CEILING))

    def _beat(self, interval: float) -> None:
        try:
            while not self._stop.wait(interval):
                self._write(progress=self.estimate())
        finally:
            connection.close()  # the thread's own connection

    def _write(self, **fields) -> None:
        this_attempt(self.job).update(heartbeat_at=timezone.now(), **fields)


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


def make_seating(job: Job, progress: Progress) -> Outcome:
    from tournament.selectors.seating_plan import plan_generation  # the seating package imports the services

    progress.stage("search", 1)
    params = job.params
    plan = plan_generation(
        job.tournament, n_sessions=params["sessions"], seed=params["seed"], avoid=params.get("avoid") or None
    )
    return Outcome(data=plan.as_data())


def document_params(document: documents.Document) -> dict:
    """A document job's parameters: what document_for needs to make the same document again."""
    return {
        "document": document.identifier,
        "session": document.given.get("session"),
        "after": document.given.get("after_session"),
        "blank": document.given.get("blank", False),
        "day": str(document.given["day"]) if "day" in document.given else None,
        "public_base": document.public_base,
        "print_language": document.language,  # the job's "language" is the asker's (messages, the job's title)
    }


def document_for(tournament, params: dict) -> documents.Document:
    """The printed document a job's parameters name; DocumentRequestError when they do not fit."""
    document = documents.get_document(params["document"])(
        tournament,
        session=params.get("session"),
        after_session=params.get("after"),
        blank=params.get("blank", False),
        day=params.get("day"),
        language=params.get("print_language"),  # absent in a job queued before the choice: the asker's
    )
    document.public_base = params.get("public_base")
    return document


def make_document(job: Job, progress: Progress) -> Outcome:
    document = document_for(job.tournament, job.params)
    progress.stage("layout", 5)
    pages = document.laid_out()
    progress.stage("pdf", 60)
    return Outcome(file=written(pages), filename=document.filename(), content_type="application/pdf")


def exporter_for(tournament, params: dict):
    """The export a job's parameters name; ExportRequestError when they do not fit."""
    return build_exporter(
        params["export"], tournament, session=params.get("session"), after_session=params.get("after")
    )


def make_export(job: Job, progress: Progress) -> Outcome:
    exporter = exporter_for(job.tournament, job.params)
    progress.stage("file", 5)
    return Outcome(file=exporter.render(), filename=exporter.filename(), content_type=exporter.content_type)


MAKERS = {Job.Kind.SEATING: make_seating, Job.Kind.DOCUMENT: make_document, Job.Kind.EXPORT: make_export}
