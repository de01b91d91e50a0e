"""The organiser's background jobs (tournament.worker.tasks): a job's page, which shows its progress and then offers
what it made, the download of a finished file, and "try again". The pages that start jobs are the seating generator
(views/organise/seating.py) and the printed documents and large exports (views/organise/exports.py)."""

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournament.models import Job
from tournament.selectors.jobs import job_file, tournament_job
from tournament.services import DomainError
from tournament.services.jobs import recover_stale_jobs, start_job
from tournament.views.access import organiser_required
from tournament.worker.status import job_status, recent_jobs

REFRESH_SECONDS = 2


def start_and_show(request, *, refused_to: str, **job) -> HttpResponse:
    """Queue a job and send the organiser to its page; a refusal (too many jobs waiting) is shown on ``refused_to``."""
    try:
        started = start_job(actor=request.user, tournament=request.tournament, **job)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect(refused_to)
    return redirect("job_status", request.tournament.slug, started.pk)


def _job_or_404(request, job_id) -> Job:
    job = tournament_job(request.tournament, job_id)
    if job is None:
        raise Http404("no such job")
    return job


@organiser_required
def status(request, slug, job_id):
    job = _job_or_404(request, job_id)
    if job.state == Job.State.RUNNING and recover_stale_jobs(job=job):
        job = _job_or_404(request, job_id)
    context = {
        "tournament": request.tournament,
        "status": job_status(job),
        "refresh": None if job.finished else REFRESH_SECONDS,
        "nav_path": reverse("seating_overview" if job.kind == Job.Kind.SEATING else "exports", args=[slug]),
    }
    return render(request, "organise/jobs/status.html", context)


@organiser_required
def download(request, slug, job_id):
    job = job_file(request.tournament, job_id)
    if job is None:
        raise Http404("this job has no file (yet)")
    response = HttpResponse(bytes(job.result_file), content_type=job.content_type)
    disposition = "inline" if job.content_type == "application/pdf" else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{job.filename}"'
    return response


@organiser_required
@require_POST
def retry(request, slug, job_id):
    job = _job_or_404(request, job_id)
    params = {key: value for key, value in job.params.items() if key != "language"}
    return start_and_show(
        request,
        refused_to=reverse("job_status", args=[slug, job.pk]),
        kind=job.kind,
        params=params,
        title=job.title,
        expected_seconds=job.expected_seconds,
    )


@organiser_required
def index(request, slug):
    context = {
        "tournament": request.tournament,
        "jobs": recent_jobs(request.tournament, limit=30),
        "nav_path": reverse("exports", args=[slug]),
    }
    return render(request, "organise/jobs/index.html", context)
