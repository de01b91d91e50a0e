"""A player checks in (issue 20) through the signed link of their schedule card's QR code
(``/t/<slug>/check-in/<token>/``, selectors.check_in): their name, the next session they play, its table and wind,
and an "I am here" button when the organiser allows it (``Tournament.self_check_in``), which marks them present
through services.attendance (an arrival for a player marked absent after the start). Once the session's clock runs,
a player not checked in reads how late they are already, in minutes (the referee decides on a penalty, 5.7). The page holds nothing but the token and is never kept by a browser or proxy
(``Cache-Control: private, no-store``); a bad token, or one of another tournament, is a plain 404."""

from django.shortcuts import redirect, render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.display.winds import WIND_NAMES
from tournament.errors import DomainError
from tournament.selectors.attendance import SUBSTITUTE
from tournament.selectors.check_in import check_in, checking_in
from tournament.services.attendance import DESK, check_in_self
from tournament.views.access import public_tournament

REFUSED_STATUS = {"self_check_in_off": 403}


@require_http_methods(["GET", "POST"])
def check_in_page(request, slug, token):
    tournament = public_tournament(request, slug)
    registration = checking_in(tournament, token)
    if registration is None:
        return _private(
            render(request, "public/check_in_invalid.html", {"tournament": tournament}, status=404)
        )
    if request.method != "POST":
        return _page(request, registration)
    try:
        check_in_self(registration=registration)
    except DomainError as error:
        return _page(request, registration, error=error.message, status=REFUSED_STATUS.get(error.code, 400))
    return _private(redirect(request.path))


def _page(request, registration, *, error: str | None = None, status: int = 200):
    found = check_in(registration)
    context = {
        "tournament": registration.tournament,
        "check_in": found,
        "wind_name": WIND_NAMES.get(found.wind, ""),
        "desk": _(DESK),
        "substitute": found.late == SUBSTITUTE,
        "limit": registration.tournament.rules.lateness_max_minutes,
        "error": error,
    }
    return _private(render(request, "public/check_in.html", context, status=status))


def _private(response):
    patch_cache_control(response, private=True, no_store=True)
    return response
