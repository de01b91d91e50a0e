"""How far the event is: per session and table, the current result version, who entered it and when, what is
missing. The one answer to "which tables have results" for pages, printing, exports and the EMA checks.

Two queries whatever the size of the event: the tables, and their current results.
"""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import OuterRef, Subquery

from tournament.models import ResultCheck, Session, Table, TableResult, Tournament

WAITING, ENTERED, CORRECTED = "waiting", "entered", "corrected"
CONFIRMED, DISPUTED = ResultCheck.CONFIRMED, ResultCheck.DISPUTED


@dataclass(frozen=True)
class TableProgress:
    session: int
    table: int
    table_id: int
    version: int | None = None  # the current result's version; None while nothing is entered
    entered_by: str = ""
    entered_at: datetime | None = None
    verdict: str = ""  # the latest check of the current version: confirmed, disputed, or "" for none

    @property
    def has_result(self) -> bool:
        return self.version is not None

    @property
    def state(self) -> str:
        """waiting, entered, corrected (version 2 or later), confirmed or disputed."""
        if self.version is None:
            return WAITING
        if self.verdict:
            return self.verdict
        return ENTERED if self.version == 1 else CORRECTED

    @property
    def confirmed(self) -> bool:
        return self.verdict == CONFIRMED


@dataclass(frozen=True)
class SessionProgress:
    number: int
    session_id: int
    starts_at: datetime | None
    published: bool
    tables: tuple[TableProgress, ...]

    @property
    def table_count(self) -> int:
        return len(self.tables)

    @property
    def entered(self) -> int:
        return sum(1 for table in self.tables if table.has_result)

    @property
    def missing(self) -> tuple[int, ...]:
        """The numbers of the tables still waiting for a result."""
        return tuple(table.table for table in self.tables if not table.has_result)

    @property
    def confirmed(self) -> int:
        return sum(1 for table in self.tables if table.confirmed)

    @property
    def has_results(self) -> bool:
        return any(table.has_result for table in self.tables)

    @property
    def complete(self) -> bool:
        return bool(self.tables) and not self.missing

    @property
    def last_entered_at(self) -> datetime | None:
        return max((t.entered_at for t in self.tables if t.entered_at), default=None)


def tournament_progress(tournament: Tournament) -> list[SessionProgress]:
    """Every session of the tournament in order, each with its tables in order."""
    results = with_verdict(TableResult.objects.filter(is_current=True, table__session__tournament=tournament))
    current = {
        table_id: (version, label, at, verdict or "")
        for table_id, version, label, at, verdict in results.values_list(
            "table_id", "version", "entered_by_label", "entered_at", "verdict"
        )
    }
    tables: dict[int, list[TableProgress]] = {}
    rows = Table.objects.filter(session__tournament=tournament).order_by("session__number", "number")
    for table_id, session_id, session_number, number in rows.values_list(
        "id", "session_id", "session__number", "number"
    ):
        version, label, at, verdict = current.get(table_id, (None, "", None, ""))
        tables.setdefault(session_id, []).append(
            TableProgress(session_number, number, table_id, version, label, at, verdict)
        )
    sessions = Session.objects.filter(tournament=tournament).order_by("number")
    return [
        SessionProgress(number, pk, starts_at, published, tuple(tables.get(pk, ())))
        for pk, number, starts_at, published in sessions.values_list(
            "id", "number", "starts_at", "seating_published"
        )
    ]


def with_verdict(results):
    """Annotate table results with ``verdict``: the latest check's verdict, or None."""
    latest = ResultCheck.objects.filter(result=OuterRef("pk")).order_by("-id").values("verdict")[:1]
    return results.annotate(verdict=Subquery(latest))


def session_progress(tournament: Tournament, number: int) -> SessionProgress | None:
    return next((s for s in tournament_progress(tournament) if s.number == number), None)


def sessions_with_results(tournament: Tournament) -> set[int]:
    """The numbers of the sessions in which at least one table has a result."""
    rows = TableResult.objects.filter(table__session__tournament=tournament)
    return set(rows.values_list("table__session__number", flat=True).distinct())


def session_numbers(tournament: Tournament) -> tuple[int, ...]:
    """The numbers of the sessions the tournament has."""
    return tuple(tournament.sessions.order_by("number").values_list("number", flat=True))


def results_final(session: Session) -> bool:
    """Whether a session's results are final: every table has a result, confirmed by the second check where the
    tournament asks for one. The players' score sheet links of the session end then."""
    tables = session.tables.count()
    current = with_verdict(TableResult.objects.filter(is_current=True, table__session=session))
    if session.tournament.confirmation_required:
        current = current.filter(verdict=CONFIRMED)
    return tables > 0 and current.count() == tables
