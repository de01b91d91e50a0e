"""The tournament data model, one module per area. Rows are written only by the services in
``tournament.services``; reads are in ``tournament.selectors``."""

from tournament.models.attendance import Attendance
from tournament.models.audit import AuditEntry, ChangeCount
from tournament.models.checks import ResultCheck, SheetEntry
from tournament.models.clock import ClockEvent, HallDisplay
from tournament.models.finals import Cut, CutPlace
from tournament.models.jobs import Job, WorkerBeat
from tournament.models.people import Player, Registration
from tournament.models.prizes import Prize
from tournament.models.results import Penalty, SeatResult, TableResult
from tournament.models.series import Series
from tournament.models.sessions import Seat, Session, Table
from tournament.models.tournaments import Tournament, TournamentRole, country_validator, ema_id_validator

__all__ = [
    "Attendance",
    "AuditEntry",
    "ChangeCount",
    "ClockEvent",
    "Cut",
    "CutPlace",
    "HallDisplay",
    "Job",
    "Penalty",
    "Player",
    "Prize",
    "Registration",
    "ResultCheck",
    "Seat",
    "SeatResult",
    "Series",
    "Session",
    "SheetEntry",
    "Table",
    "TableResult",
    "Tournament",
    "TournamentRole",
    "WorkerBeat",
    "country_validator",
    "ema_id_validator",
]
