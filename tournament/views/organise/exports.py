"""The organiser's downloads and printed documents: the exports page, the EMA results file (check, preview with
the MERS weight override, download), and each printed document as an HTML preview or a PDF (the public exports
are in views/public/downloads.py). The only change made here (the weight override) goes through the tournaments service.
A PDF or a large export is made by the background worker (views/organise/jobs.py shows it and offers the file).
"""

from csp.decorators import csp_update
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournament.display.public_url import public_base
from tournament.exporters.catalogue import ExportRequestError, build_exporter
from tournament.exporters.ema_workbook import EmaNotReady
from tournament.exporters.side_rankings import ranking_files
from tournament.forms.ema import MersOverrideForm
from tournament.models import Job
from tournament.printing import documents
from tournament.selectors.days import session_days
from tournament.selectors.ema_checks import ema_problems, errors
from tournament.selectors.ema_results import ema_results
from tournament.selectors.progress import tournament_progress
from tournament.services import DomainError
from tournament.services.tournaments import update_tournament
from tournament.views.access import organiser_required
from tournament.views.downloads import download
from tournament.views.organise.jobs import start_and_show
from tournament.views.params import language_param, session_param
from tournament.worker.status import job_title, recent_jobs
from tournament.worker.tasks import document_params, exporter_for


@organiser_required
def index(request, slug):
    tournament = request.tournament
    context = {
        "tournament": tournament,
        "print_language": documents.print_language(
            tournament, language_param(request.GET) or tournament.language
        ),
        "sessions": tournament_progress(tournament),
        "days": session_days(tournament),
        "jobs": recent_jobs(tournament, limit=5),
        "rankings": ranking_files(tournament),
    }
    return render(request, "organise/exports/index.html", context)


@organiser_required
def ema_check(request, slug):
    results = ema_results(request.tournament)
    problems = ema_problems(results)
    context = {
        "tournament": request.tournament,
        "results": results,
        "problems": problems,
        "error_count": len(errors(problems)),
    }
    return render(request, "organise/exports/ema_check.html", context)


@organiser_required
@require_http_methods(["GET", "POST"])
def ema_preview(request, slug):
    tournament = request.tournament
    form = MersOverrideForm(
        request.POST or None, initial={"mers_weight_override": tournament.mers_weight_override}
    )
    if request.method == "POST" and form.is_valid():
        try:
            update_tournament(
                actor=request.user,
                tournament=tournament,
                mers_weight_override=form.cleaned_data["mers_weight_override"],
            )
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("The MERS weight is saved."))
            return redirect("ema_preview", slug=slug)
    results = ema_results(tournament)
    context = {"tournament": tournament, "results": results, "form": form}
    return render(request, "organise/exports/ema_preview.html", context)


@organiser_required
def ema_download(request, slug, fmt):
    exporter = build_exporter(f"ema-{fmt}", request.tournament, force=request.GET.get("force") == "1")
    try:
        return download(exporter)
    except EmaNotReady as refused:
        count = len(errors(refused.problems))
        message = ngettext(
            "The EMA results file is not ready: %(count)s problem to fix.",
            "The EMA results file is not ready: %(count)s problems to fix.",
            count,
        )
        messages.error(request, message % {"count": count})
        return redirect("ema_check", slug=slug)


@csp_update({"style-src": ["'unsafe-inline'"], "img-src": ["data:"]})  # the score grid's generated <style>
@organiser_required
def print_preview(request, slug, document):
    return HttpResponse(_document(request, document).html())


@organiser_required
@require_http_methods(["GET", "POST"])
def print_pdf(request, slug, document):
    """GET: what will be printed and a button; POST (the button, or the exports page's): the PDF is made by the
    background worker and the job's page offers it (a 100-page document takes several seconds)."""
    chosen = _document(request, document)
    if request.method == "GET":
        context = {
            "tournament": request.tournament,
            "title": job_title(Job.Kind.DOCUMENT, document_params(chosen)),
            "nav_path": reverse("exports", args=[slug]),
        }
        return render(request, "organise/jobs/prepare.html", context)
    params = document_params(chosen)
    return start_and_show(
        request,
        refused_to=reverse("exports", args=[slug]),
        kind=Job.Kind.DOCUMENT,
        params=params,
        title=job_title(Job.Kind.DOCUMENT, params),
        expected_seconds=_expected_seconds(request.tournament),
    )


@organiser_required
@require_POST
def export_file(request, slug, identifier):
    """A large export (the archive, every session's results) made by the background worker."""
    params = {"export": identifier, "session": session_param(request.GET, request.tournament, "session")}
    try:
        exporter = exporter_for(request.tournament, params)
    except ExportRequestError as error:
        raise Http404(str(error)) from None
    return start_and_show(
        request,
        refused_to=reverse("exports", args=[slug]),
        kind=Job.Kind.EXPORT,
        params=params,
        title=exporter.filename(),
        expected_seconds=_expected_seconds(request.tournament),
    )


def _expected_seconds(tournament) -> float:
    """A rough guess for the progress bar: about a second per 40 players (a 100-table document takes ~10 s)."""
    return 1.0 + tournament.registrations.count() / 40


def _document(request, identifier: str) -> documents.Document:
    try:
        document = documents.get_document(identifier)(
            request.tournament,
            session=session_param(request.GET, request.tournament, "session"),
            after_session=session_param(request.GET, request.tournament, "after"),
            blank=request.GET.get("blank") == "1",
            day=request.GET.get("day") or None,
            language=language_param(request.GET),
        )
        document.public_base = public_base(request)
        return document
    except documents.DocumentRequestError as error:
        raise Http404(str(error)) from None
