"""Request ids: every request gets one, the response carries it and so does every log line written meanwhile.

The id comes from the proxy's ``X-Request-ID`` header when it is a plain token (nginx: ``$request_id``), otherwise it
is a new random one. Log records get it as ``record.request_id`` through ``RequestIdFilter`` (settings.LOGGING), so
a refused request or a server error in the log can be matched with the proxy's access log and with what the person
saw. Nothing else about the request is logged here: no body, no cookies, no address.

The same middleware opens and writes the request's refused-action log (``tournament.logs.refusals``): it is the first, so
it sees the final response, and a DomainError that escapes the view is withdrawn from that log here (it is a
server error, which ``django.request`` logs with its traceback).
"""

import logging
import re
import uuid
from contextvars import ContextVar

from tournament.logs import refusals

HEADER = "X-Request-ID"
_META_KEY = "HTTP_X_REQUEST_ID"
_TOKEN = re.compile(r"[A-Za-z0-9._:-]{1,128}")
_current: ContextVar[str] = ContextVar("tenbou_request_id", default="-")


def current_request_id() -> str:
    """The id of the request this thread (or task) is serving, or ``-`` outside a request."""
    return _current.get()


def _incoming_id(request) -> str:
    offered = request.META.get(_META_KEY, "")
    return offered if _TOKEN.fullmatch(offered) else uuid.uuid4().hex


class RequestIdMiddleware:
    """First in MIDDLEWARE: sets ``request.id`` and the ``X-Request-ID`` response header."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.id = _incoming_id(request)
        token = _current.set(request.id)
        notes = refusals.begin()
        try:
            response = self.get_response(request)
            refusals.write(request, response)
        finally:
            refusals.end(notes)
            _current.reset(token)
        response[HEADER] = request.id
        return response

    def process_exception(self, request, exception):
        refusals.withdraw(exception)  # uncaught: nobody was shown it; the 500 is logged as a server error


class RequestIdFilter(logging.Filter):
    """Adds ``request_id`` to every record passing the handler (``-`` outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        record.request_id = getattr(request, "id", None) or current_request_id()
        return True
