"""The hall display: one full-screen page that cycles through the organiser's choice of pages (HallDisplay): the
clock while a session runs, the next session's seating by table and by name, the standings, the side rankings the
public pages show (one slide or more each), each paged. It shows
what the public sees (selectors.visibility.PUBLIC): no standings while they are hidden, whoever is logged in.
Standings (and side rankings) of an incomplete session carry the standings page's provisional line
(tables.standings.provisional_note).

static/js/display.js asks ``display.json`` every few seconds: when the organiser's choice changed (its version,
also for a new or removed announcement) or the announcement's end time passed, it fetches the pages (and the
announcement with them, at the bottom of the screen) again at once; otherwise it fetches them again after each round, so new results and newly
published seating show without a reload.
"""

from django.http import JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from tournament.display.rankings import ranking_title
from tournament.models import HallDisplay
from tournament.selectors import hall
from tournament.selectors.announcements import current_announcement
from tournament.selectors.changes import change_stamp
from tournament.selectors.clock_data import clock_data
from tournament.selectors.overview import overview
from tournament.selectors.results import last_session
from tournament.selectors.visibility import PUBLIC, public_rankings, standings_visible
from tournament.tables.side_rankings import ranking_note, ranking_rows
from tournament.tables.standings import provisional_note
from tournament.views.access import public_tournament
from tournament.views.display.clock import current_clock, poll_seconds


def _config(display: HallDisplay) -> dict:
    """What display.js follows: a new ``version`` (any change by the organiser) or ``announcing`` turned off (the
    announcement's end time passed) fetches the pages again at once."""
    return {
        "version": display.version,
        "pages": list(display.pages),
        "page_seconds": display.page_seconds,
        "clock_alone": display.clock_alone,
        "announcing": current_announcement(display) is not None,
    }


def _pages(tournament, display: HallDisplay) -> list[dict]:
    """The pages to show after the clock, each with its title, in the organiser's order."""
    shown = []
    session = hall.next_seating_session(tournament) if _wants_seating(display) else None
    if session is not None:
        by_table, by_name = hall.seating_pages(session)
        titles = {
            HallDisplay.SEATING_TABLES: _("Session %(number)s: seating by table"),
            HallDisplay.SEATING_NAMES: _("Session %(number)s: seating by name"),
        }
        for kind, pages in ((HallDisplay.SEATING_TABLES, by_table), (HallDisplay.SEATING_NAMES, by_name)):
            if kind in display.pages:
                shown += [_page(page, titles[kind] % {"number": session.number}) for page in pages]
    if HallDisplay.STANDINGS in display.pages and standings_visible(tournament, PUBLIC):
        after, pages = hall.standings_pages(tournament)
        title = _("Standings after session %(number)s") % {"number": after}
        note = provisional_note(tournament, overview(tournament, change_stamp(tournament)), after)
        shown += [_page(page, title, note) for page in pages]
    if HallDisplay.RANKINGS in display.pages:
        shown += _ranking_slides(tournament)
    return shown


def _ranking_slides(tournament) -> list[dict]:
    """Each side ranking the public pages show (none while the standings are hidden), after the last session with
    results, with the standings' provisional line; none before any result, as the standings."""
    rankings = public_rankings(tournament, PUBLIC)
    view = overview(tournament, change_stamp(tournament)) if rankings else None
    after = last_session(view.latest) if view else 0
    if not after:
        return []
    note = ranking_note(tournament, view, after)
    slides = []
    for ranking in rankings:
        title = ranking_title(ranking.kind, ranking.category, after)
        slides += [_page(page, title, note) for page in hall.ranking_pages(ranking_rows(view, ranking))]
    return slides


def _wants_seating(display: HallDisplay) -> bool:
    return HallDisplay.SEATING_TABLES in display.pages or HallDisplay.SEATING_NAMES in display.pages


def _page(page: hall.Page, title: str, note: str = "") -> dict:
    """``note``: the standings page's provisional line while the session shown is incomplete."""
    return {
        "kind": page.kind,
        "title": title,
        "note": note,
        "number": page.number,
        "count": page.count,
        "items": page.items,
        "layout": page.layout,  # the grid: data-columns, data-rows
        "columns": page.columns,
    }


def display_page(request, slug):
    tournament = public_tournament(request, slug)
    display = hall.hall_display(tournament)
    session, state, now = current_clock(request, tournament)
    context = {
        "tournament": tournament,
        "config": _config(display),
        "pages": _pages(tournament, display),
        "clock": clock_data(session, state, now),
        "announcement": current_announcement(display),
        "clock_url": reverse("clock_json", args=[slug]),
        "poll_seconds": poll_seconds(request),
    }
    return render(request, "display/hall.html", context)


@never_cache
def display_json(request, slug):
    tournament = public_tournament(request, slug)
    return JsonResponse(_config(hall.hall_display(tournament)))


@never_cache
def display_pages(request, slug):
    tournament = public_tournament(request, slug)
    display = hall.hall_display(tournament)
    context = {
        "tournament": tournament,
        "pages": _pages(tournament, display),
        "config": _config(display),
        "announcement": current_announcement(display),
    }
    return render(request, "display/_pages.html", context)
