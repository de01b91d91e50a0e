"""Seating schedules for riichi tournaments: generation, validation and the quality report.

Modules:
- schedule.py       the Schedule type, ScheduleError, validate_schedule, meeting counts
- quality.py        quality_report / QualityReport and the counting lower_bound
- constructions.py  algebraic schedules without repeated pairs (transversal designs over finite rings)
- winds.py          seat winds by equitable bipartite edge colouring
- tables.py         physical table numbers that spread each player's visits
- generator.py      generate_schedule: the whole pipeline
"""

from .generator import generate_schedule
from .quality import QualityReport, lower_bound, quality_report
from .schedule import WINDS, Schedule, ScheduleError, validate_schedule

__all__ = [
    "WINDS",
    "QualityReport",
    "Schedule",
    "ScheduleError",
    "generate_schedule",
    "lower_bound",
    "quality_report",
    "validate_schedule",
]
