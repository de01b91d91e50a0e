"""The audit log (/t/<slug>/organise/log/): every change, newest first, filtered by session, table, player and
the person who made it (tournament.selectors.audit), 50 to a page."""

from django.core.paginator import Paginator
from django.shortcuts import render

from tournament.forms.log import LogFilterForm
from tournament.selectors.audit import audit_entries
from tournament.views.access import organiser_required
from tournament.views.params import page_param

PER_PAGE = 50


@organiser_required
def log(request, slug):
    tournament = request.tournament
    form = LogFilterForm(request.GET or None, tournament=tournament)
    wanted = form.wanted() if form.is_bound else None
    entries = audit_entries(tournament, wanted)
    page = Paginator(entries, PER_PAGE).get_page(page_param(request.GET))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "tournament": tournament,
        "form": form,
        "page": page,
        "filtered": bool(wanted and wanted.active),
        "query": query.urlencode(),
    }
    status = 400 if form.is_bound and not form.is_valid() else 200
    return render(request, "organise/log.html", context, status=status)
