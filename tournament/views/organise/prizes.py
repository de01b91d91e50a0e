"""The tournament's prizes (/t/<slug>/organise/prizes/): the list with who wins each (selectors.prizes), the form
to add one, "add the usual prizes", and per prize edit, move up or down, and delete; the printed prize list and
the certificates are linked from here. Every change goes through services.prizes and is in the audit log."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from scoring.limits import MAX_ROW_ID
from tournament.display.prizes import prize_title
from tournament.forms.prizes import PrizeForm
from tournament.models import Prize
from tournament.selectors.changes import change_stamp
from tournament.selectors.overview import overview
from tournament.selectors.prizes import prize_list
from tournament.services import DomainError, prizes
from tournament.views.access import organiser_required
from tournament.views.params import int_param

STEPS = {"up": -1, "down": 1}


@organiser_required
def prize_page(request, slug):
    tournament = request.tournament
    form = PrizeForm(request.POST or None, tournament=tournament)
    if request.method == "POST":
        if form.is_valid():
            try:
                prize = prizes.add_prize(
                    actor=request.user, tournament=tournament, **form.service_arguments()
                )
            except DomainError as error:
                form.add_error(None, error.message)
            else:
                messages.success(
                    request, _("The prize “%(title)s” is added.") % {"title": prize_title(prize)}
                )
                return redirect("organise_prizes", slug)
        return _page(request, form, status=400)
    return _page(request, form)


def _page(request, form: PrizeForm, status: int = 200):
    tournament = request.tournament
    awarded = prize_list(overview(tournament, change_stamp(tournament)))
    context = {"tournament": tournament, "form": form, "awarded": awarded}
    return render(request, "organise/prizes.html", context, status=status)


@organiser_required
def edit_prize(request, slug, prize_id):
    prize = get_object_or_404(Prize, tournament=request.tournament, pk=prize_id)
    form = PrizeForm(request.POST or None, tournament=request.tournament, prize=prize)
    if request.method == "POST" and form.is_valid():
        try:
            changed = prizes.change_prize(actor=request.user, prize=prize, **form.service_arguments())
        except DomainError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("The prize “%(title)s” is saved.") % {"title": prize_title(changed)})
            return redirect("organise_prizes", slug)
    context = {"tournament": request.tournament, "form": form, "prize": prize}
    status = 400 if request.method == "POST" else 200
    return render(request, "organise/prize_edit.html", context, status=status)


@require_POST
@organiser_required
def usual_prizes(request, slug):
    try:
        added = prizes.add_usual_prizes(actor=request.user, tournament=request.tournament)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect("organise_prizes", slug)
    if added:
        messages.success(
            request,
            ngettext("%(count)s prize added: %(titles)s.", "%(count)s prizes added: %(titles)s.", len(added))
            % {"count": len(added), "titles": ", ".join(prize_title(prize) for prize in added)},
        )
    else:
        messages.info(request, _("The usual prizes are all there already."))
    return redirect("organise_prizes", slug)


@require_POST
@organiser_required
def move_prize(request, slug):
    prize = _posted_prize(request)
    step = STEPS.get(request.POST.get("direction", ""))
    if step is None:
        messages.error(request, _("Choose whether to move the prize up or down."))
        return _page(request, PrizeForm(tournament=request.tournament), status=400)
    prizes.move_prize(actor=request.user, prize=prize, step=step)
    return redirect("organise_prizes", slug)


@require_POST
@organiser_required
def delete_prize(request, slug):
    prize = _posted_prize(request)
    prizes.delete_prize(actor=request.user, prize=prize)
    messages.success(request, _("The prize “%(title)s” is deleted.") % {"title": prize_title(prize)})
    return redirect("organise_prizes", slug)


def _posted_prize(request) -> Prize:
    return get_object_or_404(
        Prize, tournament=request.tournament, pk=int_param(request.POST, "prize", low=1, high=MAX_ROW_ID)
    )
