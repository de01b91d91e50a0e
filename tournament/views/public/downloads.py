"""Any registered export by identifier. Standings of a public tournament are public (unless hidden: then for its
staff); every other export is for the tournament's organisers, and not kept by a browser or proxy
(tournament.operations.caching: ``request.staff_page``)."""

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect

from tournament.exporters.catalogue import ExportRequestError, build_exporter, is_public
from tournament.exporters.ema_workbook import EmaNotReady
from tournament.permissions import can_organise
from tournament.selectors.visibility import PUBLIC, standings_visible, tournament_visible
from tournament.views.access import public_tournament
from tournament.views.downloads import download
from tournament.views.params import session_param


def export(request, slug, identifier):
    tournament = public_tournament(request, slug)
    request.staff_page = not _public_download(tournament, identifier)
    denied = _export_denied(request, tournament, identifier)
    if denied:
        return denied
    options = {
        "after_session": session_param(request.GET, tournament, "after"),
        "session": session_param(request.GET, tournament, "session"),
        "force": request.GET.get("force") == "1",
        "category": request.GET.get("category") or None,
    }
    try:
        exporter = build_exporter(identifier, tournament, **options)
        return download(exporter)
    except ExportRequestError as error:
        raise Http404(str(error)) from None
    except EmaNotReady:
        return redirect("ema_check", slug=slug)


def _public_download(tournament, identifier: str) -> bool:
    return (
        is_public(identifier)
        and tournament_visible(tournament, PUBLIC)
        and standings_visible(tournament, PUBLIC)
    )


def _export_denied(request, tournament, identifier: str):
    if is_public(identifier) and standings_visible(tournament, request.user):
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_organise(request.user, tournament):
        raise PermissionDenied
    return None
