"""Seating schedules for riichi tournaments: generation, validation and the quality report.

Modules:
- schedule.py       the Schedule type, ScheduleError, validate_schedule, check_player_count (four to a table),
                    meeting counts
- quality.py        quality_report / QualityReport and the counting lower_bound
- constructions.py  algebraic schedules without repeated pairs (transversal designs over finite rings)
- winds.py          seat winds by equitable bipartite edge colouring
- tables.py         physical table numbers that spread each player's visits
- tabu.py           the tabu search over player swaps (who meets whom): the one search, with its Settings
- relabel.py        renaming players of a finished schedule to keep groups apart
- designs/          shipped designs for the sizes a search cannot reach (best_design)
- generator.py      generate_schedule: the whole pipeline
- continuation.py   continue_schedule: the remaining sessions after some were played (withdrawals included)
- swiss.py          swiss_session: one session by the current standings, without rematches
"""

from .generator import generate_schedule
from .quality import QualityReport, lower_bound, quality_report
from .schedule import (
    MAX_SEATED_PLAYERS,
    MAX_SESSIONS,
    WINDS,
    Schedule,
    ScheduleError,
    check_player_count,
    validate_schedule,
)
from .swiss import swiss_session

__all__ = [
    "MAX_SEATED_PLAYERS",
    "MAX_SESSIONS",
    "WINDS",
    "QualityReport",
    "Schedule",
    "ScheduleError",
    "check_player_count",
    "generate_schedule",
    "lower_bound",
    "quality_report",
    "swiss_session",
    "validate_schedule",
]
