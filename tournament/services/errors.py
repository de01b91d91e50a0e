from scoring.errors import ScoringError


class DomainError(Exception):
    """A refused change. ``code`` is stable (tests, API); ``message`` is translated and says what and where."""

    def __init__(self, code: str, message: str, **params):
        super().__init__(message)
        self.code = code
        self.message = str(message)
        self.params = params

    def __str__(self) -> str:
        return self.message

    @classmethod
    def from_scoring(cls, error: ScoringError) -> "DomainError":
        return cls(error.code, error.message, **error.params)
