"""What a log line may say about a request's path: never its query string (``?q=`` is what somebody typed) nor a
one-time token (a players' score sheet ``.../sheet/<token>/``, a player's check-in link ``.../check-in/<token>/``,
a set-password link ``.../set-password/<uidb64>/<token>/``, Django's password-reset link
``.../reset/<uidb64>/<token>/``), which becomes ``***``.

``private`` is the one mask, for a path, a request line or any message that names one. It is used by the refused-
action log (tournament/logs/refusals.py), by ``PrivateRecords`` on every Tenbou log line (settings.LOGGING's console
handler: Django's ``django.request`` 404 and 500 lines, ``django.server``, tracebacks) and by gunicorn's access and
error logs (deploy/gunicorn.conf.py). deploy/nginx.conf masks the same paths in its own syntax; a test keeps both
in step with every URL that has a ``<token>``.

No Django here: gunicorn's master process imports this module before the application is loaded.
"""

import logging
import re

MASK = "***"
# the token is the path segment after /sheet/ or /check-in/, after /set-password/<uidb64>/ or /reset/<uidb64>/
_SECRET = re.compile(r"(/sheet/|/check-in/|/(?:set-password|reset)/[^/\s]+/)[^/\s?\"']+")
# a query string after a path that starts the text or follows a space, a quote, "=", "(" or ":" (a request line
# "GET /find/?q=x HTTP/1.1", gunicorn's "Error handling request /find/?q=x", an absolute http://host/find/?q=x)
_QUERY = re.compile(r"(?<![^\s\"'=(:])(/[^\s?\"']*)\?[^\s\"']*")
_TRACEBACKS = logging.Formatter()  # a traceback as every formatter writes it (none overrides it)


def private(text: str) -> str:
    """``text`` without query strings and with one-time tokens as ``***``."""
    return _SECRET.sub(rf"\g<1>{MASK}", _QUERY.sub(r"\g<1>", text))


class PrivateRecords(logging.Filter):
    """A record's message, traceback and stack, masked (``private``) before any handler after it writes them."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = private(message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = _TRACEBACKS.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = private(record.exc_text)
        if record.stack_info:
            record.stack_info = private(record.stack_info)
        return True
