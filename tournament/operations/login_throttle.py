"""Login throttling with django-axes (settings: AXES_*, TENBOU_LOGIN_*): the backend that refuses a locked-out
login, the page that says so in the visitor's language, and what axes may write in the log about a client: the
path only (axes's own lines name the username, the address and the browser; ``tenbou.refused`` has the lockout)."""

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_client_username
from django.conf import settings
from django.shortcuts import render

from tournament.logs import refusals


class LoginThrottleBackend(AxesStandaloneBackend):
    """Axes's check before the password check. Every login through a page passes the request (the login form
    and the admin's); a call without one (``manage.py shell``, the test client's ``login()``) has no client
    address to throttle and is left to the next backend instead of failing."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def lockout_response(request, original_response=None, credentials=None):
    refusals.note(
        "login_locked",
        f"{settings.AXES_FAILURE_LIMIT} wrong passwords: this login is locked here for "
        f"{settings.TENBOU_LOGIN_LOCKOUT_MINUTES} minutes",
        replaces=("login_failed",),
    )
    context = {
        "username": get_client_username(request, credentials) or "",
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "minutes": settings.TENBOU_LOGIN_LOCKOUT_MINUTES,
    }
    return render(request, "registration/lockout.html", context, status=429)


def client_ip(request) -> str | None:
    """AXES_CLIENT_IP_CALLABLE: the address a login is throttled by. Behind the reverse proxy (deploy/nginx.conf)
    every request comes from the proxy; the proxy appends the address it saw to X-Forwarded-For. So for a request
    from a trusted proxy (TENBOU_FORWARDED_ALLOW_IPS, the same list gunicorn trusts; ``*``: whoever connects) the
    client is the right-most address in that header that is not a trusted proxy itself: what a client writes there
    stays to the left of what the proxy appends, so it cannot pass for someone else. Without this, everybody had
    the proxy's address and five wrong passwords locked a referee's login for the whole hall."""
    remote = request.META.get("REMOTE_ADDR")
    trusted = settings.TENBOU_TRUSTED_PROXIES
    if "*" not in trusted and remote not in trusted:
        return remote
    forwarded = [
        part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()
    ]
    if "*" in trusted:
        return forwarded[-1] if forwarded else remote
    untrusted = [address for address in forwarded if address not in trusted]
    return untrusted[-1] if untrusted else remote


def client_str(username, ip_address, user_agent, path_info, request) -> str:
    """AXES_CLIENT_STR_CALLABLE: how axes names a client in its log lines; never who or where from."""
    path = path_info[0] if isinstance(path_info, (list, tuple)) else path_info
    return f"{{path_info: {path!r}}}"
