"""The digital score sheet of a table: the referee's page, and the same sheet for the table's players through the
link printed on their score sheet. Hands are added one by one (each post once, by its submission key), the last
one can be undone, and when the game is over the referee fills the table result from it."""

import uuid

from django.contrib import messages
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.hands.log import SEATS
from scoring.limits import MAX_SHEET_LINES
from tournament.models import SheetEntry
from tournament.permissions import referee_required
from tournament.referee.sheet import HandForm, sheet_token, token_matches
from tournament.services import DomainError
from tournament.services.sheets import add_line, play, sheet_log, signal_sounded
from tournament.views.params import int_param
from tournament.views.public.access import public_tournament
from tournament.views.referee.common import go, seated_table


@referee_required
@require_http_methods(["GET", "POST"])
def referee_sheet(request, slug, number, table):
    table, seats = seated_table(request.tournament, number, table)
    return _sheet(request, table, seats, actor=request.user, label=None, players=False)


@require_http_methods(["GET", "POST"])
def players_sheet(request, slug, number, table, token):
    tournament = public_tournament(request, slug)
    table, seats = seated_table(tournament, number, table)
    if not token_matches(table, token):
        raise Http404
    where = _("table %(table)s") % {"table": table.number}
    label = _("players of %(where)s") % {"where": where}
    return _sheet(request, table, seats, actor=None, label=label, players=True)


def _sheet(request, table, seats, *, actor, label, players: bool):
    entries = list(table.sheet_entries.order_by("seq"))
    form = None
    if request.method == "POST":
        form = _post(request, table, seats, entries, actor, label)
        if form is None:
            return go(request, request.path)
    return _render(request, table, seats, entries, form, players)


def _post(request, table, seats, entries, actor, label):
    """Add the posted line; the bound hand form when it must be shown again, None when done."""
    action = request.POST.get("action", "hand")
    form = HandForm(request.POST, seats=seats) if action == "hand" else None
    key = request.POST.get("submission_key", "")
    count = int_param(request.POST, "expected_count", low=0, high=MAX_SHEET_LINES, default=-1)
    if form is not None and not form.is_valid():
        return form
    try:
        add_line(
            actor=actor,
            label=label,
            table=table,
            kind={"hand": SheetEntry.HAND, "undo": SheetEntry.UNDO, "signal": SheetEntry.SIGNAL}.get(
                action, ""
            ),
            hand=form.hand() if form is not None else None,
            expected_count=count,
            submission_key=key if key else uuid.uuid4().hex,
        )
    except DomainError as error:
        if form is None:
            messages.error(request, error.message)
            return None
        form.add_error(None, error.message)
        return form
    return None


def _render(request, table, seats, entries, form, players: bool):
    log = sheet_log(entries)
    try:
        game, problem = play(table, log), None
    except (
        DomainError
    ) as error:  # a sheet written before a rule was understood differently: say so, show nothing
        game, problem = None, error.message
    by_wind = {seat.wind: seat for seat in seats}
    form = form or HandForm(
        initial={"expected_count": len(entries), "submission_key": uuid.uuid4().hex, "kind": "ron"},
        seats=seats,
    )
    context = {
        "tournament": table.session.tournament,
        "session": table.session,
        "table": table,
        "seats": seats,
        "form": form,
        "game": game,
        "problem": problem,
        "rows": _rows(game, by_wind) if game else [],
        "state": _state(game, by_wind) if game else None,
        "count": len(entries),
        "undo_key": uuid.uuid4().hex,
        "signal_key": uuid.uuid4().hex,
        "signalled": signal_sounded(entries),
        "players": players,
        "fill_url": reverse(
            "referee_table", args=[table.session.tournament.slug, table.session.number, table.number]
        )
        + "?from_sheet=1",
        "players_url": reverse(
            "players_sheet",
            args=[table.session.tournament.slug, table.session.number, table.number, sheet_token(table)],
        ),
    }
    return render(request, "referee/sheet.html", context)


def _rows(game, by_wind) -> list[dict]:
    return [
        {
            "number": result.hand.number,
            "round": result.before.round_name,
            "dealer": by_wind[SEATS[result.before.dealer]],
            "description": result.description,
            "deltas": result.deltas,
            "scores": result.after.scores,
        }
        for result in game.hands
    ]


def _state(game, by_wind) -> dict:
    last = game.hands[-1].after if game.hands else None
    scores = game.final if game.finished or last is None else last.scores
    return {
        "round": last.round_name if last else "E1",
        "dealer": by_wind[SEATS[last.dealer if last else 0]],
        "counters": last.counters if last else 0,
        "sticks": last.sticks if last else 0,
        "scores": [(by_wind[wind], score) for wind, score in zip(SEATS, scores, strict=True)],
    }
