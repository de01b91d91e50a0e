"""The hall display: one full-screen page that cycles through the organiser's choice of pages (HallDisplay): the
clock while a session runs, the next session's seating by table and by name, the standings, the side rankings the
public pages show (one slide or more each), each paged. It shows
what the public sees (selectors.visibility.PUBLIC): no standings while they are hidden, whoever is logged in.
Standings (and side rankings) of an incomplete session carry the standings page's provisional line
(presenters.standings.provisional_note).

static/js/display.js asks ``display.json`` every few seconds: when the organiser's choice changed (its version,
also for a new or removed announcement) or the announcement's end time passed, it fetches the pages (and the
announcement with them, at the bottom of the screen) again at once; otherwise it fetches them again after each round, so new results and newly
published seating show without a reload.

``display.json`` and the pages are public answers (tournament/operations/caching.py): made once per change stamp
and announcement, the same for every screen of a public tournament (shared, in the tournament's language whoever
asks, so they vary by nothing but the content coding), and a 304 while unchanged (display.js revalidates). Their
version is left under their address, so the next screen without a session gets them from the fast path
(operations.fast_public), as a live page's reader does, until the announcement on show ends.
"""

import json

from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.standings import FINAL
from tournament.display.rankings import ranking_title
from tournament.models import HallDisplay, Tournament
from tournament.models.finals import CARRY_CHOICES
from tournament.operations.caching import HTML, Version, address_key, answer, digest, remember_address
from tournament.presenters import hall
from tournament.presenters.side_rankings import ranking_note, ranking_rows
from tournament.presenters.standings import provisional_note
from tournament.selectors.announcements import current_announcement
from tournament.selectors.changes import Stamp, change_stamp
from tournament.selectors.clock_data import clock_data
from tournament.selectors.hall import hall_display, hall_display_as_of, next_seating_session
from tournament.selectors.overview import overview
from tournament.selectors.results import last_session
from tournament.selectors.visibility import PUBLIC, open_to_everybody, public_rankings, standings_visible
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


def _pages(tournament, display: HallDisplay, stamp: Stamp) -> list[dict]:
    """The pages to show after the clock, each with its title, in the organiser's order."""
    shown = []
    session = next_seating_session(tournament) if _wants_seating(display) else None
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
        view = overview(tournament, stamp)
        after, pages = hall.standings_pages(tournament, view.latest)
        title = _("Standings after session %(number)s") % {"number": after}
        note = provisional_note(tournament, view, after)
        if (
            view.cut is not None
        ):  # the finalists announced before the standings (docs/organisers.md, "Finals and cuts")
            finalists = _("The final: the top %(top)s after session %(number)s") % {
                "top": sum(1 for group in view.cut.groups.values() if group == FINAL),
                "number": view.cut.after_session,
            }
            carried = _("Carried into the final: the scores %(carry)s.") % {
                "carry": dict(CARRY_CHOICES).get(view.cut.carry, view.cut.carry)
            }
            shown += [_page(page, finalists, carried) for page in hall.finalist_pages(view.latest)]
        shown += [_page(page, title, note) for page in pages]
    if HallDisplay.RANKINGS in display.pages:
        shown += _ranking_slides(tournament, stamp)
    return shown


def _ranking_slides(tournament, stamp: Stamp) -> list[dict]:
    """Each side ranking the public pages show (none while the standings are hidden), after the last session with
    results, with the standings' provisional line; none before any result, as the standings."""
    rankings = public_rankings(tournament, PUBLIC)
    view = overview(tournament, stamp) if rankings else None
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
    display = hall_display(tournament)
    session, state, now = current_clock(request, tournament)
    context = {
        "tournament": tournament,
        "config": _config(display),
        "pages": _pages(tournament, display, change_stamp(tournament)),
        "clock": clock_data(session, state, now),
        "announcement": current_announcement(display),
        "clock_url": reverse("clock_json", args=[slug]),
        "poll_seconds": poll_seconds(request),
    }
    return render(request, "display/hall.html", context)


def display_json(request, slug):
    tournament = public_tournament(request, slug)
    stamp = change_stamp(tournament)
    display = hall_display_as_of(tournament, stamp)
    return _shared_answer(
        request,
        tournament,
        stamp,
        display,
        "display.json",
        lambda etag: json.dumps(_config(display)).encode(),
        content_type="application/json",
        compress=False,
    )


def display_pages(request, slug):
    tournament = public_tournament(request, slug)
    stamp = change_stamp(tournament)
    display = hall_display_as_of(tournament, stamp)

    def render_pages(etag: str) -> bytes:
        fresh = Tournament.objects.get(pk=tournament.pk)  # the request's copy may be older than the stamp
        context = {
            "tournament": fresh,
            "pages": _pages(fresh, display, stamp),
            "config": _config(display),
            "announcement": current_announcement(display),
        }
        return render_to_string("display/_pages.html", context, request).encode()

    return _shared_answer(request, tournament, stamp, display, "display pages", render_pages)


def _shared_answer(request, tournament, stamp, display, name, render, *, content_type=HTML, compress=True):
    """``caching.answer``, and its version left under its address for the next screen's fast path
    (operations.fast_public) until the announcement on show ends."""
    version = _version(tournament, stamp, display, name)
    response = answer(request, version, render, content_type=content_type, compress=compress)
    announcement = current_announcement(display)
    address = address_key(request, tournament.pk, get_language())
    until = announcement.ends_at.timestamp() if announcement else None
    options = {"content_type": content_type, "compress": compress}
    remember_address(request, address, version, stamp=stamp.token, vary=(), until=until, **options)
    return response


def _version(tournament: Tournament, stamp: Stamp, display: HallDisplay, name: str) -> Version:
    """The stamp and the announcement on show (its end turns ``announcing`` off): in the tournament's language,
    the same for everybody while the tournament is public (a hidden one's staff get their own)."""
    announcement = current_announcement(display)
    shown = announcement.ends_at.timestamp() if announcement else "-"
    last_modified = None if announcement or stamp.at is None else int(stamp.at.timestamp())
    key = digest(tournament.pk, stamp.token, get_language(), name, shown)
    return Version(key, last_modified, shared=open_to_everybody(tournament))
