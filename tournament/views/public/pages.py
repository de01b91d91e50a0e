"""The public pages: the list of tournaments, a tournament's page and its standings. Read-only.

The tournament page and the standings are live pages (views/public/live.py): rendered once per change, 304 while
unchanged, refreshed in the background by static/js/live.js.
"""

from django.http import HttpResponsePermanentRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import Tournament
from tournament.presenters.standings import provisional_note, session_complete, standings_rows
from tournament.selectors.overview import Overview, overview
from tournament.selectors.results import last_session
from tournament.selectors.visibility import standings_visible
from tournament.views.access import public_tournament
from tournament.views.params import session_number_param, session_param
from tournament.views.public.live import live_page
from tournament.views.public.schedule import schedule_fragment, schedule_moment


def favicon(request):
    """Browsers ask every site for /favicon.ico: the icon every layout links (templates/components/favicon.html)."""
    return HttpResponsePermanentRedirect(static("img/favicon.ico"))


def home(request):
    tournaments = Tournament.objects.filter(is_public=True)
    return render(request, "public/home.html", {"tournaments": tournaments})


def tournament_home(request, slug):
    tournament = public_tournament(request, slug)
    now = timezone.now()
    return live_page(
        request,
        tournament,
        name="tournament",
        template="public/tournament.html",
        build=lambda fresh, stamp, staff: schedule_fragment(fresh, overview(fresh, stamp), now),
        moment=lambda stamp: schedule_moment(tournament, stamp, now),
    )


def standings(request, slug):
    tournament = public_tournament(request, slug)
    if not standings_visible(tournament, request.user):  # hidden before the prize ceremony: only this shows
        return live_page(
            request,
            tournament,
            name="standings hidden",
            template="public/standings_hidden.html",
            build=lambda fresh, stamp, staff: {},
        )
    after = session_number_param(request.GET, "after")  # the sessions are asked when the page is built

    def build(fresh, stamp, staff):
        shown = session_param(request.GET, fresh, "after")
        return standings_fragment(fresh, overview(fresh, stamp), shown, staff)

    return live_page(
        request,
        tournament,
        name="standings",
        variant=str(after or ""),
        template="public/standings.html",
        build=build,
        query={"after": after},
    )


def standings_fragment(tournament: Tournament, view: Overview, after: int | None, staff: bool) -> dict:
    data = view.standings_after(after)
    shown = last_session(data)
    previous = view.previous_session(shown) if shown else None
    sessions = range(1, shown + 1)
    heading = _("Standings after session %(n)s") % {"n": shown} if shown else _("Standings")
    context = {
        "tournament": tournament,
        "heading": heading,
        "after_session": shown,
        "is_filtered": after is not None,
        "sessions": sessions,
        "rows": standings_rows(view, data, sessions, previous),
        "previous": previous,
        "choices": [(n, not session_complete(view, n)) for n in view.sessions],
        "provisional": provisional_note(tournament, view, shown),
        "unconfirmed": any(session <= shown for session, _table in view.unconfirmed),
        "staff": staff,
        "has_prizes": tournament.prizes.exists(),  # the link to the prize list (views/public/prizes.py)
    }
    return {"heading": heading, "body": render_to_string("public/_standings.html", context)}
