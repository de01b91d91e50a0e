"""Public pages rendered once per change, answered with 304 Not Modified while nothing changed, kept by browsers,
proxies and CDNs for a few seconds, and refreshed in the background by static/js/live.js.

A live page is a layout around its changing part (the fragment: a heading and the body). What both show depends
on the tournament's change stamp (selectors.changes: every change by a person is an audited one), the language,
the page and its variant (``?after=``, the player, the session), whether the reader organises the tournament, the
hall announcement on show and, for a page that changes with the clock, the time step it is in (``moment``: the
tournament page changes when a session starts or ends). These make the answer's ``Version`` for
tournament/operations/caching.py, which answers 304 before anything is built, and otherwise

- for the public (nobody logged in, the page's own query): the whole page, rendered once per version and kept in
  Django's cache (settings.CACHES: each process its own, or shared through a file, database or Redis cache) with
  its gzip and brotli bytes, ``Cache-Control: public`` with the settings' max-age and stale-while-revalidate;
- for a logged-in reader (their name and the logout form in the header, an organiser's links in the page): the
  layout rendered for them around the same cached fragment, ``private, no-store``.

The stamp is read from the database on every request, before anything else the page shows, so no process serves a
page older than the last change it can see, and nothing needs a restart after a restore. Everything else the
version needs is read once per stamp (selectors.memo: the hall display's announcement, the sessions' times), and a
page's own rows (a player, a session, ``?after=``) only when it is built: an If-None-Match naming this version
proves they were there at this stamp. So a 304 costs the tournament (read by the language middleware) and the stamp:
two queries; for a reader without a session, one, before the view (operations.fast_public: the shared answer's
version is kept under its address, until the next change, clock step or announcement's end).

The announcement is outside the cached fragment: the layout shows it, and live.js swaps its box with the page;
setting or removing one is an audited change (a new stamp), and its end time is part of the version, so neither a
cached page nor a 304 keeps an ended announcement. Last-Modified: the time of the last change (the later of the
stamp's and the moment's), none while an announcement shows.
"""

from collections.abc import Callable
from datetime import datetime
from urllib.parse import urlencode

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.timezone import localtime
from django.utils.translation import get_language

from tournament.models import Tournament
from tournament.operations.caching import Version, address_key, answer, digest, once, remember_address
from tournament.permissions import can_organise
from tournament.selectors.announcements import current_announcement
from tournament.selectors.changes import Stamp, change_stamp
from tournament.selectors.hall import hall_display_as_of
from tournament.selectors.visibility import open_to_everybody

REFRESH_SECONDS = 45  # live.js adds up to 15 s at random, so a hall full of phones does not ask all at once
FRAGMENT_PREFIX = "tenbou:page:"
LANGUAGE_FROM = ("Accept-Language", "Cookie")  # operations.language: the reader's choice, else the browser's

Builder = Callable[[Tournament, Stamp, bool], dict]
# (the time step now, when it began, when it ends: None if it does not)
Moment = Callable[[Stamp], tuple[int, datetime | None, datetime | None]]


def live_page(
    request,
    tournament: Tournament,
    *,
    name: str,
    variant: str = "",
    template: str,
    build: Builder,
    query: dict | None = None,
    moment: Moment | None = None,
):
    """The page ``template`` around the fragment ``build(tournament, stamp, staff)`` returns ({"heading": ...,
    "body": ...}). ``query``: the page's own parameters as it read them (any other query string makes the answer
    the reader's own); ``moment``: the page changes with the time too, in the steps it names."""
    stamp, known = _stamp(request, tournament)
    now = timezone.now()
    announcement = current_announcement(hall_display_as_of(tournament, stamp), now=now)
    reader = request.user.is_authenticated
    staff = reader and can_organise(request.user, tournament)
    step, step_began, step_ends = moment(stamp) if moment else (0, None, None)
    # the fragment is kept under its slot (one per page, language and staff) for the version of its key
    fragment_slot = digest(tournament.pk, get_language(), name, variant, int(staff))
    fragment_key = digest(fragment_slot, stamp.token, step)
    changed = max((at for at in (stamp.at, step_began) if at is not None), default=None)
    shown = announcement.ends_at.timestamp() if announcement else "-"
    version = Version(
        key=digest(fragment_key, shown, request.get_full_path()),
        last_modified=None if announcement or changed is None else int(changed.timestamp()),
        shared=open_to_everybody(tournament) and not reader and _own_query(request, query or {}),
    )

    def render(etag: str) -> bytes:
        # the layout too: a page kept for this stamp shows the tournament as of it
        fresh = known or _fresh(tournament)
        fragment = once(FRAGMENT_PREFIX + fragment_slot, fragment_key, lambda: build(fresh, stamp, staff))
        context = {
            "tournament": fresh,
            "fragment": fragment,
            "announcement": announcement,
            "live": {"etag": etag, "checked": localtime(changed or now), "interval": REFRESH_SECONDS},
        }
        return render_to_string(template, context, request).encode()

    response = answer(request, version, render, vary=LANGUAGE_FROM)
    ends = [at.timestamp() for at in (step_ends, announcement and announcement.ends_at) if at]
    address = address_key(request, tournament.pk, get_language())
    until = min(ends, default=None)
    remember_address(request, address, version, stamp=stamp.token, vary=LANGUAGE_FROM, until=until)
    return response


def _own_query(request, query: dict) -> bool:
    """The query string is the page's own parameters, written as the page writes them (``after=3``): anything
    else (another parameter, ``after=03``) is answered to its reader alone, so no cached copy holds it."""
    own = urlencode({name: value for name, value in query.items() if value is not None})
    return request.META.get("QUERY_STRING", "") == own


def _stamp(request, tournament: Tournament) -> tuple[Stamp, Tournament | None]:
    """The stamp, and the tournament when it is as of the stamp or newer: the stamp the fast path read for this
    request (operations.fast_public), before the language middleware read ``tournament``; else the stamp read now
    and None (``tournament`` may be older than it: _fresh)."""
    early = getattr(request, "fast_stamp", None)
    if early is not None and early[0] == tournament.pk:
        return early[1], tournament
    return change_stamp(tournament), None


def _fresh(tournament: Tournament) -> Tournament:
    """The tournament read again after the stamp: the request's copy may be older than the stamp."""
    return Tournament.objects.get(pk=tournament.pk)
