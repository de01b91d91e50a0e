"""Uploading a player list (/t/<slug>/organise/players/upload/): the file is checked row by row with the rules of
the import_players command (tournament.readers.player_list); every bad row is listed with its row, column and reason
(the first 50) and nothing is imported while any row is bad. A good list is shown first; the organiser confirms,
and services.players.import_players registers everyone or nobody."""

from dataclasses import asdict

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from scoring.standings import RESERVE
from tournament.forms.players import PlayerFileForm
from tournament.forms.posted import posted
from tournament.readers.csv_encodings import Reading
from tournament.readers.player_list import PlayerFileError, PlayerRow, read_player_list
from tournament.services import DomainError
from tournament.services.players import import_players
from tournament.tables.players import STATUS_LABELS
from tournament.views.access import organiser_required

LIST_KEY = "player-list:{slug}"


@organiser_required
def upload(request, slug):
    tournament = request.tournament
    form = PlayerFileForm(posted(request), request.FILES if request.method == "POST" else None)
    context = {"tournament": tournament, "form": form, "errors": []}
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            listing = read_player_list(tournament, upload.name, upload.read())
        except PlayerFileError as error:
            form.add_error(None, error.message)
            context["errors"] = error.errors  # the first 50, then a line counting the others (BadRowsError)
        except DomainError as error:
            form.add_error("file", str(error))
        else:
            if not listing.players:
                form.add_error("file", _("%(name)s lists no players.") % {"name": upload.name})
            else:
                request.session[LIST_KEY.format(slug=slug)] = {
                    "source": upload.name,
                    "rows": [asdict(row) for row in listing.players],
                    "reading": asdict(listing.reading) if listing.reading else None,
                }
                return redirect("organise_players_preview", slug)
    status = 400 if form.is_bound else 200
    return render(request, "organise/players_upload.html", context, status=status)


def _waiting(request, slug) -> tuple[str, list[PlayerRow]] | None:
    data = request.session.get(LIST_KEY.format(slug=slug))
    if not data:
        return None
    return data["source"], [PlayerRow(**row) for row in data["rows"]]


def _mark_renames(request, slug, message: str) -> None:
    """The list brings other names for people of other tournaments: the preview asks to confirm (services.people)."""
    key = LIST_KEY.format(slug=slug)
    request.session[key] = {**request.session[key], "renames": message}


@organiser_required
def preview(request, slug):
    waiting = _waiting(request, slug)
    if waiting is None:
        messages.info(request, _("There is no player list waiting. Upload one."))
        return redirect("organise_players_upload", slug)
    source, rows = waiting
    stored = request.session[LIST_KEY.format(slug=slug)]
    reading = Reading(**stored["reading"]) if stored.get("reading") else None
    context = {
        "tournament": request.tournament,
        "source": source,
        "rows": rows,
        # each row's status as the player list shows it: a reserve is seen before anybody is registered
        "rows_with_status": [(row, STATUS_LABELS.get(row.status, row.status)) for row in rows],
        "reserves": sum(row.status == RESERVE for row in rows),
        "renames": stored.get("renames", ""),
        "reading": reading,
    }
    return render(request, "organise/players_preview.html", context)


@require_POST
@organiser_required
def confirm(request, slug):
    waiting = _waiting(request, slug)
    if waiting is None:
        messages.info(request, _("There is no player list waiting. Upload one."))
        return redirect("organise_players_upload", slug)
    source, rows = waiting
    if request.POST.get("action") == "discard":
        del request.session[LIST_KEY.format(slug=slug)]
        messages.info(request, _("The player list was discarded; nobody was registered."))
        return redirect("organise_players", slug)
    try:
        registered = import_players(
            actor=request.user,
            tournament=request.tournament,
            players=rows,
            source=source,
            confirm_rename=request.POST.get("action") == "rename",
        )
    except DomainError as error:
        if error.code == "person_differs":
            _mark_renames(request, slug, error.message)
        else:
            messages.error(request, _("Nobody was registered: %(problem)s") % {"problem": error.message})
        return redirect("organise_players_preview", slug)
    del request.session[LIST_KEY.format(slug=slug)]
    messages.success(
        request,
        ngettext(
            "%(count)s player from %(source)s is registered.",
            "%(count)s players from %(source)s are registered.",
            len(registered),
        )
        % {"count": len(registered), "source": source},
    )
    return redirect("organise_players", slug)
