"""The one write path. Every change made by an organiser or referee goes through a function here.

Each function takes keyword-only arguments and the acting user (``actor``; None means the command line), runs in
one transaction, locks the rows two people could race for, writes an audit entry in the same transaction, and
raises ``DomainError`` (a stable ``code`` plus a translated message naming what and where) when it refuses.
"""

from tournament.errors import DomainError

__all__ = ["DomainError"]
