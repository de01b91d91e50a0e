"""The server error page (``handler500``): Django's, plus the request id, so that what somebody reports ("it said
5f3a...") is found in the log, where the error and its traceback carry the same id."""

from django.http import HttpResponseServerError
from django.template import loader
from django.views.decorators.csrf import requires_csrf_token


@requires_csrf_token
def server_error(request):
    """Renders templates/500.html with the request id only: no context processors, no database, no session."""
    page = loader.get_template("500.html").render({"request_id": getattr(request, "id", "")})
    return HttpResponseServerError(page)
