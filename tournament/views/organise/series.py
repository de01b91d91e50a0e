"""The organiser's series pages (/organise/series/): every series with a form for a new one, and a series' own
page to add and remove tournaments. Who may: the logins that may create tournaments (selectors.creators: a
federation's or a league's people), as the ``series`` command's operator; a tournament that is not public is
offered only to someone with a role in it, so nobody puts another's hidden event in a series."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournament.forms.posted import posted
from tournament.forms.series import AddTournamentForm, NewSeriesForm
from tournament.models import Series, Tournament
from tournament.selectors.creators import creator_required
from tournament.selectors.series import counted_tournaments, finished
from tournament.selectors.visibility import tournament_visible
from tournament.services import DomainError
from tournament.services import series as services


@creator_required
def series_list(request):
    form = NewSeriesForm(posted(request))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        rule_counts = {} if data["rule"] == "mers" else {"best": data["best"], "minimum": data["minimum"]}
        try:
            created = services.create_series(
                actor=request.user,
                slug=data["slug"],
                name=data["name"],
                rule=data["rule"],
                is_public=data["is_public"],
                **rule_counts,
            )
        except DomainError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request, _("%(name)s is created. Next: add its tournaments.") % {"name": created.name}
            )
            return redirect("organise_series", created.slug)
    context = {
        "form": form if request.method == "POST" else NewSeriesForm(),
        "all_series": Series.objects.all(),
    }
    return render(
        request, "organise/series_list.html", context, status=400 if request.method == "POST" else 200
    )


def _choices(request, series: Series) -> list[tuple[str, str]]:
    members = set(series.tournaments.values_list("pk", flat=True))
    return [
        (t.slug, t.name)
        for t in Tournament.objects.exclude(pk__in=members).order_by("-end_date", "name")
        if tournament_visible(t, request.user)
    ]


@creator_required
def series_page(request, series):
    found = Series.objects.filter(slug=series).first()
    if found is None:
        raise Http404("no such series")
    choices = _choices(request, found)
    form = AddTournamentForm(posted(request), choices=choices)
    if request.method == "POST" and "remove" in request.POST:
        return _remove(request, found)
    if request.method == "POST" and form.is_valid():
        tournament = Tournament.objects.get(slug=form.cleaned_data["tournament"])
        try:
            services.add_tournaments(actor=request.user, series=found, tournaments=[tournament])
        except DomainError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("%(name)s is added.") % {"name": tournament.name})
            return redirect("organise_series", found.slug)
    counted = {t.pk for t in counted_tournaments(found)}
    members = [
        {"tournament": t, "counts": t.pk in counted and finished(t), "finished": finished(t)}
        for t in found.tournaments.order_by("-end_date", "name")
        if tournament_visible(t, request.user)
    ]
    context = {
        "series": found,
        "form": form if request.method == "POST" else AddTournamentForm(choices=choices),
        "members": members,
        "can_add": bool(choices),
    }
    return render(request, "organise/series.html", context, status=400 if request.method == "POST" else 200)


def _remove(request, found: Series):
    tournament = Tournament.objects.filter(slug=request.POST.get("remove", "")).first()
    if tournament is None:
        raise Http404("no such tournament")
    try:
        services.remove_tournament(actor=request.user, series=found, tournament=tournament)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(name)s is removed.") % {"name": tournament.name})
    return redirect("organise_series", found.slug)
