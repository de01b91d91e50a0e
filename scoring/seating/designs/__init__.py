"""Shipped seating designs for the cases a search cannot reach (placeholder; see tools/seating/)."""

Schedule = list[list[list[int]]]


def best_design(n_players: int, n_sessions: int) -> Schedule | None:
    """A validated schedule for n_players over at least n_sessions sessions, or None.

    Players are numbered 0..n_players-1; each session is a list of tables, each table a list of four players.
    The caller takes the first n_sessions sessions.
    """
    return None
