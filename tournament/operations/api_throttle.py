"""The read API's rate limit: at most ``settings.TENBOU_API_RATE`` requests a minute from one address (the
client's, behind the reverse proxy: operations.login_throttle.client_ip), counted in Django's cache (shared by the
processes with Redis, a file or the database; per process with locmem), in fixed one-minute windows. Over the limit
an API request gets 429 with ``Retry-After`` (the seconds left in the window). 0 turns the limit off.

The default (scoring.limits.API_REQUESTS_PER_MINUTE, 1,200 a minute, 20 a second) is more than twice what a hall's
shared Wi-Fi address sends when 400 phones each ask every 45 seconds (about 530 a minute), and caps one scraper
at a rate the server answers from the kept bytes without noticing.

Every API request counts once: on the fast path (operations.fast_public, before the view) or in the view (DRF's
throttling, ``AddressRateThrottle``); a request the fast path counted and then left to the view is not counted
again. A count the cache cannot keep (Redis away) lets the request through: the limit protects the server, it never
refuses what it cannot count.
"""

import time

from django.conf import settings
from django.core.cache import cache
from django.http import JsonResponse
from rest_framework.exceptions import Throttled
from rest_framework.throttling import BaseThrottle

from tournament.operations.login_throttle import client_ip

WINDOW_SECONDS = 60
PREFIX = "tenbou:api-rate:"
COUNTED = "api_rate_counted"


def allowed(request) -> bool:
    """Counts the request against its address (once) and says whether it is within the limit."""
    limit = settings.TENBOU_API_RATE
    if not limit or getattr(request, COUNTED, False):
        return True
    setattr(request, COUNTED, True)
    window = int(time.time() // WINDOW_SECONDS)
    key = f"{PREFIX}{client_ip(request) or '-'}:{window}"
    try:
        cache.add(key, 0, WINDOW_SECONDS * 2)
        count = cache.incr(key)
    except Exception:  # noqa: BLE001 (a count the cache cannot keep refuses nothing: Redis away)
        return True
    if count > limit:
        request.api_rate_refused = True
    return count <= limit


def retry_after() -> int:
    """The seconds until the current window ends (at least 1)."""
    return max(1, int(WINDOW_SECONDS - time.time() % WINDOW_SECONDS))


def refused() -> JsonResponse:
    """The fast path's 429, DRF's own (rest_framework.exceptions.Throttled): its ``detail`` and Retry-After."""
    wait = retry_after()
    response = JsonResponse({"detail": str(Throttled(wait).detail)}, status=429)
    response["Retry-After"] = str(wait)
    return response


class AddressRateThrottle(BaseThrottle):
    """DRF's throttle of the API views (settings.REST_FRAMEWORK): ``allowed`` above."""

    def allow_request(self, request, view) -> bool:
        return allowed(request._request if hasattr(request, "_request") else request)

    def wait(self) -> float:
        return retry_after()
