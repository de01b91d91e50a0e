"""The session clock for the hall's screen: the page (static/js/clock.js counts on it) and ``clock.json``, the
state and the server's time, which every open page polls and corrects its own clock by."""

from datetime import datetime

from django.http import JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.cache import never_cache

from scoring.clock import ClockState
from tournament.models import Session
from tournament.operations.fast_public import never_kept
from tournament.selectors.clock import clock_session, session_clock
from tournament.selectors.clock_data import POLL_SECONDS, clock_data
from tournament.views.access import public_tournament
from tournament.views.params import int_param, session_param


def poll_seconds(request) -> int:
    """How often the page asks the server: every 10 seconds; ?poll=N (1 to 60) for a test or a slow network."""
    return int_param(request.GET, "poll", low=1, high=60, default=POLL_SECONDS)


def current_clock(request, tournament) -> tuple[Session | None, ClockState | None, datetime]:
    """The session asked for with ?session=N, or the one the hall's clock shows; its state now."""
    now = timezone.now()
    number = session_param(request.GET, tournament, "session")
    if number is not None:
        session = tournament.sessions.select_related("tournament").get(number=number)
    else:
        session = clock_session(tournament, now)
    return session, (session_clock(session, now) if session else None), now


@never_kept  # answered anew each time: the fast path need not look
def clock_page(request, slug):
    tournament = public_tournament(request, slug)
    session, state, now = current_clock(request, tournament)
    context = {
        "tournament": tournament,
        "session": session,
        "state": state,
        "clock": clock_data(session, state, now),
        "poll_seconds": poll_seconds(request),
    }
    return render(request, "display/clock.html", context)


@never_kept
@never_cache
def clock_json(request, slug):
    tournament = public_tournament(request, slug)
    return JsonResponse(clock_data(*current_clock(request, tournament)))
