"""Login throttling with django-axes (settings: AXES_*, TENBOU_LOGIN_*): the backend that refuses a locked-out
login, and the page that says so in the visitor's language."""

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_client_username
from django.conf import settings
from django.shortcuts import render


class LoginThrottleBackend(AxesStandaloneBackend):
    """Axes's check before the password check. Every login through a page passes the request (the login form
    and the admin's); a call without one (``manage.py shell``, the test client's ``login()``) has no client
    address to throttle and is left to the next backend instead of failing."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def lockout_response(request, original_response=None, credentials=None):
    context = {
        "username": get_client_username(request, credentials) or "",
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "minutes": settings.TENBOU_LOGIN_LOCKOUT_MINUTES,
    }
    return render(request, "registration/lockout.html", context, status=429)
