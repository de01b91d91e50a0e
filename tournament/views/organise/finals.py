"""The organiser's finals page (/t/<slug>/organise/finals/; docs/organisers.md, "Finals and cuts"): the cut's form,
its preview (who goes through, how, and what each carries, read with GET: nothing is written), the organiser's
choice where the tie-breaks leave a tie, then "Make the cut" (POST). With a cut made: who plays the final, the final
sessions with the next one to seat by the standings within the final, and undo before the first final result.
Writes go through services.finals."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.limits import MAX_SESSIONS
from tournament.forms.finals import CutForm
from tournament.selectors.finals import final_results_entered, preview_cut, tournament_cut
from tournament.selectors.progress import sessions_with_results
from tournament.services import DomainError, finals
from tournament.views.access import organiser_required
from tournament.views.params import int_param


@organiser_required
def finals_page(request, slug):
    tournament = request.tournament
    stored = tournament_cut(tournament)
    if stored is not None:
        return _render(request, stored=stored, played=final_results_entered(tournament, stored.cut))
    if request.method == "POST":
        return _make_cut(request)
    asked = "top" in request.GET
    form = CutForm(request.GET if asked else None, initial=_initial(tournament))
    preview, refused = None, ""
    if asked and form.is_valid():
        try:
            preview = preview_cut(tournament, **form.arguments(request.GET.getlist("through")))
        except DomainError as error:
            refused = error.message
    return _render(request, form=form, preview=preview, refused=refused, status=400 if refused else 200)


def _make_cut(request):
    form = CutForm(request.POST)
    if form.is_valid():
        try:
            preview = finals.make_cut(
                actor=request.user,
                tournament=request.tournament,
                **form.arguments(request.POST.getlist("through")),
            )
        except DomainError as error:
            return _render(request, form=form, refused=error.message, status=400)
        messages.success(
            request,
            _("The cut is made: the top %(top)s play session %(session)s, seated by place.")
            % {"top": preview.top, "session": preview.numbers[0]},
        )
        return redirect("organise_finals", request.tournament.slug)
    return _render(request, form=form, status=400)


@organiser_required
@require_POST
def seat_final(request, slug):
    number = int_param(request.POST, "session", low=1, high=MAX_SESSIONS, default=0)
    try:
        finals.seat_final_session(actor=request.user, tournament=request.tournament, number=number)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("Session %(session)s is seated by the standings within the final.") % {"session": number},
        )
    return redirect("organise_finals", slug)


@organiser_required
@require_POST
def undo_cut(request, slug):
    try:
        finals.undo_cut(actor=request.user, tournament=request.tournament)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The cut is undone: the standings are the standings again."))
    return redirect("organise_finals", slug)


def _initial(tournament) -> dict:
    return {"after_session": max(sessions_with_results(tournament), default=1), "top": 8, "carry": "halved"}


def _render(request, *, form=None, preview=None, refused="", stored=None, played=False, status=200):
    tournament = request.tournament
    context = {
        "tournament": tournament,
        "form": form,
        "preview": preview,
        "refused": refused,
        "stored": stored,
        "played": played,
        "next_to_seat": _next_to_seat(tournament, stored) if stored else None,
    }
    return render(request, "organise/finals.html", context, status=status)


def _next_to_seat(tournament, stored):
    """The first final session after the first that has no results yet while the one before it has some."""
    played = sessions_with_results(tournament)
    for number in stored.numbers[1:]:
        if number not in played and number - 1 in played:
            return number
    return None
