"""Uploading a results file (/t/<slug>/organise/results/upload/; the paper fallback): the file is checked row by row
with the rules of the import_results command (tournament.readers.results_file); every problem is listed with its
row, column and reason and nothing is written while any row is bad. A good file is shown first, table by table (new,
unchanged, or a correction of a different result); the organiser confirms, and services.results_import writes all
of it or nothing."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.display.counts import chombos_written, tables_written
from tournament.forms.players import ResultsFileForm
from tournament.forms.posted import posted
from tournament.readers.results_file import ResultsFileError, read_results_file
from tournament.selectors.results_import import DIFFERENT, ImportedTable, preview
from tournament.services import DomainError
from tournament.services.results_import import import_results
from tournament.views.access import organiser_required

FILE_KEY = "results-file:{slug}"


@organiser_required
def upload(request, slug):
    tournament = request.tournament
    form = ResultsFileForm(posted(request), request.FILES if request.method == "POST" else None)
    context = {"tournament": tournament, "form": form, "errors": []}
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            read = read_results_file(tournament, upload.name, upload.read())
        except ResultsFileError as error:
            form.add_error(None, error.message)
            context["errors"] = error.errors
        except DomainError as error:
            form.add_error("file", str(error))
        else:
            request.session[FILE_KEY.format(slug=slug)] = {
                "source": upload.name,
                "tables": [table.as_data() for table in read.tables],
                "correct": form.cleaned_data["correct"],
            }
            return redirect("organise_results_preview", slug)
    status = 400 if form.is_bound else 200
    return render(request, "organise/results_upload.html", context, status=status)


def _waiting(request, slug) -> tuple[str, list[ImportedTable], bool] | None:
    data = request.session.get(FILE_KEY.format(slug=slug))
    if not data:
        return None
    return data["source"], [ImportedTable.from_data(t) for t in data["tables"]], data["correct"]


@organiser_required
def preview_page(request, slug):
    waiting = _waiting(request, slug)
    if waiting is None:
        messages.info(request, _("There is no results file waiting. Upload one."))
        return redirect("organise_results_upload", slug)
    source, tables, correct = waiting
    rows = preview(request.tournament, tables)
    context = {
        "tournament": request.tournament,
        "source": source,
        "tables": rows,
        "correct": correct,
        "different": [row["change"].imported for row in rows if row["change"].state == DIFFERENT],
        "writes": any(row["change"].state != "unchanged" for row in rows),
    }
    return render(request, "organise/results_preview.html", context)


@require_POST
@organiser_required
def confirm(request, slug):
    waiting = _waiting(request, slug)
    if waiting is None:
        messages.info(request, _("There is no results file waiting. Upload one."))
        return redirect("organise_results_upload", slug)
    source, tables, _correct = waiting
    if request.POST.get("action") == "discard":
        del request.session[FILE_KEY.format(slug=slug)]
        messages.info(request, _("The results file was discarded; nothing was written."))
        return redirect("organise_dashboard", slug)
    correct = request.POST.get("correct") == "on"
    try:
        outcome = import_results(
            actor=request.user, tournament=request.tournament, tables=tables, correct=correct, source=source
        )
    except DomainError as error:
        messages.error(request, error.message)
        return redirect("organise_results_preview", slug)
    del request.session[FILE_KEY.format(slug=slug)]
    messages.success(request, _summary(source, outcome))
    return redirect("organise_dashboard", slug)


def _summary(source, outcome) -> str:
    if not outcome.wrote_anything:
        return _("%(source)s: nothing new; every table has these results already.") % {"source": source}
    return _("%(source)s: %(tables)s; %(chombos)s.") % {
        "source": source,
        "tables": tables_written(len(outcome.entered), len(outcome.corrected), len(outcome.unchanged)),
        "chombos": chombos_written(outcome.chombos_given, outcome.chombos_cancelled),
    }
