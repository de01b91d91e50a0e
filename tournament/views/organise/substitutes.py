"""A session's substitutes from the start (5.8), for the organiser and the referees on a phone: every seat by
table, a form per player to pick a free reserve or name a guest, the current substitutes with a remove button.
``?player=KEY`` opens that player's form first (the attendance page links here, from an absent player's line). The
players marked absent whose seat nobody plays yet are named first, each linked to their form. At a table with a result each form
has a "correct the result" checkbox: ticked, the change is a correction (a new version of the result). Writes go
through services.substitutes."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournament.models import Seat, Session
from tournament.selectors.attendance import absent_without_substitute
from tournament.selectors.seating import free_reserves, session_tables
from tournament.services import DomainError
from tournament.services.substitutes import remove_substitute, substitute
from tournament.views.access import referee_required


@referee_required
def session_substitutes(request, slug, number):
    session = get_object_or_404(Session, tournament=request.tournament, number=number)
    if request.method == "POST":
        refused = _change(request, session)
        if refused is None:
            return redirect("session_substitutes", slug, number)
        return _render(request, session, refused=refused, status=400)
    return _render(request, session)


def _change(request, session: Session) -> DomainError | None:
    key = request.POST.get("player", "")
    correct = request.POST.get("correct") == "1"
    try:
        if request.POST.get("action") == "remove":
            seat = remove_substitute(
                tournament=request.tournament,
                session_number=session.number,
                player_key=key,
                correct=correct,
                actor=request.user,
            )
            messages.success(request, _("%(player)s plays after all.") % {"player": seat.registration.player})
        else:
            seat = substitute(
                tournament=request.tournament,
                session_number=session.number,
                player_key=key,
                reserve_key=request.POST.get("reserve") or None,
                guest=request.POST.get("guest", "").strip() or None,
                correct=correct,
                actor=request.user,
            )
            messages.success(
                request,
                _("%(substitute)s substitutes for %(player)s from the start.")
                % {"substitute": seat.substitute_label, "player": seat.registration.player},
            )
    except DomainError as error:
        return error
    if correct and seat.table.results.exists():
        messages.success(
            request,
            _("The result of table %(table)s is corrected: a new version with the same raw points.")
            % {"table": seat.table.number},
        )
    return None


def _render(request, session: Session, *, refused: DomainError | None = None, status: int = 200):
    context = {
        "tournament": request.tournament,
        "session": session,
        "tables": session_tables(session),
        "absent": absent_without_substitute(session),
        "reserves": free_reserves(session),
        "has_results": set(session.tables.filter(results__isnull=False).values_list("number", flat=True)),
        "chosen": request.POST.get("player") if refused else request.GET.get("player", ""),
        "refused": refused.message if refused else "",
        "guest_length": Seat._meta.get_field("substitute_guest").max_length,
    }
    return render(request, "organise/substitutes.html", context, status=status)
