"""Two protections of every request, as middleware (settings.MIDDLEWARE, just before axes):

- ``BodySizeLimitMiddleware``: a request whose body is larger than the largest upload and its form
  (``MAX_REQUEST_BYTES``) is refused with 413 before anything reads it: Django would otherwise parse a multipart
  body, writing its files to disk, for the CSRF check, before any login check, also when gunicorn is reached
  without nginx (deploy/nginx.conf's ``client_max_body_size`` is the same size). Only the declared
  Content-Length is looked at: without one (a chunked body) Django reads no body at all.
- ``StaffPagesMiddleware``: every response of a staff page (a view under tournament.views.organise or
  tournament.views.referee, the players' sheet link included), its refusals, 404s and server errors too, is
  ``Cache-Control: private, no-store``: no browser history, back button or proxy keeps an organiser's page. The
  public pages keep their own caching (views/public/live.py). A view at a public address that serves the staff
  alone (an organiser's download from the export address) sets ``request.staff_page``.

Both check in ``__call__``, which runs for every middleware before any view middleware (the CSRF check reads the
body in its ``process_view``).
"""

from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _

from tournament.logs import refusals
from tournament.readers.file_formats import MAX_UPLOAD_BYTES, MEGABYTE

MAX_REQUEST_BYTES = (
    MAX_UPLOAD_BYTES + MEGABYTE
)  # the largest upload (a player list, a seating file) and its form
STAFF_VIEWS = ("tournament.views.organise.", "tournament.views.referee.")


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


class StaffPagesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if _staff_page(request):
            patch_cache_control(response, private=True, no_store=True)
        return response


def _staff_page(request) -> bool:
    if getattr(request, "staff_page", False):
        return True
    match = getattr(request, "resolver_match", None)
    module = getattr(match.func, "__module__", "") if match else ""
    return module.startswith(STAFF_VIEWS)
