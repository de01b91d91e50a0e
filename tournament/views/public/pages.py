"""The public pages: the list of tournaments, a tournament's page and its standings. Read-only.

The tournament page and the standings are live pages (views/public/live.py): rendered once per change, 304 while
unchanged, refreshed in the background by static/js/live.js.
"""

from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.formats import time_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from tournament.models import Tournament
from tournament.selectors.overview import Overview, overview
from tournament.selectors.results import last_session
from tournament.selectors.visibility import standings_visible
from tournament.tables.standings import standings_rows
from tournament.views.access import public_tournament
from tournament.views.params import session_param
from tournament.views.public.live import live_page
from tournament.views.public.schedule import schedule_fragment


def home(request):
    tournaments = Tournament.objects.filter(is_public=True)
    return render(request, "public/home.html", {"tournaments": tournaments})


def tournament_home(request, slug):
    tournament = public_tournament(request, slug)
    return live_page(
        request,
        tournament,
        name="tournament",
        template="public/tournament.html",
        build=lambda fresh, stamp, staff: schedule_fragment(fresh, overview(fresh, stamp)),
        clock=True,
    )


def standings(request, slug):
    tournament = public_tournament(request, slug)
    if not standings_visible(tournament, request.user):
        return render(request, "public/standings_hidden.html", {"tournament": tournament})
    after = session_param(request.GET, tournament, "after")
    return live_page(
        request,
        tournament,
        name="standings",
        variant=str(after or ""),
        template="public/standings.html",
        build=lambda fresh, stamp, staff: standings_fragment(fresh, overview(fresh, stamp), after, staff),
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
        "choices": [(n, not _complete(view, n)) for n in view.sessions],
        "provisional": provisional_note(tournament, view, shown),
        "unconfirmed": any(session <= shown for session, _table in view.unconfirmed),
        "staff": staff,
    }
    return {"heading": heading, "body": render_to_string("public/_standings.html", context)}


def _complete(view: Overview, number: int) -> bool:
    progress = view.session_progress(number)
    if progress is None or not progress.tables:
        return True
    return all((number, table.table) in view.tables for table in progress.tables)


def provisional_note(tournament: Tournament, view: Overview, number: int) -> str:
    """'Provisional: 2 of 8 tables of session 6 entered · last result 14:05' while the session is incomplete."""
    progress = view.session_progress(number)
    if not number or _complete(view, number):
        return ""
    values = {
        "done": sum(1 for table in progress.tables if (number, table.table) in view.tables),
        "total": progress.table_count,
        "session": number,
    }
    if tournament.confirmation_required and not tournament.count_unconfirmed:
        text = _("Provisional: %(done)s of %(total)s tables of session %(session)s confirmed") % values
    else:
        text = _("Provisional: %(done)s of %(total)s tables of session %(session)s entered") % values
    if progress.last_entered_at:
        at = time_format(localtime(progress.last_entered_at), "H:i")
        text += " · " + _("last result %(time)s") % {"time": at}
    return text
