"""The public prize list (/t/<slug>/prizes/): each prize and who wins it, as the organiser's prize page shows it,
once the organiser has defined prizes. It tells the standings' order, so hidden standings hide it too
(selectors.visibility.standings_visible: the public sees the hidden-standings page; the staff see the list). A live
page like the standings (views/public/live.py)."""

from django.http import Http404
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from tournament.selectors.overview import overview
from tournament.selectors.prizes import prize_list
from tournament.selectors.visibility import standings_visible
from tournament.views.access import public_tournament
from tournament.views.public.live import live_page


def prizes(request, slug):
    tournament = public_tournament(request, slug)
    if not tournament.prizes.exists():
        raise Http404("no prizes")
    if not standings_visible(tournament, request.user):
        return render(request, "public/standings_hidden.html", {"tournament": tournament})
    return live_page(
        request,
        tournament,
        name="prizes",
        template="public/prizes.html",
        build=lambda fresh, stamp, staff: _fragment(prize_list(overview(fresh, stamp))),
    )


def _fragment(awarded) -> dict:
    heading = _("Prizes")
    body = render_to_string("public/_prizes.html", {"awarded": awarded, "tournament": awarded.tournament})
    return {"heading": heading, "body": body}
