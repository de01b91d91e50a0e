"""A person's public page across tournaments (docs/organisers.md, "A player's history"): by EMA number
(/people/04000001/) where they have one, else by their row's number (/people/player-17/; a person who has an EMA
number is sent to that address). Only what the public may see (selectors.history); a person with no public
tournament is a 404, so the page never names someone who played only hidden ones. Their statistics over those
tournaments (selectors.statistics.person_statistics, by EMA number: a person without one has theirs on the
tournament's player page) are the block ``statistics`` of templates/public/person.html."""

from django.http import Http404
from django.shortcuts import redirect

from tournament.models import Player
from tournament.operations.fast_public import site_wide
from tournament.presenters.series import history_context
from tournament.presenters.statistics import person_panel
from tournament.selectors.history import person_history
from tournament.selectors.statistics import person_statistics
from tournament.selectors.visibility import PUBLIC
from tournament.views.public.series import cached_page


@site_wide
def person(request, ema_id):
    found = Player.objects.filter(ema_id=ema_id).first()
    if found is None:
        raise Http404("no such person")
    return _page(request, found)


@site_wide
def person_by_id(request, number):
    found = Player.objects.filter(pk=number).first()
    if found is None:
        raise Http404("no such person")
    if found.ema_id:
        return redirect("person", found.ema_id, permanent=True)
    return _page(request, found)


def _page(request, found: Player):
    def build():
        history = person_history(found)
        if not history.lines:
            raise Http404("no public tournament")
        statistics = person_statistics(found.ema_id, reader=PUBLIC) if found.ema_id else None
        return history_context(history) | {"statistics": person_panel(statistics) if statistics else None}

    return cached_page(request, f"person:{found.pk}", "public/person.html", build)
