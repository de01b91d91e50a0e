"""What each kind of background job (tournament.models.Job) makes: a seating proposal, a PDF, an export file.
The web request only queues the job (tournament.services.jobs.start_job) and shows its page (views/organise/jobs.py);
`manage.py db_worker` takes the task (tournament.services.jobs.run_job, which writes the job's row) from the database
queue and runs the job's maker here. A maker writes nothing: it reads, lays out and renders, and tells its stage to
the ``progress`` it is given.
"""

from dataclasses import dataclass
from typing import Protocol

from django.utils.translation import gettext_lazy

from tournament.exporters.catalogue import build_exporter
from tournament.models import Job
from tournament.printing import documents
from tournament.printing.packs import Pack
from tournament.printing.pdf import written
from tournament.selectors.seating_plan import plan_generation

STAGES = {
    "search": gettext_lazy("Searching for the seating with the fewest repeated meetings"),
    "prepare": gettext_lazy("Preparing the pages"),
    "layout": gettext_lazy("Laying out the pages"),
    "pdf": gettext_lazy("Writing the PDF"),
    "join": gettext_lazy("Joining the parts into one PDF"),
    "file": gettext_lazy("Writing the file"),
}


class Stages(Protocol):
    """What a maker tells of its progress (tournament.services.jobs.Progress writes it on the job's row)."""

    def stage(self, name: str, percent: int) -> None: ...

    def pages(self, stage: str, done: int, total: int, part: dict) -> None: ...


@dataclass(frozen=True)
class Outcome:
    data: object = None
    file: bytes | None = None
    filename: str = ""
    content_type: str = ""


def make_seating(job: Job, progress: Stages) -> Outcome:
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


def make_document(job: Job, progress: Stages) -> Outcome:
    document = document_for(job.tournament, job.params)
    if isinstance(document, Pack):  # part by part, counting its pages
        return Outcome(
            file=document.pdf(progress), filename=document.filename(), content_type="application/pdf"
        )
    progress.stage("layout", 5)
    pages = document.laid_out()
    progress.stage("pdf", 60)
    return Outcome(file=written(pages), filename=document.filename(), content_type="application/pdf")


def exporter_for(tournament, params: dict):
    """The export a job's parameters name; ExportRequestError when they do not fit."""
    return build_exporter(
        params["export"], tournament, session=params.get("session"), after_session=params.get("after")
    )


def make_export(job: Job, progress: Stages) -> Outcome:
    exporter = exporter_for(job.tournament, job.params)
    progress.stage("file", 5)
    return Outcome(file=exporter.render(), filename=exporter.filename(), content_type=exporter.content_type)


MAKERS = {Job.Kind.SEATING: make_seating, Job.Kind.DOCUMENT: make_document, Job.Kind.EXPORT: make_export}
