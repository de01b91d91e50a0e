"""The staff member's list of tournaments (/organise/) and creating a tournament (/organise/new/): details, rules
checked by the same scoring rules as everywhere, sessions with their start times. The creator becomes its
organiser (services.setup.set_up_tournament)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournament.forms.posted import posted
from tournament.forms.tournament import NewTournamentForm, RulesForm, SessionPlanForm
from tournament.models import Tournament, TournamentRole
from tournament.selectors.creators import can_create_tournaments, creator_required
from tournament.services import DomainError
from tournament.services.setup import set_up_tournament


@login_required
def tournaments(request):
    """The tournaments the user works in, each with the page of their role."""
    if request.user.is_superuser:
        rows = [(tournament, TournamentRole.ORGANISER) for tournament in Tournament.objects.all()]
    else:
        roles = TournamentRole.objects.filter(user=request.user).select_related("tournament")
        best = {}
        for role in roles.order_by("role"):  # "organiser" before "referee"
            best.setdefault(role.tournament, role.role)
        rows = sorted(
            best.items(), key=lambda row: (row[0].start_date is None, row[0].start_date), reverse=True
        )
    context = {
        "rows": rows,
        "organiser": TournamentRole.ORGANISER,
        "can_create": can_create_tournaments(request.user),
    }
    return render(request, "organise/tournaments.html", context)


@creator_required
def new_tournament(request):
    details = NewTournamentForm(posted(request))
    rules = RulesForm(posted(request), initial={"ruleset": "ema-2016"})
    plan = SessionPlanForm(posted(request))
    if request.method == "POST" and all([details.is_valid(), rules.is_valid(), plan.is_valid()]):
        tournament = _create(request, details, rules, plan)
        if tournament is not None:
            messages.success(
                request,
                _("%(name)s is created and you are its organiser. Next: register the players.")
                % {"name": tournament.name},
            )
            return redirect("organise_players", tournament.slug)
    context = {"details": details, "rules": rules, "plan": plan}
    return render(request, "organise/new.html", context, status=400 if request.method == "POST" else 200)


def _create(request, details, rules, plan) -> Tournament | None:
    data = dict(details.cleaned_data)
    try:
        with transaction.atomic():
            return set_up_tournament(
                actor=request.user,
                slug=data.pop("slug"),
                name=data.pop("name"),
                ruleset=rules.cleaned_data["ruleset"],
                ruleset_overrides=rules.overrides(),
                sessions=plan.cleaned_data["sessions"],
                starts=plan.cleaned_data["start_times"],
                **data,
            )
    except DomainError as error:
        if error.params.get("key"):
            rules.show_refusal(error)
        else:
            details.add_error(None, error.message)
    return None
