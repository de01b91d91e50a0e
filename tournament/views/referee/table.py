"""The referee's table page: the result form with its live preview, penalties, the second check, the history.

Every write goes through the services (results, penalties, checks). A form carries the version it showed and a
submission key, so a stale form is a conflict that keeps the typed values, and a re-post after a network error
returns what the first post created.
"""

import uuid

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.limits import MAX_LEFTOVER_STICKS
from scoring.standings import DISQUALIFIED, WITHDRAWN
from scoring.table import FROM_START
from tournament.display.sentences import sentence
from tournament.forms.referee import CancelPenaltyForm, CheckForm, PenaltyForm, TableResultForm
from tournament.models import Penalty, Table
from tournament.presenters.referee_table import saved_message, table_penalties, table_where
from tournament.selectors.referee_table import history, latest_check, versions
from tournament.selectors.sheets import finished_sheet
from tournament.selectors.table_preview import build_preview
from tournament.services import DomainError
from tournament.services.checks import check_result
from tournament.services.penalties import cancel_penalty as cancel_penalty_service
from tournament.services.penalties import give_penalty
from tournament.services.results import enter_table_result
from tournament.views.access import referee_required
from tournament.views.params import whole_number
from tournament.views.referee.common import go, refused_status, seated_table, sheet_chombos


def _table(request, number: int, table: int) -> tuple[Table, list]:
    return seated_table(request.tournament, number, table)


def _result_form(table: Table, seats: list, data=None) -> TableResultForm:
    """The table form bound to what was posted (its initial values do not matter then)."""
    rules = table.session.tournament.rules
    return TableResultForm(data, seats=seats, rules=rules, where=table_where(table))


def _fresh_form(table: Table, seats: list, current, *, from_sheet: bool) -> TableResultForm:
    """The form as the page opens: the current version's values, a finished score sheet's raw points, and, before
    any result, the seat's planned substitute (services.substitutes) or the substitute the organiser kept for a
    withdrawn or disqualified player's seat, from the start (5.8)."""
    initial = {"expected_version": current.result.version if current else 0, "submission_key": _new_key()}
    sheet = finished_sheet(table) if from_sheet else None
    if sheet is not None:
        initial["hands"], final = sheet
    for seat in seats:
        value = current.values.get(seat.wind) if current else None
        if sheet is not None:
            initial[f"{seat.wind}-raw"] = str(abs(final[seat.wind]))
            initial[f"{seat.wind}-negative"] = final[seat.wind] < 0
        elif value is not None:
            initial[f"{seat.wind}-raw"] = str(abs(value.raw))
            initial[f"{seat.wind}-negative"] = value.raw < 0
            initial[f"{seat.wind}-substitute"] = value.substitute
            initial[f"{seat.wind}-substitute_name"] = value.substitute_name
        if value is None:
            initial.update(_planned_substitute(seat))
    if current is not None:
        initial["leftover_sticks"] = current.result.leftover_sticks
    rules = table.session.tournament.rules
    return TableResultForm(initial=initial, seats=seats, rules=rules, where=table_where(table))


def _planned_substitute(seat) -> dict:
    if seat.substitute_label:
        return {f"{seat.wind}-substitute": FROM_START, f"{seat.wind}-substitute_name": seat.substitute_label}
    if seat.registration.status in (WITHDRAWN, DISQUALIFIED):
        return {f"{seat.wind}-substitute": FROM_START}
    return {}


def _new_key() -> str:
    return uuid.uuid4().hex


def _preview(table: Table, seats: list, form: TableResultForm):
    """What the form shows (posted, or as it opens: the current version or the score sheet's raw points) through
    the rules engine."""
    typed = form.typed_scores()
    substitutes = {seat.wind: form.shown(f"{seat.wind}-substitute") or "" for seat in seats}
    return build_preview(
        table.session.tournament.rules, table.session, seats, typed, substitutes, _sticks(form)
    )


def _sticks(form: TableResultForm) -> int:
    """The sticks typed so far, for the preview (0 until they are a number the form takes; the form refuses)."""
    sticks = whole_number(str(form.shown("leftover_sticks") or "0"))
    return sticks if sticks is not None and 0 <= sticks <= MAX_LEFTOVER_STICKS else 0


def _render(request, table: Table, seats: list, *, form=None, penalty_form=None, conflict=None, status=200):
    found = versions(table)
    current = found[-1] if found and found[-1].result.is_current else None
    form = form or _fresh_form(table, seats, current, from_sheet=request.GET.get("from_sheet") == "1")
    tournament = table.session.tournament
    check = latest_check(table)
    context = {
        "tournament": tournament,
        "session": table.session,
        "table": table,
        "seats": seats,
        "form": form,
        "preview": _preview(table, seats, form),
        "current": current,
        "conflict": conflict,
        "history": history(table, seats, found),
        "penalty_form": penalty_form or PenaltyForm(initial={"submission_key": _new_key()}, seats=seats),
        "chombo_seats": [(seat, _new_key()) for seat in seats],  # each one-tap chombo form its own key
        "check_keys": {"confirm": _new_key(), "dispute": _new_key()},  # the two check forms
        "active_penalties": table_penalties(table, seats),
        "proposals": sheet_chombos(table, seats),
        "check": check,
        "can_check": _can_check(request.user, tournament, current, check),
    }
    return render(request, "referee/table.html", context, status=status)


