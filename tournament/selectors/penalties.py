"""The penalties that count: given and not cancelled (3.4.6, 5.5-5.7). A penalty is never deleted, only cancelled
with a reason, and a cancelled one deducts nothing. The one place that says so for a query: the standings, the
public pages' marks, the referee's table and preview and the score sheet's chombos all ask here. (Pages that show
every penalty, cancelled ones struck through, read them all: session_penalties, referee_table.)"""

from collections.abc import Iterable

from django.db.models import QuerySet

from tournament.models import Penalty, Session, Tournament


def active_penalties(
    *,
    tournament: Tournament | None = None,
    session: Session | None = None,
    registrations: Iterable[int] | None = None,
    after_session: int | None = None,
) -> QuerySet[Penalty]:
    """The penalties not cancelled: of a tournament or of one session, of these registrations (ids) only, in the
    sessions up to ``after_session`` only. A query, so the caller may narrow it further or read some columns."""
    found = Penalty.objects.filter(cancelled=False)
    if tournament is not None:
        found = found.filter(session__tournament=tournament)
    if session is not None:
        found = found.filter(session=session)
    if registrations is not None:
        found = found.filter(registration_id__in=list(registrations))
    if after_session is not None:
        found = found.filter(session__number__lte=after_session)
    return found
