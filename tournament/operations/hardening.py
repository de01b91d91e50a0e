"""A protection of every request, as middleware (settings.MIDDLEWARE, just before axes):
``BodySizeLimitMiddleware``: a request whose body is larger than the largest upload and its form
(``MAX_REQUEST_BYTES``) is refused with 413 before anything reads it: Django would otherwise parse a multipart
body, writing its files to disk, for the CSRF check, before any login check, also when gunicorn is reached without
nginx (deploy/nginx.conf's ``client_max_body_size`` is the same size). Only the declared Content-Length is looked
at: without one (a chunked body) Django reads no body at all. It checks in ``__call__``, which runs for every
middleware before any view middleware (the CSRF check reads the body in its ``process_view``).

The staff's pages are ``Cache-Control: private, no-store``: tournament/operations/caching.py.
"""

from django.shortcuts import render
from django.utils.translation import gettext as _

from scoring.limits import MAX_REQUEST_BYTES, MEGABYTE
from tournament.logs import refusals


def _declared_length(request) -> int:
    value = request.META.get("CONTENT_LENGTH") or "0"
    return int(value) if value.isdigit() else 0


class BodySizeLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        length = _declared_length(request)
        if length <= MAX_REQUEST_BYTES:
            return self.get_response(request)
        message = _("The upload is too large: at most %(limit)s MB.") % {
            "limit": MAX_REQUEST_BYTES // MEGABYTE
        }
        refusals.note("request_too_large", message)
        return render(request, "413.html", {"message": message}, status=413)
