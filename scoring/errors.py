"""Domain errors raised by the rules.

Every error carries a stable ``code`` (for tests and translations), a ``message`` in English that names what was
wrong and where, and the ``params`` the message was built from, so that the web layer can translate it.
"""


class ScoringError(ValueError):
    """A rule was broken by the input: the input is refused and nothing is computed."""

    def __init__(self, code: str, message: str, **params):
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def __str__(self) -> str:
        return self.message
