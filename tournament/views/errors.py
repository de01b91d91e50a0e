"""The server error page (``handler500``): Django's, plus the request id, so that what somebody reports ("it said
5f3a...") is found in the log, where the error and its traceback carry the same id. The 400 page (``handler400``)
says which parameter was wrong when it was ours (``views.params.BadParameter``); Django's own reasons (an unknown
host) are not shown."""

from django.http import HttpResponseBadRequest, HttpResponseServerError
from django.template import loader
from django.views.decorators.csrf import requires_csrf_token

from tournament.views.params import BadParameter


@requires_csrf_token
def server_error(request):
    """Renders templates/500.html with the request id only: no context processors, no database, no session."""
    page = loader.get_template("500.html").render({"request_id": getattr(request, "id", "")})
    return HttpResponseServerError(page)


@requires_csrf_token
def bad_request(request, exception):
    """Renders templates/400.html (like Django's, without a request), with the reason when it is a BadParameter."""
    problem = str(exception) if isinstance(exception, BadParameter) else ""
    return HttpResponseBadRequest(loader.get_template("400.html").render({"problem": problem}))
