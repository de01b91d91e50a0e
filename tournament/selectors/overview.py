"""What the public pages show about the results, computed once per change stamp and shared by the standings, the
session pages and the player pages: the standings after every session with results, each player's place at the
table, the penalties and substitutes behind each session figure, the results not yet confirmed, the progress.

``overview(tournament, stamp)`` remembers the last few overviews in this process by the tournament and its change
stamp (selectors.changes). The stamp is read from the database on every request, so a remembered overview is
never stale: another process's change makes a new stamp and a new overview. It holds plain data, nothing
translated: the pages format it in the page's language.
"""

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import NamedTuple

from scoring.penalties import PenaltyInput, penalty_points
from scoring.standings import Entrant, PenaltyLine, ScoredTable, StandingRow, rank_standings
from tournament.models import SeatResult, Tournament
from tournament.selectors.changes import Stamp
from tournament.selectors.penalties import active_penalties
from tournament.selectors.players import player_infos
from tournament.selectors.progress import SessionProgress, tournament_progress
from tournament.selectors.results import Standings, penalty_lines, scored_tables, standings


class PenaltyNote(NamedTuple):
    kind: str
    minutes: int | None
    points: int  # what it deducts (0 for a warning)


class RankPoint(NamedTuple):
    session: int
    rank: int
    tied: bool
    total: int


@dataclass(frozen=True)
class Overview:
    stamp: Stamp
    latest: Standings  # every counted result and penalty
    tables: dict[tuple[int, int], ScoredTable]  # (session, table) -> the counted result, scored
    penalties: dict[tuple[int, int], tuple[PenaltyNote, ...]]  # (registration id, session)
    substitute_names: dict[tuple[int, int], str]  # (registration id, session) -> the substitute's name
    unconfirmed: frozenset[tuple[int, int]]  # (session, table) counted while not confirmed yet
    progress: tuple[SessionProgress, ...]
    penalty_lines: tuple[PenaltyLine, ...] = ()
    # when first asked: session -> (Standings, {player: row}); session -> {player: row} of the ranks only
    _after: dict = field(default_factory=dict, repr=False)
    _ranks: dict = field(default_factory=dict, repr=False)
    _totals: dict = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def sessions(self) -> tuple[int, ...]:
        """The sessions with at least one counted result, in order."""
        return self.latest.sessions

    def standings_after(self, session: int | None) -> Standings:
        if session is None:
            return self.latest
        if session in self.sessions:
            return self._standings_after(session)[0]
        return standings(self.latest.tournament, after_session=session)  # a session without results

    def previous_session(self, session: int) -> int | None:
        """The last session with results before this one."""
        return max((n for n in self.sessions if n < session), default=None)

    def row_after(self, session: int, registration_id: int) -> StandingRow | None:
        """The player's rank, shared or not, and total after ``session`` (its lines are not the real ones)."""
        if session not in self.sessions:
            return None
        return self._ranks_after(session).get(registration_id)

    def history(self, registration_id: int) -> list[RankPoint]:
        """The player's rank and running total after each session with results."""
        points = []
        for session in self.sessions:
            row = self.row_after(session, registration_id)
            if row is not None:
                points.append(RankPoint(session, row.rank, row.tied, row.total))
        return points

    def outcome(self, session: int, table: int | None, registration_id: int):
        """The player's SeatOutcome (raw, place, uma, substitute) at that table, or None."""
        scored = self.tables.get((session, table))
        if scored is None:
            return None
        return next((seat for seat in scored.outcomes if seat.player == registration_id), None)

    def session_progress(self, number: int) -> SessionProgress | None:
        return next((s for s in self.progress if s.number == number), None)

    def _ranks_after(self, session: int) -> dict[int, StandingRow]:
        """Everybody's rank after ``session``, for the movement and the rank history: each player's total up to
        that session is handed to scoring.standings as one line, so the ranking rule (shared ranks, disqualified
        last, withdrawn left out) is the standings' own. The ranks are a function of the players (in order, with
        their status) and those totals alone, so they are remembered by exactly that: a result entered in session
        12 leaves the totals, and so the remembered ranks, after sessions 1 to 11 as they were."""
        with self._lock:
            found = self._ranks.get(session)
            if found is None:
                entrants = tuple(
                    Entrant(info.registration_id, info.status) for info in self.latest.players.values()
                )
                found = ranks_by_totals(entrants, self._totals_after()[session])
                self._ranks[session] = found
            return found

    def _totals_after(self) -> dict[int, dict[int, int]]:
        """Session -> each ranked player's total after it, in one pass (called with the lock held)."""
        if not self._totals:
            totals: dict[int, dict[int, int]] = {session: {} for session in self.sessions}
            for row in self.latest.rows:
                lines, running, i = row.sessions, 0, 0  # the lines are in session order
                for session in self.sessions:
                    while i < len(lines) and lines[i].session <= session:
                        running, i = running + lines[i].total, i + 1
                    totals[session][row.player] = running
            self._totals.update(totals)
        return self._totals

    def _standings_after(self, session: int) -> tuple[Standings, dict[int, StandingRow]]:
        """Ranked by scoring.standings from the tables already scored; each session once, when first asked (the
        standings page needs two, a player page all of them)."""
        with self._lock:
            found = self._after.get(session)
            if found is None:
                latest = self.latest
                entrants = [Entrant(info.registration_id, info.status) for info in latest.players.values()]
                rows = rank_standings(
                    entrants, self.tables.values(), self.penalty_lines, after_session=session
                )
                counted = tuple(n for n in latest.sessions if n <= session)
                found = (
                    Standings(latest.tournament, session, rows, latest.players, counted),
                    {row.player: row for row in rows},
                )
                self._after[session] = found
            return found


