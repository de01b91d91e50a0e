"""Login throttling with django-axes (settings: AXES_*, TENBOU_LOGIN_*): the backend that refuses a locked-out
login, the page that says so in the visitor's language, and what axes may write in the log about a client: the
path only (axes's own lines name the username, the address and the browser; ``tenbou.refused`` has the lockout)."""

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_client_username
from django.conf import settings
from django.shortcuts import render

from tournament import refusals


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


def client_str(username, ip_address, user_agent, path_info, request) -> str:
    """AXES_CLIENT_STR_CALLABLE: how axes names a client in its log lines; never who or where from."""
    path = path_info[0] if isinstance(path_info, (list, tuple)) else path_info
    return f"{{path_info: {path!r}}}"
