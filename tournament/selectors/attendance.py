"""Who is in the hall for a session (issue 20): its players by table with their state (present, absent, not
checked in yet), the reserves with theirs, the counts, and the lateness the page proposes (5.7, from the stored
mark, so it survives a reload).

A present mark is attendance, not arrival (issue 28): a referee marks the players present in the first minutes of
a session, and that proposes nothing. Only a player who was absent or not checked in when the clock started and is
then marked "arrived now" (``Attendance.arrived_at``) is late, from the clock's start to that mark. Never a reserve,
nor the registered player of a seat a substitute plays from the start. A proposal ends when it is given (a lateness
penalty of the session exists), dismissed (``services.attendance.dismiss_lateness``), or the table has its result."""

from typing import NamedTuple

from scoring.penalties import LATENESS, SUBSTITUTE, late_between
from scoring.standings import RESERVE
from tournament.display.names import listed_name, name_sort_key
from tournament.models import Attendance, Registration, Session, TableResult
from tournament.selectors.clock import session_clock
from tournament.selectors.penalties import active_penalties

PRESENT = "present"
ABSENT = "absent"
WAITING = "waiting"  # not checked in yet
STATES = (PRESENT, ABSENT, WAITING)


class AttendanceLine(NamedTuple):
    key: str
    name: str
    table: int | None  # None for a reserve
    wind: str
    state: str
    late: int | str | None  # minutes late, SUBSTITUTE, or None (on time, not present, clock not started)
    penalised: bool  # a lateness penalty of this session exists already (the proposal is done)
    substitute: str = ""  # who plays this seat from the start instead (5.8), "" when the player plays
    substitutes_for: str = ""  # a reserve: whose seat they play in this session, "" when none
    dismissed: bool = False  # the lateness proposal was dismissed (services.attendance.dismiss_lateness)
    finished: bool = False  # the table has its result: no proposal any more
    can_arrive: bool = False  # may be marked "arrived now": seated, absent or not checked in, clock running

    @property
    def proposed(self) -> bool:
        """The page proposes this player's lateness: late, and not given, dismissed or past the table's result."""
        return bool(self.late) and not (self.penalised or self.dismissed or self.finished)


class SessionAttendance(NamedTuple):
    session: Session
    tables: list[tuple[int, list[AttendanceLine]]]
    reserves: list[AttendanceLine]
    counts: dict[str, int]  # of the seated players, by state
    waiting: list[AttendanceLine]  # seated players not checked in yet, by table
    started: bool = False  # the session's clock has been started

    @property
    def proposals(self) -> list[AttendanceLine]:
        return [line for _, lines in self.tables for line in lines if line.proposed]

    @property
    def tables_to_mark(self) -> set[int]:
        """The tables with a player the "everyone at this table is here" action would mark."""
        return {line.table for line in self.waiting}


def lateness(mark: Attendance | None, started, rules) -> int | str | None:
    """How late an arrival came after the clock's start ``started`` (5.7): minutes, SUBSTITUTE, or None (no mark,
    absent, present without an arrival, on time, the clock not started). From the stored time, so a reload shows
    the same proposal."""
    if mark is None or not mark.present or mark.arrived_at is None or started is None:
        return None
    if mark.arrived_at <= started:
        return None
    return late_between(started, mark.arrived_at, rules) or None


def session_attendance(session: Session) -> SessionAttendance:
    marks = {a.registration_id: a for a in Attendance.objects.filter(session=session)}
    started = session_clock(session).started_at
    penalised = set(
        active_penalties(session=session).filter(kind=LATENESS).values_list("registration_id", flat=True)
    )
    rules = session.tournament.rules
    finished = set(
        TableResult.objects.filter(table__session=session, is_current=True).values_list(
            "table__number", flat=True
        )
    )

    def line(registration, table, wind, substitute="", substitutes_for="") -> AttendanceLine:
        mark = marks.get(registration.pk)
        state = WAITING if mark is None else PRESENT if mark.present else ABSENT
        plays = table is not None and not substitute  # a reserve or a substituted seat is never late
        person = registration.player
        return AttendanceLine(
            registration.key,
            listed_name(person.last_name, person.first_name),
            table,
            wind,
            state,
            lateness(mark, started, rules) if plays else None,
            registration.pk in penalised,
            substitute,
            substitutes_for,
            dismissed=mark is not None and mark.lateness_dismissed_at is not None,
            finished=table in finished,
            can_arrive=plays and started is not None and state != PRESENT and table not in finished,
        )

    tables: dict[int, list[AttendanceLine]] = {}
    seats = session.seats.select_related(
        "table", "registration__player", "substitute_reserve__player"
    ).order_by("table__number", "order")
    playing_for = {}  # a reserve's registration id: the player whose seat they play
    for seat in seats:
        label = seat.substitute_label
        tables.setdefault(seat.table.number, []).append(
            line(seat.registration, seat.table.number, seat.wind, label)
        )
        if seat.substitute_reserve_id:
            playing_for[seat.substitute_reserve_id] = str(seat.registration.player)
    reserves = sorted(
        Registration.objects.filter(tournament=session.tournament_id, status=RESERVE).select_related(
            "player"
        ),
        key=lambda r: name_sort_key(r.player.last_name, r.player.first_name),
    )
    seated = [entry for lines in tables.values() for entry in lines]
    counts = {state: sum(1 for entry in seated if entry.state == state) for state in STATES}
    return SessionAttendance(
        session,
        sorted(tables.items()),
        [line(r, None, "", substitutes_for=playing_for.get(r.pk, "")) for r in reserves],
        counts,
        [entry for entry in seated if entry.state == WAITING],
        started is not None,
    )


def absent_without_substitute(session: Session) -> list:
    """The session's seats whose player is marked absent and that nobody plays from the start yet, by table and
    seat (the substitutes page names them first, issue 28)."""
    absent = Attendance.objects.filter(session=session, present=False).values("registration_id")
    return list(
        session.seats.filter(registration_id__in=absent, substitute_reserve__isnull=True, substitute_guest="")
        .select_related("table", "registration__player")
        .order_by("table__number", "order")
    )


__all__ = [
    "ABSENT",
    "PRESENT",
    "SUBSTITUTE",
    "WAITING",
    "absent_without_substitute",
    "AttendanceLine",
    "SessionAttendance",
    "lateness",
    "session_attendance",
]
