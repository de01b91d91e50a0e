"""What the organiser's pages show of a background job: its title in the reader's language (built when shown, so a
Dutch reader reads a Dutch title whoever asked), its stage, the seconds so far and whether it waits for a worker
that does not run."""

from dataclasses import dataclass
from datetime import date, timedelta

from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.display.numbers import whole
from tournament.models import Job, Tournament
from tournament.printing import documents
from tournament.printing.packs import day_title
from tournament.selectors.jobs import worker_alive
from tournament.worker.tasks import STAGES

WORKER_WAIT = timedelta(seconds=15)  # queued longer than this with no worker alive: the page says none runs


def job_title(kind: str, params: dict, stored: str = "") -> str:
    """What a job makes, in the reader's language ("Score sheets, session 3", "Seating for 8 sessions (seed 2)");
    an export is named by its file, which is what the job stored."""
    if kind == Job.Kind.SEATING:
        return ngettext(
            "Seating for %(count)s session (seed %(seed)s)",
            "Seating for %(count)s sessions (seed %(seed)s)",
            params["sessions"],
        ) % {
            "count": params["sessions"],
            "seed": params["seed"],
        }
    if kind == Job.Kind.DOCUMENT:
        title = document_title(
            params["document"],
            params.get("session"),
            params.get("after"),
            params.get("blank"),
            params.get("day"),
        )
        return in_language(title, params.get("print_language"))
    return stored


def in_language(title: str, language: str | None) -> str:
    """ "Standings (Dutch)": a document printed in a language other than the reader's says which."""
    if not language or language == translation.get_language():
        return title
    return _("%(title)s (%(language)s)") % {"title": title, "language": dict(settings.LANGUAGES)[language]}


def document_title(identifier: str, session=None, after=None, blank=False, day=None) -> str:
    """A printed document's name with its session ("Standings after session 5", "Score sheets, session 3 (blank)")
    or its day (a day's pack: "Score sheets, table stands and wall list, Saturday 9 May 2026")."""
    name = documents.get_document(identifier).name
    if day:
        title = day_title(date.fromisoformat(day))
    elif after:
        title = _("%(name)s after session %(number)s") % {"name": name, "number": after}
    elif session:
        title = _("%(name)s, session %(number)s") % {"name": name, "number": session}
    else:
        title = str(name)
    return f"{title} ({_('blank')})" if blank else title


@dataclass(frozen=True)
class JobStatus:
    job: Job
    title: str
    stage: str  # what it is doing, and for a pack which part ("Laying out the pages: Score sheets, session 3 ...")
    seconds: int
    waiting_for_worker: bool
    pages: str = (
        ""  # a pack's pages done out of the total ("347 of 632 pages"), "" for a job that counts none
    )

    @property
    def offers_file(self) -> bool:
        return self.job.state == Job.State.DONE and self.job.kind != Job.Kind.SEATING


def job_status(job: Job) -> JobStatus:
    now = timezone.now()
    since = job.started_at or job.created_at
    until = job.finished_at or now
    return JobStatus(
        job=job,
        title=job_title(job.kind, job.params, job.title),
        stage=stage_text(job),
        pages=pages_text(job),
        seconds=max(0, round((until - since).total_seconds())),
        waiting_for_worker=job.state == Job.State.QUEUED
        and now - job.created_at > WORKER_WAIT
        and not worker_alive(),
    )


def stage_text(job: Job) -> str:
    """The stage in the reader's language; while a pack is made, with the part it is at: "Laying out the pages:
    Score sheets, session 3 (part 4 of 12)"."""
    stage = str(STAGES.get(job.stage, ""))
    part = job.part or {}
    if not stage or "document" not in part:
        return stage
    what = document_title(part["document"], part.get("session"))
    return _("%(stage)s: %(what)s (part %(part)s of %(parts)s)") % {
        "stage": stage,
        "what": what,
        "part": whole(part["part"]),
        "parts": whole(part["parts"]),
    }


def pages_text(job: Job) -> str:
    """ "347 of 632 pages" for a job that counts its pages, else ""."""
    if not job.pages_total:
        return ""
    return ngettext("%(done)s of %(total)s page", "%(done)s of %(total)s pages", job.pages_total) % {
        "done": whole(job.pages_done),
        "total": whole(job.pages_total),
    }


def recent_jobs(tournament: Tournament, limit: int = 10) -> list[JobStatus]:
    jobs = Job.objects.filter(tournament=tournament).select_related("requested_by").defer("result_file")
    return [job_status(job) for job in jobs[:limit]]