def _can_check(user, tournament, current, check) -> bool:
    if not tournament.confirmation_required or current is None:
        return False
    return current.result.entered_by_id != user.pk


@referee_required
def table_page(request, slug, number, table):
    table, seats = _table(request, number, table)
    if request.method != "POST":
        return _render(request, table, seats)
    form = _result_form(table, seats, request.POST)
    checking = request.POST.get("action") == "preview"  # "Check": answered, nothing refused unless damaged
    if not form.is_valid():
        status = refused_status() if form.damaged() or not checking else 200
        return _render(request, table, seats, form=form, status=status)
    if checking:
        return _render(request, table, seats, form=form)
    try:
        result = enter_table_result(
            actor=request.user,
            table=table,
            scores=form.cleaned_data["scores"],
            expected_version=form.cleaned_data["expected_version"],
            submission_key=form.cleaned_data["submission_key"],
            leftover_sticks=form.cleaned_data.get("leftover_sticks") or 0,
            hands=form.cleaned_data.get("hands") or None,
        )
    except DomainError as error:
        if error.code != "stale_result":
            form.add_error(None, error.message)
            return _render(request, table, seats, form=form, status=refused_status(error))
        return _conflict(request, table, seats, error)
    messages.success(request, saved_message(table, result, _preview(table, seats, form)))
    return go(request, reverse("referee_session", args=[slug, number]) + f"#table-{table.number}")


def _conflict(request, table: Table, seats: list, error: DomainError):
    """Somebody saved the table after this form was opened: keep the typed values, offer to save them on top."""
    data = request.POST.copy()
    data["expected_version"] = str(error.params.get("version", 0))
    form = _result_form(table, seats, data)
    form.is_valid()
    return _render(request, table, seats, form=form, conflict=error.message, status=refused_status(error))


@referee_required
@require_POST
def preview(request, slug, number, table):
    """The live preview (htmx): the same form posted while typing; nothing is saved."""
    table, seats = _table(request, number, table)
    form = _result_form(table, seats, request.POST)
    form.is_valid()
    context = {"preview": _preview(table, seats, form), "form": form, "tournament": table.session.tournament}
    return render(request, "referee/_preview.html", context)


@referee_required
@require_POST
def penalty(request, slug, number, table):
    table, seats = _table(request, number, table)
    form = PenaltyForm(request.POST, seats=seats)
    if form.is_valid():
        seat = form.seats[form.cleaned_data["seat"]]
        try:
            given = give_penalty(
                actor=request.user,
                registration=seat.registration,
                session=table.session,
                kind=form.cleaned_data["kind"],
                minutes=form.cleaned_data["minutes"],
                points=form.cleaned_data["points"],
                reason=form.cleaned_data["reason"].strip(),
                submission_key=form.cleaned_data["submission_key"],
            )
        except DomainError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _("%(kind)s for %(player)s recorded.")
                % {"kind": sentence(given.get_kind_display()), "player": seat.registration.player},
            )
            return redirect(reverse("referee_table", args=[slug, number, table.number]) + "#penalties")
    return _render(request, table, seats, penalty_form=form, status=refused_status())


@referee_required
@require_POST
def cancel_penalty(request, slug, number, table):
    table, seats = _table(request, number, table)
    form = CancelPenaltyForm(request.POST)
    back = reverse("referee_table", args=[slug, number, table.number]) + "#penalties"
    if not form.is_valid():
        messages.error(request, _("Say why the penalty is cancelled."))
        return redirect(back)
    found = Penalty.objects.filter(
        pk=form.cleaned_data["penalty"],
        session_id=table.session_id,
        registration_id__in=[seat.registration_id for seat in seats],
    ).first()
    if found is None:
        raise Http404
    try:
        cancel_penalty_service(actor=request.user, penalty=found, reason=form.cleaned_data["reason"])
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The penalty is cancelled."))
    return redirect(back)


@referee_required
@require_POST
def check(request, slug, number, table):
    table, seats = _table(request, number, table)
    form = CheckForm(request.POST)
    back = reverse("referee_table", args=[slug, number, table.number])
    if not form.is_valid():
        damaged = form.errors.get("submission_key") or form.errors.get("version")
        messages.error(request, damaged[0] if damaged else _("Choose confirm or dispute."))
        return redirect(back)
    try:
        check_result(
            actor=request.user,
            table=table,
            version=form.cleaned_data["version"],
            verdict=form.cleaned_data["verdict"],
            reason=form.cleaned_data["reason"],
            submission_key=form.cleaned_data["submission_key"],
        )
    except DomainError as error:
        messages.error(request, error.message)
        return redirect(back)
    messages.success(request, _("Your check of %(where)s is recorded.") % {"where": table_where(table)})
    return redirect(reverse("referee_session", args=[slug, number]))
