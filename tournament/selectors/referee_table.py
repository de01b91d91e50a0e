"""One table as the referee works on it: its seats, its current result and its history (every result version,
every check and every penalty of its players in that session, with who, when and what changed)."""

from datetime import datetime
from typing import NamedTuple

from scoring.table import WINDS
from tournament.models import Penalty, ResultCheck, Seat, Table, TableResult


class SeatValue(NamedTuple):
    wind: str
    raw: int
    substitute: str
    substitute_name: str


class Version(NamedTuple):
    result: TableResult
    values: dict[str, SeatValue]  # by wind
    changed: tuple[str, ...]  # the winds whose score or substitute differ from the version before

    @property
    def in_seat_order(self) -> list[SeatValue]:
        """The seats' values in the order E, S, W, N (for pages, which cannot look a dict up by a variable)."""
        return [self.values[wind] for wind in WINDS if wind in self.values]


class HistoryEvent(NamedTuple):
    at: datetime
    who: str
    kind: str  # "version", "check", "penalty", "cancel"
    version: Version | None = None
    check: ResultCheck | None = None
    penalty: Penalty | None = None


def table_seats(table: Table) -> list[Seat]:
    """The four seats in order, each with its planned substitute (5.8; ``seat.substitute_label``)."""
    return list(
        table.seats.select_related("registration__player", "substitute_reserve__player").order_by("order")
    )


def versions(table: Table) -> list[Version]:
    """Every version of the table's result, oldest first, with what changed from the one before."""
    results = list(table.results.order_by("version").prefetch_related("seat_results__seat"))
    found, before = [], {}
    for result in results:
        values = {
            r.seat.wind: SeatValue(r.seat.wind, r.raw_score, r.substitute, r.substitute_name)
            for r in result.seat_results.all()
        }
        changed = tuple(wind for wind, value in values.items() if before and before.get(wind) != value)
        found.append(Version(result, values, changed))
        before = values
    return found


def history(table: Table, seats: list[Seat], found: list[Version] | None = None) -> list[HistoryEvent]:
    """Everything that happened to the table, newest first (``found``: its versions, when already read)."""
    events = [
        HistoryEvent(v.result.entered_at, v.result.entered_by_label, "version", version=v)
        for v in (versions(table) if found is None else found)
    ]
    checks = ResultCheck.objects.filter(result__table=table).select_related("result")
    events += [HistoryEvent(c.checked_at, c.checked_by_label, "check", check=c) for c in checks]
    penalties = Penalty.objects.filter(
        session_id=table.session_id, registration_id__in=[seat.registration_id for seat in seats]
    ).select_related("registration__player", "cancelled_by")
    for penalty in penalties:
        events.append(HistoryEvent(penalty.created_at, penalty.created_by_label, "penalty", penalty=penalty))
        if penalty.cancelled:
            who = penalty.cancelled_by.get_username() if penalty.cancelled_by else ""
            events.append(HistoryEvent(penalty.cancelled_at, who, "cancel", penalty=penalty))
    return sorted(events, key=lambda event: event.at, reverse=True)


def latest_check(table: Table) -> ResultCheck | None:
    return ResultCheck.objects.filter(result__table=table, result__is_current=True).order_by("-id").first()
