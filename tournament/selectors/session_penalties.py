"""The penalties of each session, for the organiser's dashboard: who, what, how many points, given by whom;
cancelled ones are kept (shown struck through), as the penalty itself is never deleted, but only the penalties
that count (selectors.penalties.active_penalties, the one home of "not cancelled") are counted."""

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef

from tournament.models import Penalty, Tournament
from tournament.selectors.penalties import active_penalties


@dataclass
class SessionPenalties:
    listed: list[Penalty] = field(default_factory=list)  # every penalty given, cancelled ones too, in order
    counted: int = 0  # those that count

    @property
    def cancelled(self) -> int:
        return len(self.listed) - self.counted


def penalties_by_session(tournament: Tournament) -> dict[int, SessionPenalties]:
    active = active_penalties(tournament=tournament).filter(pk=OuterRef("pk"))
    penalties = (
        Penalty.objects.filter(session__tournament=tournament)
        .annotate(counts=Exists(active))
        .select_related("registration__player", "session")
        .order_by("session__number", "created_at", "id")
    )
    found: dict[int, SessionPenalties] = {}
    for penalty in penalties:
        penalty.change = -penalty.deducted_points(tournament.rules)  # as the standings count it
        session = found.setdefault(penalty.session.number, SessionPenalties())
        session.listed.append(penalty)
        session.counted += penalty.counts
    return found
