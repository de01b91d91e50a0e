"""The registered players (/t/<slug>/organise/players/): the list (sort, search, paginate; the chosen players put in
a team or given or taken a category), adding one, a player's page (edit, status), and a change of status with a
confirmation that says what changes in the standings. Uploading a list is in player_lists.py. Every change goes
through services.players / services.registrations."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext_lazy
from django_tables2 import RequestConfig

from scoring.standings import WITHDRAWN
from tournament.forms.players import (
    ADD_CATEGORY,
    REMOVE_CATEGORY,
    STATUS_ACTIONS,
    TEAM,
    ChosenPlayersForm,
    EditPlayerForm,
    PlayerForm,
    StatusForm,
    player_initial,
)
from tournament.forms.posted import posted
from tournament.models import Registration
from tournament.selectors.progress import sessions_with_results
from tournament.selectors.registrations import player_rows
from tournament.selectors.seating import open_seats
from tournament.selectors.side_rankings import categories_in_use
from tournament.selectors.status_change import status_change
from tournament.selectors.visibility import tournament_names
from tournament.services import DomainError, registrations
from tournament.services.players import register_player, set_status
from tournament.services.registrations import other_tournaments, update_registration
from tournament.tables.players import PlayersTable
from tournament.views.access import organiser_required
from tournament.views.params import page_param, per_page_param

PER_PAGE = 50


@organiser_required
def players(request, slug):
    """GET: the list; POST: the action on the chosen players (the form posts to the list's own address, so the
    list comes back as it was: the same search, order and page)."""
    form = ChosenPlayersForm(posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            done = _act_on_chosen(request, form)
        except DomainError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, done)
            return redirect(request.get_full_path())
    return _players_page(request, form, status=400 if form.is_bound else 200)


def _players_page(request, form: ChosenPlayersForm, *, status: int):
    tournament = request.tournament
    query = request.GET.get("q", "").strip()[:100]
    chosen = set(form.keys()) if form.is_bound else set()
    table = PlayersTable(player_rows(tournament, query), slug=tournament.slug, chosen=chosen)
    pages = {"page": page_param(request.GET), "per_page": per_page_param(request.GET, PER_PAGE)}
    RequestConfig(request, paginate=pages).configure(table)
    context = {
        "tournament": tournament,
        "table": table,
        "query": query,
        "total": tournament.registrations.count(),
        "form": form,
    }
    return render(request, "organise/players.html", context, status=status)


def _act_on_chosen(request, form: ChosenPlayersForm) -> str:
    """Make the change through services.registrations; what was done, as the organiser reads it."""
    change, argument, done = CHOSEN_ACTIONS[form.cleaned_data["action"]]
    value = " ".join(form.cleaned_data["value"].split())
    count = change(actor=request.user, tournament=request.tournament, keys=form.keys(), **{argument: value})
    return (done if value else NO_TEAM) % {"count": count, "value": value}


CHOSEN_ACTIONS = {
    TEAM: (
        registrations.set_team,
        "team",
        ngettext_lazy(
            "%(count)s player is now in the team %(value)s.",
            "%(count)s players are now in the team %(value)s.",
            "count",
        ),
    ),
    ADD_CATEGORY: (
        registrations.add_category,
        "category",
        ngettext_lazy(
            "%(count)s player now has the category %(value)s.",
            "%(count)s players now have the category %(value)s.",
            "count",
        ),
    ),
    REMOVE_CATEGORY: (
        registrations.remove_category,
        "category",
        ngettext_lazy(
            "%(count)s player no longer has the category %(value)s.",
            "%(count)s players no longer have the category %(value)s.",
            "count",
        ),
    ),
}
NO_TEAM = ngettext_lazy(  # an empty team (an empty category is refused by the service)
    "%(count)s player is no longer in a team.", "%(count)s players are no longer in a team.", "count"
)


@organiser_required
def add_player(request, slug):
    tournament = request.tournament
    form = PlayerForm(posted(request), categories_in_use=categories_in_use(tournament))
    if request.method == "POST" and form.is_valid():
        try:
            registration = register_player(actor=request.user, tournament=tournament, **form.cleaned_data)
        except DomainError as error:
            form.show_refusal(error)
        else:
            messages.success(
                request,
                _("%(player)s is registered (key %(key)s).")
                % {"player": registration.player, "key": registration.key},
            )
            return redirect("organise_players", slug)
    status = 400 if form.is_bound else 200
    return render(
        request, "organise/player_add.html", {"tournament": tournament, "form": form}, status=status
    )


def _registration(request, key: str) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("player", "tournament"), tournament=request.tournament, key=key
    )


@organiser_required
def edit_player(request, slug, key):
    registration = _registration(request, key)
    others = other_tournaments(registration)
    form = EditPlayerForm(
        posted(request),
        initial=player_initial(registration),
        shared=bool(others),
        categories_in_use=categories_in_use(request.tournament),
    )
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            update_registration(
                actor=request.user,
                registration=registration,
                confirm_shared=data.pop("confirm_shared"),
                **data,
            )
        except DomainError as error:
            form.show_refusal(error)
        else:
            messages.success(request, _("%(player)s is saved.") % {"player": registration.player})
            return redirect("organise_players", slug)
    context = {
        "tournament": request.tournament,
        "registration": registration,
        "form": form,
        "others": tournament_names(others, request.user),
        "actions": [
            (status, label) for status, label in STATUS_ACTIONS.items() if status != registration.status
        ],
    }
    return render(request, "organise/player_edit.html", context, status=400 if form.is_bound else 200)


@organiser_required
def change_status(request, slug, key):
    """GET: what the change would do; POST: make it."""
    registration = _registration(request, key)
    form = StatusForm(request.POST or request.GET or None)
    if not form.is_valid() or form.cleaned_data["status"] == registration.status:
        messages.error(
            request, _("Choose a status %(player)s does not have yet.") % {"player": registration.player}
        )
        return redirect("organise_player_edit", slug, key)
    status = form.cleaned_data["status"]
    if request.method == "POST":
        try:
            set_status(
                actor=request.user,
                registration=registration,
                status=status,
                reason=form.cleaned_data["reason"],
            )
        except DomainError as error:
            messages.error(request, error.message)
            return redirect("organise_player_edit", slug, key)
        return _after_status(request, registration, status)
    played = sessions_with_results(request.tournament)
    context = {
        "tournament": request.tournament,
        "registration": registration,
        "form": form,
        "status": status,
        "action": STATUS_ACTIONS[status],
        "change": status_change(registration, status),
        "open_seats": open_seats(registration, played),
    }
    return render(request, "organise/player_status.html", context)


def _after_status(request, registration: Registration, status: str):
    messages.success(
        request,
        _("%(player)s: %(action)s, done.")
        % {"player": registration.player, "action": STATUS_ACTIONS[status]},
    )
    slug = request.tournament.slug
    if status == WITHDRAWN and open_seats(registration, sessions_with_results(request.tournament)):
        return redirect("seating_withdrawal", slug)
    return redirect("organise_players", slug)
