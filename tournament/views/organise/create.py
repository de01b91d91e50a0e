"""The staff member's list of tournaments (/organise/) and creating a tournament (/organise/new/): details, rules
checked by the same scoring rules as everywhere, sessions with their start times. The creator becomes its
organiser (services.setup.set_up_tournament)."""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournament.forms.posted import posted
from tournament.forms.staff import CreatorForm
from tournament.forms.tournament import NewTournamentForm, RulesForm, SessionPlanForm
from tournament.models import Tournament, TournamentRole
from tournament.selectors.creators import CREATE_PERMISSION, can_create_tournaments, creator_required
from tournament.services import DomainError, staff
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


@login_required
def creators(request):
    """The console's page where a site administrator allows logins to create tournaments (or takes it away),
    through services.staff.set_may_create (audited as the admin's change of a login's permissions)."""
    if not request.user.is_superuser:
        raise PermissionDenied
    form = CreatorForm(posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            user = staff.set_may_create(actor=request.user, **form.cleaned_data)
        except DomainError as error:
            form.add_error("username", error.message)
        else:
            name = user.get_username()
            messages.success(
                request,
                _("%(username)s may create tournaments.") % {"username": name}
                if form.cleaned_data["allowed"]
                else _("%(username)s may no longer create tournaments.") % {"username": name},
            )
            return redirect("organise_creators")
    app, codename = CREATE_PERMISSION.split(".")
    allowed = (
        get_user_model()
        .objects.filter(
            user_permissions__content_type__app_label=app, user_permissions__codename=codename, is_active=True
        )
        .order_by("username")
    )
    context = {"form": form if request.method == "POST" else CreatorForm(), "allowed": allowed}
    return render(request, "organise/creators.html", context, status=400 if request.method == "POST" else 200)


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
