"""The refused-action log: one line on the ``tenbou.refused`` logger for each action refused while serving a request.

Refused means: a service's ``DomainError`` (the page shows its message: a result that does not add up, the last
organiser removed), a 403 (no role, a bad CSRF token), a 400 (a malformed ``?after=``, an unknown host), a 405 (a
GET where only POST is allowed), a wrong password at a login (``login_failed``), a login locked out after too
many (``login_locked``, 429) and a body larger than any upload (``request_too_large``, 413: tournament.operations.hardening). A form that only says "this field is required" is not a refusal and not logged; a 404
is not a refusal either (Django logs it on ``django.request``, a warning like every other 4xx but these).

How, without touching the 34 places that catch a DomainError: the first middleware (``RequestIdMiddleware``) opens
a list of notes for the request (a context variable, so each thread has its own) and writes the notes as log lines
once the response is made. The notes come from

- ``DomainError`` itself: it notes itself when it is made during a request, so every refusal a view catches and
  shows is noted once, whichever view it is. One that leaves the view uncaught is withdrawn (it is a server error,
  logged as one); code that catches a DomainError only to ask a question (``selectors.sheets.finished_sheet``) calls
  ``withdraw``;
- Django's own warnings for these statuses on ``django.request`` and ``django.security.*`` (``DjangoRefusals``, a
  handler on those loggers): their reason (``CSRF cookie not set``, ``Invalid HTTP_HOST header``) becomes the note,
  and ``NotTwice`` keeps Django's line off the console, so each refusal is written once;
- the login: ``user_login_failed`` (connected in ``TournamentConfig.ready``) and the lockout page
  (``tournament.operations.login_throttle``), which replaces the failed-login note of the same request;
- the status alone, for a 400, 403, 405, 409 or 429 with no note (a view that returns one itself).

(A helper each view calls in its ``except DomainError`` would take 34 edits and be forgotten by the next view.)
Outside a request (a management command, a task in a thread of its own) nothing is noted: the caller reports.

A line: ``code=table_sum status=200 method=POST path="/t/demo/..." user=7 tournament=demo message="..."``, on
WARNING (INFO for a DomainError and a wrong password: everyday mistakes), with the request id from the formatter.
Not logged: the query string, the body, cookies, the client's address and user agent, the typed username or email,
passwords; the user is their numeric id; one-time tokens in a path are replaced by ``***`` (tournament.logs.privacy). The
message is the one the person saw, in their language (the code is the stable English key); it may name a player or
a login, as the page did.
"""

import json
import logging
from contextvars import ContextVar, Token
from dataclasses import dataclass

from tournament.logs.privacy import private

logger = logging.getLogger("tenbou.refused")

STATUS_CODES = {
    400: "bad_request",
    403: "forbidden",
    405: "method_not_allowed",
    409: "conflict",
    429: "too_many_requests",
}


@dataclass
class Refusal:
    code: str
    message: str
    level: int = logging.WARNING
    source: object = None  # the DomainError that made the note, so that it can be withdrawn


_notes: ContextVar[list[Refusal] | None] = ContextVar("tenbou_refusals", default=None)


def begin() -> Token:
    """The request's notes start empty (called by the middleware)."""
    return _notes.set([])


def end(token: Token) -> None:
    _notes.reset(token)


def note(code: str, message: str, *, level: int = logging.WARNING, source=None, replaces: tuple = ()) -> None:
    """Note a refusal of the current request (nothing outside a request: commands, tasks); a repeat is ignored."""
    notes = _notes.get()
    if notes is None:
        return
    notes[:] = [n for n in notes if n.code not in replaces]
    if not any((n.code, n.message) == (code, message) for n in notes):
        notes.append(Refusal(code, str(message), level, source))


def note_domain_error(error) -> None:
    note(error.code, error.message, level=logging.INFO, source=error)


def withdraw(error) -> None:
    """A DomainError that was not a refusal shown to anybody: caught to ask a question, or uncaught (a 500)."""
    notes = _notes.get()
    if notes:
        notes[:] = [n for n in notes if n.source is not error]


def login_failed(sender, credentials=None, request=None, **kwargs) -> None:
    """``user_login_failed``: a wrong username or password at a login page (the name typed is not kept)."""
    if request is not None:
        note("login_failed", "wrong username or password", level=logging.INFO)


def write(request, response) -> None:
    """The request's refusals as log lines (called by the middleware while the request id is still set)."""
    notes = list(_notes.get() or [])
    status = response.status_code
    if not notes and status in STATUS_CODES:
        notes = [Refusal(STATUS_CODES[status], response.reason_phrase)]
    if not notes:
        return
    fields = _request_fields(request, status)
    for refusal in notes:
        line = {"code": refusal.code, **fields, "message": refusal.message}
        logger.log(refusal.level, _format(line), extra={"refusal": line})


def write_outside_request(code: str, message: str, **fields) -> None:
    """A refusal met outside a request (a background job's): logged at once, with the fields that say where,
    unless a request is being served (the immediate task backend), whose notes have it already."""
    if _notes.get() is not None:
        return
    line = {"code": code, **fields, "message": str(message)}
    logger.info(_format(line), extra={"refusal": line})


def _request_fields(request, status: int) -> dict:
    match = getattr(request, "resolver_match", None)
    kwargs = match.kwargs if match else {}
    return {
        "status": status,
        "method": request.method,
        "path": private(request.path),
        "user": _user_id(request),
        "tournament": kwargs.get("slug") or "-",
        "request_id": getattr(request, "id", "-"),
    }


def _user_id(request) -> str:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return "anonymous"
    return str(user.pk)


def _format(line: dict) -> str:
    quoted = ("path", "message")  # free text: quoted and escaped, so a newline cannot forge a log line
    return " ".join(
        f"{key}={json.dumps(value, ensure_ascii=False) if key in quoted else value}"
        for key, value in line.items()
        if key != "request_id"  # the formatter prints it in front of every line
    )


class DjangoRefusals(logging.Handler):
    """On ``django.request`` and ``django.security``: Django's warning for a refusal becomes the request's note."""

    def emit(self, record: logging.LogRecord) -> None:
        status = getattr(record, "status_code", None)
        if status not in STATUS_CODES:
            return
        code = "csrf_failed" if record.name == "django.security.csrf" else STATUS_CODES[status]
        note(code, _reason(record))


def _reason(record: logging.LogRecord) -> str:
    """Django's message without the path it ends with (the line has the path)."""
    message = record.getMessage()
    request = getattr(record, "request", None)
    if request is not None:
        suffix = ": " + request.path.encode("unicode_escape").decode("ascii")
        message = message.removesuffix(suffix)
    return private(message)


class NotTwice(logging.Filter):
    """On the console handler: Django's own line for a refusal is left out (its note is written instead)."""

    def filter(self, record: logging.LogRecord) -> bool:
        django = record.name == "django.request" or record.name.startswith("django.security.")
        return not (django and getattr(record, "status_code", None) in STATUS_CODES)
