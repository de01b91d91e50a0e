"""The tournament's settings (/t/<slug>/organise/settings/): details, rules (frozen once a result exists),
sessions (how many, start times, lengths), the second check of results, the side rankings (tie-breaks for prizes,
the best K members of a team, country or club, the rankings shown), and what the public sees (the tournament at
all, the standings). Each part is its own form, posted with ``part`` naming it; each goes through a service."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournament.forms.tournament import DetailsForm, RankingsForm, ResultsCheckForm, RulesForm, SessionsForm
from tournament.models import Tournament
from tournament.selectors.side_rankings import categories_in_use
from tournament.services import DomainError, publication
from tournament.services.sessions import set_sessions
from tournament.services.tournaments import set_rankings, set_ruleset, update_tournament
from tournament.views.access import organiser_required

PARTS = ("details", "rules", "sessions", "check", "rankings", "public")


@organiser_required
def settings_page(request, slug):
    tournament = request.tournament
    part = request.POST.get("part") if request.method == "POST" else None
    forms = _forms(tournament, request.POST if part else None, part)
    if part in PARTS:
        saved = SAVERS[part](request, tournament, forms.get(part))
        if saved:
            messages.success(request, saved)
            return redirect(f"{request.path}#{part}")
    context = {"tournament": tournament, "frozen": tournament.has_results(), **forms}
    return render(request, "organise/settings.html", context, status=400 if part else 200)


def _forms(tournament: Tournament, data, part: str | None) -> dict:
    """Every part's form; the posted one bound to the data."""
    fresh = Tournament.objects.get(
        pk=tournament.pk
    )  # the forms may change their instance; the page keeps its own

    def bound(name):
        return data if part == name else None

    rules = RulesForm(bound("rules"), tournament=tournament)
    if tournament.has_results():
        for field in rules.fields.values():
            field.disabled = True
    return {
        "details": DetailsForm(bound("details"), instance=fresh),
        "rules": rules,
        "sessions": SessionsForm(bound("sessions"), tournament=tournament),
        "check": ResultsCheckForm(bound("check"), instance=fresh),
        "rankings": RankingsForm(
            bound("rankings"), tournament=fresh, categories=categories_in_use(tournament)
        ),
    }


def _save_details(request, tournament, form) -> str | None:
    if not form.is_valid():
        return None
    try:
        update_tournament(actor=request.user, tournament=tournament, **form.cleaned_data)
    except DomainError as error:
        form.add_error(None, error.message)
        return None
    return _("The details are saved.")


def _save_rules(request, tournament, form) -> str | None:
    if not form.is_valid():
        return None
    try:
        set_ruleset(
            actor=request.user,
            tournament=tournament,
            ruleset=form.cleaned_data["ruleset"],
            overrides=form.overrides(),
        )
    except DomainError as error:
        form.show_refusal(error)
        return None
    return _("The rules are saved.")


def _save_sessions(request, tournament, form) -> str | None:
    if not form.is_valid():
        return None
    try:
        set_sessions(  # its own transaction, after the snapshot when sessions are removed
            actor=request.user,
            tournament=tournament,
            count=form.cleaned_data["count"],
            times=form.times(),
        )
    except DomainError as error:
        form.add_error(None, error.message)
        return None
    return _("The sessions are saved.")


def _save_check(request, tournament, form) -> str | None:
    if not form.is_valid():
        return None
    update_tournament(actor=request.user, tournament=tournament, **form.cleaned_data)
    return _("The second check of results is saved.")


def _save_rankings(request, tournament, form) -> str | None:
    if not form.is_valid():
        return None
    try:
        set_rankings(actor=request.user, tournament=tournament, **form.settings())
    except DomainError as error:
        form.add_error(None, error.message)
        return None
    return _("The rankings are saved.")


def _save_public(request, tournament, form) -> str | None:
    what, value = request.POST.get("what"), request.POST.get("value") == "on"
    if what == "tournament":
        publication.set_public(actor=request.user, tournament=tournament, public=value)
        return _("The tournament is public.") if value else _("The tournament is hidden from the public.")
    if what == "standings":
        publication.set_standings_hidden(actor=request.user, tournament=tournament, hidden=value)
        return (
            _("The standings are hidden from the public.") if value else _("The standings are public again.")
        )
    messages.error(request, _("Choose what to publish or hide."))
    return None


SAVERS = {
    "details": _save_details,
    "rules": _save_rules,
    "sessions": _save_sessions,
    "check": _save_check,
    "rankings": _save_rankings,
    "public": _save_public,
}