_RANKS: OrderedDict[tuple, dict[int, StandingRow]] = OrderedDict()
_RANKS_LIMIT = 256
_RANKS_LOCK = threading.Lock()


def ranks_by_totals(entrants: tuple[Entrant, ...], totals: dict[int, int]) -> dict[int, StandingRow]:
    """The standings' ranking of these totals (scoring.standings, each total handed over as one line); the same
    entrants with the same totals are ranked once per process."""
    key = tuple((entrant.player, entrant.status, totals.get(entrant.player, 0)) for entrant in entrants)
    with _RANKS_LOCK:
        found = _RANKS.get(key)
        if found is not None:
            _RANKS.move_to_end(key)
            return found
    lines = [PenaltyLine(player, 0, -total) for player, total in totals.items()]
    found = {row.player: row for row in rank_standings(entrants, (), lines)}
    with _RANKS_LOCK:
        _RANKS[key] = found
        while len(_RANKS) > _RANKS_LIMIT:
            _RANKS.popitem(last=False)
    return found


_MEMO: OrderedDict[tuple[int, str], Overview] = OrderedDict()
_MEMO_LIMIT = 8
_LOCK = threading.Lock()


def overview(tournament: Tournament, stamp: Stamp) -> Overview:
    """The overview of the tournament as of ``stamp``; built once per stamp in this process (one build at a time,
    so a crowd arriving after a change waits for one build instead of starting many). The tournament is read again
    for the build: the caller's copy may be older than the stamp."""
    key = (tournament.pk, stamp.token)
    with _LOCK:
        found = _MEMO.get(key)
        if found is None:
            found = build_overview(Tournament.objects.get(pk=tournament.pk), stamp)
            _MEMO[key] = found
            while len(_MEMO) > _MEMO_LIMIT:
                _MEMO.popitem(last=False)
        _MEMO.move_to_end(key)
        return found


def forget_overviews() -> None:
    """Empty this process's memos (tests use it to act as a second process)."""
    with _LOCK:
        _MEMO.clear()
    with _RANKS_LOCK:
        _RANKS.clear()


def build_overview(tournament: Tournament, stamp: Stamp) -> Overview:
    progress = tuple(tournament_progress(tournament))
    players = player_infos(tournament)
    tables = scored_tables(tournament)
    penalties = tuple(penalty_lines(tournament))
    entrants = [Entrant(info.registration_id, info.status) for info in players.values()]
    sessions = tuple(sorted({table.session for table in tables}))
    latest = Standings(tournament, None, rank_standings(entrants, tables, penalties), players, sessions)
    return Overview(
        stamp=stamp,
        latest=latest,
        tables={(table.session, table.table): table for table in tables},
        penalties=_penalty_notes(tournament),
        substitute_names=_substitute_names(tournament),
        unconfirmed=_unconfirmed(tournament, progress),
        progress=progress,
        penalty_lines=penalties,
    )


def _penalty_notes(tournament: Tournament) -> dict[tuple[int, int], tuple[PenaltyNote, ...]]:
    rules = tournament.rules
    notes: dict[tuple[int, int], list[PenaltyNote]] = {}
    rows = active_penalties(tournament=tournament).order_by("id")
    for registration_id, session, kind, minutes, points, reason in rows.values_list(
        "registration_id", "session__number", "kind", "minutes", "points", "reason"
    ):
        deducted = penalty_points(rules, PenaltyInput(kind, minutes, points, reason))
        notes.setdefault((registration_id, session), []).append(PenaltyNote(kind, minutes, deducted))
    return {key: tuple(found) for key, found in notes.items()}


def _substitute_names(tournament: Tournament) -> dict[tuple[int, int], str]:
    rows = SeatResult.objects.filter(
        result__is_current=True, result__table__session__tournament=tournament
    ).exclude(substitute="")
    return {
        (registration_id, session): name
        for registration_id, session, name in rows.values_list(
            "seat__registration_id", "result__table__session__number", "substitute_name"
        )
    }


def _unconfirmed(tournament: Tournament, progress) -> frozenset[tuple[int, int]]:
    """The counted results that nobody has confirmed yet (only with the second check on and unconfirmed counted;
    without the check there is nothing to confirm, and otherwise only confirmed results count)."""
    if not (tournament.confirmation_required and tournament.count_unconfirmed):
        return frozenset()
    return frozenset(
        (table.session, table.table)
        for session in progress
        for table in session.tables
        if table.has_result and not table.confirmed
    )
