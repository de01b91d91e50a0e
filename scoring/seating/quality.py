"""The quality report of a seating schedule: repeated meetings, seat winds, table visits, group meetings."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import asdict, dataclass

from .schedule import WINDS, Schedule, meeting_matrix

WORST_PAIRS_SHOWN = 5


def lower_bound(n_players: int, n_sessions: int) -> int:
    """The counting lower bound of the excess meetings.

    Each session a player meets 3 others, so over S sessions 3S meetings with at most N-1 different people:
    at least max(0, 3S - (N-1)) of them are repeats, and each repeat is shared by two players.
    """
    per_player = max(0, 3 * n_sessions - (n_players - 1))
    return (n_players * per_player + 1) // 2


@dataclass(frozen=True)
class QualityReport:
    players: int
    sessions: int
    tables: int
    lower_bound: int
    excess_meetings: int  # sum over pairs of max(0, meetings - 1)
    repeated_pairs: int  # pairs that meet at least twice
    max_pair_meetings: int
    worst_pairs: tuple[tuple[int, int, int], ...]  # (p, q, meetings), most meetings first
    wind_counts: tuple[tuple[int, int, int, int], ...]  # per player: times seated E, S, W, N
    wind_spread: int  # max over players of (most frequent wind - least frequent wind)
    same_group_meetings: int | None  # meetings between players of the same group (None: no groups given)
    max_table_visits: int  # most sessions any player sits at the same physical table number

    def as_dict(self) -> dict:
        data = asdict(self)
        data["worst_pairs"] = [list(pair) for pair in self.worst_pairs]
        data["wind_counts"] = [list(counts) for counts in self.wind_counts]
        return data

    def format_text(self, names: Sequence[str] | None = None) -> str:
        """A few lines for people; players are shown by name, or numbered from 1 when no names are given."""

        def label(p: int) -> str:
            return names[p] if names is not None else str(p + 1)

        lines = [
            f"{self.players} players, {self.sessions} sessions, {self.tables} tables",
            f"excess meetings: {self.excess_meetings} (lower bound {self.lower_bound}); "
            f"pairs meeting more than once: {self.repeated_pairs}; "
            f"most meetings of one pair: {self.max_pair_meetings}",
        ]
        if self.worst_pairs:
            shown = ", ".join(f"{label(p)} & {label(q)} x{m}" for p, q, m in self.worst_pairs)
            lines.append(f"most repeated pairs: {shown}")
        lines.append(f"seat winds ({'/'.join(WINDS)}): largest difference for one player {self.wind_spread}")
        lines.append(f"most visits of one player to the same table: {self.max_table_visits}")
        if self.same_group_meetings is not None:
            lines.append(f"meetings within the same group: {self.same_group_meetings}")
        return "\n".join(lines)


def quality_report(
    schedule: Schedule,
    *,
    n_players: int | None = None,
    groups: Sequence[Hashable | None] | None = None,
) -> QualityReport:
    """Measure a schedule (it is assumed valid; see validate_schedule)."""
    n = n_players if n_players is not None else 4 * max((len(s) for s in schedule), default=0)
    meet = meeting_matrix(schedule, n)
    pairs = repeats(meet)
    winds = wind_counts(schedule, n)
    return QualityReport(
        players=n,
        sessions=len(schedule),
        tables=n // 4,
        lower_bound=lower_bound(n, len(schedule)),
        excess_meetings=sum(m - 1 for _, _, m in pairs),
        repeated_pairs=len(pairs),
        max_pair_meetings=max((max(row) for row in meet), default=0),
        worst_pairs=tuple(pairs[:WORST_PAIRS_SHOWN]),
        wind_counts=winds,
        wind_spread=max((max(c) - min(c) for c in winds), default=0),
        same_group_meetings=None if groups is None else same_group_meetings(meet, groups),
        max_table_visits=_max_table_visits(schedule, n),
    )


def repeats(meet: list[list[int]]) -> list[tuple[int, int, int]]:
    """(p, q, meetings) for every pair meeting at least twice, most meetings first."""
    n = len(meet)
    pairs = [(p, q, meet[p][q]) for p in range(n) for q in range(p + 1, n) if meet[p][q] > 1]
    pairs.sort(key=lambda pair: (-pair[2], pair[0], pair[1]))
    return pairs


def same_group_meetings(meet: list[list[int]], groups: Sequence[Hashable | None]) -> int:
    """Sum of meetings over pairs of players in the same (non-None) group."""
    members: dict[Hashable, list[int]] = {}
    for p, group in enumerate(groups):
        if group is not None:
            members.setdefault(group, []).append(p)
    total = 0
    for players in members.values():
        for i, p in enumerate(players):
            total += sum(meet[p][q] for q in players[i + 1 :])
    return total


def wind_counts(schedule: Schedule, n: int) -> tuple[tuple[int, int, int, int], ...]:
    """Per player, the times seated East, South, West and North."""
    counts = [[0, 0, 0, 0] for _ in range(n)]
    for session in schedule:
        for table in session:
            for seat, p in enumerate(table):
                if p is not None:  # a player who left (the continuation's played sessions)
                    counts[p][seat] += 1
    return tuple((c[0], c[1], c[2], c[3]) for c in counts)


def _max_table_visits(schedule: Schedule, n: int) -> int:
    visits: dict[tuple[int, int], int] = {}
    for session in schedule:
        for t, table in enumerate(session):
            for p in table:
                visits[p, t] = visits.get((p, t), 0) + 1
    return max(visits.values(), default=0)
