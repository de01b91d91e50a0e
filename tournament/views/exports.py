"""Downloads and printed documents: the organiser's exports page, the EMA results file (check, preview with the
MERS weight override, download), any registered export by identifier, and each printed document as an HTML
preview or a PDF. The only change made here (the weight override) goes through the tournaments service.
"""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import BadRequest, PermissionDenied
from django.db.models import Count, Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from tournament.ema.checks import ema_problems, errors
from tournament.ema.forms import MersOverrideForm
from tournament.ema.results import ema_results
from tournament.exporters.catalogue import ExportRequestError, build_exporter, is_public
from tournament.exporters.ema_workbook import EmaNotReady
from tournament.models import Tournament
from tournament.permissions import can_organise, organiser_required
from tournament.printing import documents
from tournament.services import DomainError
from tournament.services.tournaments import update_tournament


@organiser_required
def index(request, slug):
    tournament = request.tournament
    context = {
        "tournament": tournament,
        "sessions": tournament.sessions.annotate(
            table_count=Count("tables", distinct=True),
            result_count=Count("tables__results", filter=Q(tables__results__is_current=True), distinct=True),
        ),
    }
    return render(request, "tournament/exports/index.html", context)


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
    return render(request, "tournament/exports/ema_check.html", context)


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
    return render(request, "tournament/exports/ema_preview.html", context)


@organiser_required
def ema_download(request, slug, fmt):
    exporter = build_exporter(f"ema-{fmt}", request.tournament, force=request.GET.get("force") == "1")
    try:
        return _download(exporter)
    except EmaNotReady as refused:
        count = len(errors(refused.problems))
        message = ngettext(
            "The EMA results file is not ready: %(count)s problem to fix.",
            "The EMA results file is not ready: %(count)s problems to fix.",
            count,
        )
        messages.error(request, message % {"count": count})
        return redirect("ema_check", slug=slug)


def export(request, slug, identifier):
    """Any registered export. Standings of a public tournament are public; every other export is for organisers."""
    tournament = get_object_or_404(Tournament, slug=slug)
    denied = _export_denied(request, tournament, identifier)
    if denied:
        return denied
    options = {
        "after_session": _number(request, "after"),
        "session": _number(request, "session"),
        "force": request.GET.get("force") == "1",
    }
    try:
        exporter = build_exporter(identifier, tournament, **options)
        return _download(exporter)
    except ExportRequestError as error:
        raise Http404(str(error)) from None
    except EmaNotReady:
        return redirect("ema_check", slug=slug)


def _export_denied(request, tournament: Tournament, identifier: str):
    if is_public(identifier) and tournament.is_public:
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_organise(request.user, tournament):
        raise PermissionDenied
    return None


@organiser_required
def print_preview(request, slug, document):
    return HttpResponse(_document(request, document).html())


@organiser_required
def print_pdf(request, slug, document):
    chosen = _document(request, document)
    response = HttpResponse(chosen.pdf(), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{chosen.filename()}"'
    return response


def _document(request, identifier: str) -> documents.Document:
    try:
        document = documents.get_document(identifier)
        return document(
            request.tournament,
            session=_number(request, "session"),
            after_session=_number(request, "after"),
            blank=request.GET.get("blank") == "1",
        )
    except documents.DocumentRequestError as error:
        raise Http404(str(error)) from None


def _download(exporter) -> HttpResponse:
    response = HttpResponse(exporter.render(), content_type=exporter.content_type)
    response["Content-Disposition"] = f'attachment; filename="{exporter.filename()}"'
    return response


def _number(request, name: str) -> int | None:
    value = request.GET.get(name, "")
    if not value:
        return None
    if not value.isdigit() or int(value) < 1:
        raise BadRequest(f"{name} must be a whole number, 1 or more")
    return int(value)
