"""Refusals as people read them.

``DomainError`` is a change refused. Every refusal is a code with parameters: ``DomainError.coded(code,
**params)`` for tournament/'s own, ``DomainError.from_scoring(error)`` for the rules engine's (``ScoringError(code,
message, **params)``). Its sentence comes from the one table (``tournament.errors.messages.MESSAGES``), made at the
edge in the reader's language from the parameters (``tournament.errors.parameters``). No refusal is written inline:
tests/tournament/test_error_codes.py checks both, and that every code has its sentence in every language.
"""

from scoring.errors import ScoringError
from tournament.errors.messages import MESSAGES, SCORING_MESSAGES
from tournament.errors.parameters import made
from tournament.logs import refusals

__all__ = ["MESSAGES", "SCORING_MESSAGES", "DomainError", "message", "scoring_message", "scoring_text"]


class DomainError(Exception):
    """A refused change. ``code`` is stable (tests, API); ``message`` is translated and says what and where.

    Made while serving a request, it is noted for the refused-action log (``tournament.logs.refusals``); code that
    catches one only to ask a question calls ``refusals.withdraw(error)``."""

    def __init__(self, code: str, message: str, **params):
        super().__init__(message)
        self.code = code
        self.message = str(message)
        self.params = params
        refusals.note_domain_error(self)

    def __str__(self) -> str:
        return self.message

    @classmethod
    def coded(cls, key: str, /, **params) -> "DomainError":
        """The refusal of ``key`` in MESSAGES made from ``params``; its code is ``key`` up to a slash
        (``"bad_status/plain"`` is a ``bad_status``)."""
        return cls(key.split("/", 1)[0], message(key, **params), **params)

    @classmethod
    def from_scoring(cls, error: ScoringError, **context) -> "DomainError":
        """The rules engine's refusal with the same code and parameters; ``context`` as for ``scoring_message``."""
        return cls(error.code, scoring_message(error, **context), **error.params)


def message(key: str, /, **params) -> str:
    """The sentence of ``key`` in the reader's language, for a refusal that is reported rather than raised (a
    row of a file); KeyError for an unknown key or a parameter its sentence lacks."""
    return made(MESSAGES[key], params)


def scoring_message(error: ScoringError, **context) -> str:
    """The rules engine's refusal in the reader's language, from the table and the error's parameters; ``context``
    adds or replaces parameters the caller knows better (``where``: "Session 3"). A code without a sentence (the
    test forbids it) falls back to scoring's English message."""
    try:
        return scoring_text(error.code, {**error.params, **context})
    except (KeyError, ValueError, TypeError):
        return error.message


def scoring_text(code: str, params: dict) -> str:
    """The sentence of scoring's ``code`` made from ``params``; KeyError for an unknown code or a parameter it
    lacks (see tournament.errors.parameters.made)."""
    return made(SCORING_MESSAGES[code], params)
