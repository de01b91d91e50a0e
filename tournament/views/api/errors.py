"""The read API's refusals as JSON: DRF's (a 404 ``{"detail": ...}``, a 429 with Retry-After) and a wrong
parameter (views.params.BadParameter, the pages' 400) as a 400 with its sentence."""

from django.core.exceptions import BadRequest
from rest_framework.exceptions import ParseError
from rest_framework.views import exception_handler as drf_handler


def exception_handler(exc, context):
    if isinstance(exc, BadRequest):
        exc = ParseError(str(exc))
    return drf_handler(exc, context)
