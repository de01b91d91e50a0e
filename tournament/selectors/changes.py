"""The change stamp of a tournament: what the public pages' cache keys, ETags and Last-Modified are made of.

Every change by a person goes through a service that writes an audit entry with the tournament in the same
transaction (tournament.services.audit); changes without a tournament (a person's name edited in the admin, a
tournament deleted) are entries without one and count for every tournament. The stamp is read from the database
on every request, so several server processes agree on it and none keeps a notion of "fresh" of its own.

The stamp is the number of those entries with the highest id and the latest time. The count matters on
PostgreSQL: ids come from a sequence when a row is written, not when its transaction commits, so a slower
transaction can commit an entry with a lower id after a faster one; the highest id stays the same but the count
grows. Entries are never deleted, so an equal count means the same entries. The time makes a stamp unique across
databases (a test database rolled back, a backup restored), where counts and ids can repeat.

Read the stamp before the data a page shows: a change committed in between makes the page newer than its stamp,
never older, and the next request sees a new stamp.
"""

from datetime import datetime
from typing import NamedTuple

from django.db.models import Count, Max, Q

from tournament.models import AuditEntry, Tournament


class Stamp(NamedTuple):
    entries: int
    last_id: int
    at: datetime | None  # the time of the latest entry: the page's Last-Modified

    @property
    def token(self) -> str:
        micros = int(self.at.timestamp() * 1_000_000) if self.at else 0
        return f"{self.entries}.{self.last_id}.{micros}"


def change_stamp(tournament: Tournament) -> Stamp:
    """One aggregate query over the tournament's audit entries (and those without a tournament)."""
    entries = AuditEntry.objects.filter(Q(tournament=tournament) | Q(tournament__isnull=True))
    found = entries.aggregate(entries=Count("id"), last_id=Max("id"), at=Max("created_at"))
    return Stamp(found["entries"], found["last_id"] or 0, found["at"])
