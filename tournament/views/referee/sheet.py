"""The digital score sheet of a table: the referee's page, and the same sheet for the table's players through the
link printed on their score sheet. Hands are added one by one (each post once, by its submission key), the last
one can be undone, and when the game is over the referee fills the table result from it.

The players' link is read-only once the table has a result, and gone (410) once the session's results are final.
A chombo the players enter waits on the referee's pages until the referee records it (``record_chombo``).
"""

import uuid

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from scoring.hands.log import SEATS
from scoring.limits import MAX_SHEET_LINES
from tournament.display.hand_words import describe_hand, round_label
from tournament.forms.sheet import HandForm, LineForm, sheet_token, token_matches
from tournament.models import SheetEntry
from tournament.selectors.progress import results_final
from tournament.selectors.sheets import play, sheet_log, signal_sounded
from tournament.services import DomainError
from tournament.services.sheets import add_line, record_sheet_chombo
from tournament.views.access import public_tournament, referee_required
from tournament.views.params import int_param
from tournament.views.referee.common import go, refused_status, seated_table, sheet_chombos


@referee_required
@require_http_methods(["GET", "POST"])
def referee_sheet(request, slug, number, table):
    table, seats = seated_table(request.tournament, number, table)
    return _sheet(request, table, seats, actor=request.user, players=False)


@require_http_methods(["GET", "POST"])
def players_sheet(request, slug, number, table, token):
    tournament = public_tournament(request, slug)
    table, seats = seated_table(tournament, number, table)
    if not token_matches(table, token):
        raise Http404
    if results_final(table.session):
        context = {"tournament": tournament, "session": table.session, "table": table, "players": True}
        return render(request, "referee/sheet_expired.html", context, status=410)
    return _sheet(request, table, seats, actor=None, players=True)


@referee_required
@require_POST
def record_chombo(request, slug, number, table):
    """The referee records a chombo the players entered on the sheet as its penalty (3.4.6)."""
    table, seats = seated_table(request.tournament, number, table)
    line = int_param(request.POST, "line", low=1, high=MAX_SHEET_LINES, default=0)
    try:
        record_sheet_chombo(actor=request.user, table=table, line=line)
    except DomainError as error:
        return _render(
            request, table, seats, players=False, errors=[error.message], status=refused_status(error)
        )
    if request.POST.get("back") == "sheet":
        return go(request, reverse("referee_sheet", args=[slug, number, table.number]))
    return go(request, reverse("referee_table", args=[slug, number, table.number]) + "#penalties")


def _sheet(request, table, seats, *, actor, players: bool):
    if request.method != "POST":
        return _render(request, table, seats, players=players)
    form = (
        HandForm(request.POST, seats=seats, rules=table.session.tournament.rules)
        if request.POST.get("action") == SheetEntry.HAND
        else LineForm(request.POST)
    )
    status = refused_status() if not form.is_valid() else _add(form, table, actor, players)
    if status is None:
        return go(request, request.path)
    errors = [*form.non_field_errors(), *(error for field in form.hidden_fields() for error in field.errors)]
    hand_form = form if isinstance(form, HandForm) else None
    return _render(request, table, seats, form=hand_form, players=players, errors=errors, status=status)


def _add(form: LineForm, table, actor, players: bool) -> int | None:
    """Add the posted line; None when done, or the status of the refusal (its message is on the form)."""
    try:
        add_line(
            actor=actor,
            table=table,
            kind=form.cleaned_data["action"],
            hand=form.hand(),
            expected_count=form.cleaned_data["expected_count"],
            submission_key=form.cleaned_data["submission_key"],
            by_players=players,
        )
    except DomainError as error:
        form.add_error(None, error.message)
        return refused_status(error)
    return None


def _render(request, table, seats, *, players: bool, form=None, errors=(), status=200):
    entries = list(table.sheet_entries.order_by("seq"))
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
        rules=table.session.tournament.rules,
    )
    context = {
        "tournament": table.session.tournament,
        "session": table.session,
        "table": table,
        "seats": seats,
        "form": form,
        "errors": errors,
        "game": game,
        "problem": problem,
        "rows": _rows(game, by_wind, table.session.tournament.rules.chombo_at_table) if game else [],
        "state": _state(game, by_wind) if game else None,
        "count": len(entries),
        "undo_key": uuid.uuid4().hex,
        "signal_key": uuid.uuid4().hex,
        "signalled": signal_sounded(entries),
        "players": players,
        "closed": players and table.results.exists(),
        "proposals": sheet_chombos(table, seats),
        "fill_url": reverse(
            "referee_table", args=[table.session.tournament.slug, table.session.number, table.number]
        )
        + "?from_sheet=1",
        "players_url": reverse(
            "players_sheet",
            args=[table.session.tournament.slug, table.session.number, table.number, sheet_token(table)],
        ),
    }
    return render(request, "referee/sheet.html", context, status=status)


def _rows(game, by_wind, chombo_at_table: bool) -> list[dict]:
    return [
        {
            "number": result.hand.number,
            "round": round_label(result.before.round_name),
            "dealer": by_wind[SEATS[result.before.dealer]],
            "description": describe_hand(result.hand, chombo_at_table=chombo_at_table),
            "deltas": result.deltas,
            "scores": result.after.scores,
        }
        for result in game.hands
    ]


def _state(game, by_wind) -> dict:
    last = game.hands[-1].after if game.hands else None
    scores = game.final if game.finished or last is None else last.scores
    return {
        "round": round_label(last.round_name if last else "E1"),
        "dealer": by_wind[SEATS[last.dealer if last else 0]],
        "counters": last.counters if last else 0,
        "sticks": last.sticks if last else 0,
        "scores": [(by_wind[wind], score) for wind, score in zip(SEATS, scores, strict=True)],
    }
