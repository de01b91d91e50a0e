"""Reads, one module per question; pages, printing, exports and the EMA checks call these instead of building
their own queries.

- ``players``: who is registered (plain tuples).
- ``results``: the scored tables and the standings, computed from the entered results when asked.
- ``progress``: per session and table, the current result version, who entered it and when, what is missing.
- ``seating``: who sits where, for the pages.

The standings API is re-exported here (``selectors.standings(tournament)``).
"""

from tournament.selectors.players import PlayerInfo, player_infos
from tournament.selectors.results import Standings, last_session, penalty_lines, scored_tables, standings

__all__ = [
    "PlayerInfo",
    "Standings",
    "last_session",
    "penalty_lines",
    "player_infos",
    "scored_tables",
    "standings",
]
