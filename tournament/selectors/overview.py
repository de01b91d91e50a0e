"""What the public pages show about the results, computed once per change stamp and shared by the standings, the
session pages and the player pages: the standings after every session with results, each player's place at the
table, the penalties and substitutes behind each session figure, the results not yet confirmed, the progress; and
the side rankings (team, country, club, category) of its standings, each computed once when first asked.

``overview(tournament, stamp)`` is built once per change stamp (selectors.changes) and process and kept by
selectors.memo, one per tournament: a change made by any process (or a restored backup) is a new stamp and a new
overview, so it is never stale. It holds plain data, nothing translated: the pages format it in the page's
language; it is shared by the threads of the process, so nothing changes it after the build but the standings
after a session and the side rankings, computed once when first asked.
"""

from dataclasses import dataclass, field
from typing import NamedTuple

from scoring.finals import Cut, final_ranking
from scoring.penalties import PenaltyInput, penalty_points
from scoring.side_rankings import CategoryRow, GroupRow
from scoring.standings import (
    Entrant,
    PenaltyLine,
    Placing,
    ScoredTable,
    rank_standings,
    ranks_after_sessions,
)
from tournament.models import SeatResult, Tournament
from tournament.selectors import side_rankings
from tournament.selectors.changes import Stamp
from tournament.selectors.cut import applies, ranked, stored_cut
from tournament.selectors.memo import remembered
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
    ranks: dict[int, dict[int, Placing]] = field(default_factory=dict)  # session -> registration id -> place
    cut: Cut | None = None  # after a cut the standings are the final ranking (scoring.finals)
    _after: dict = field(default_factory=dict, repr=False, compare=False)  # session -> Standings, when asked
    _side: dict = field(default_factory=dict, repr=False, compare=False)  # side ranking -> rows, when asked

    @property
    def sessions(self) -> tuple[int, ...]:
        """The sessions with at least one counted result, in order."""
        return self.latest.sessions

    def standings_after(self, session: int | None) -> Standings:
        if session is None:
            return self.latest
        if session not in self.sessions:
            return standings(self.latest.tournament, after_session=session)  # a session without results
        found = self._after.get(session)
        if found is None:  # ranked by scoring.standings from the tables already scored, each session once
            latest = self.latest
            entrants = [Entrant(info.registration_id, info.status) for info in latest.players.values()]
            plain = rank_standings(entrants, self.tables.values(), self.penalty_lines, after_session=session)
            rows, totals = ranked(plain, self.cut, session)
            counted = tuple(n for n in latest.sessions if n <= session)
            found = self._after[session] = Standings(
                latest.tournament, session, rows, latest.players, counted, totals
            )
        return found

    def group_ranking(self, grouping: str) -> tuple[GroupRow, ...]:
        """The latest standings' team, country or club ranking with the tournament's K, once per overview."""
        found = self._side.get(grouping)
        if found is None:
            found = self._side[grouping] = side_rankings.group_ranking(self.latest, grouping)
        return found

    def category_ranking(self, category: str) -> tuple[CategoryRow, ...]:
        """The latest standings' ranking of one category (named in any case), once per overview."""
        key = ("category", category.casefold())
        found = self._side.get(key)
        if found is None:
            found = self._side[key] = side_rankings.category_ranking(self.latest, category)
        return found

    def previous_session(self, session: int) -> int | None:
        """The last session with results before this one."""
        return max((n for n in self.sessions if n < session), default=None)

    def row_after(self, session: int, registration_id: int) -> Placing | None:
        """The player's rank, shared or not, and total after ``session`` (None: not ranked, or no results)."""
        return self.ranks.get(session, {}).get(registration_id)

    def history(self, registration_id: int) -> list[RankPoint]:
        """The player's rank and running total after each session with results."""
        points = []
        for session in self.sessions:
            place = self.row_after(session, registration_id)
            if place is not None:
                points.append(RankPoint(session, place.rank, place.tied, place.total))
        return points

    def outcome(self, session: int, table: int | None, registration_id: int):
        """The player's SeatOutcome (raw, place, uma, substitute) at that table, or None."""
        scored = self.tables.get((session, table))
        if scored is None:
            return None
        return next((seat for seat in scored.outcomes if seat.player == registration_id), None)

    def session_progress(self, number: int) -> SessionProgress | None:
        return next((s for s in self.progress if s.number == number), None)


def overview(tournament: Tournament, stamp: Stamp) -> Overview:
    """The overview of the tournament as of ``stamp``; built once per stamp (selectors.memo). The tournament is
    read again for the build: the caller's copy may be older than the stamp."""
    return remembered(
        f"overview|{tournament.pk}",
        stamp,
        lambda: build_overview(Tournament.objects.get(pk=tournament.pk), stamp),
    )


def build_overview(tournament: Tournament, stamp: Stamp) -> Overview:
    progress = tuple(tournament_progress(tournament))
    players = player_infos(tournament)
    tables = scored_tables(tournament)
    penalties = tuple(penalty_lines(tournament))
    entrants = [Entrant(info.registration_id, info.status) for info in players.values()]
    sessions = tuple(sorted({table.session for table in tables}))
    cut = stored_cut(tournament)
    plain = rank_standings(entrants, tables, penalties)
    rows, totals = ranked(plain, cut, None)
    latest = Standings(tournament, None, rows, players, sessions, totals)
    return Overview(
        stamp=stamp,
        latest=latest,
        tables={(table.session, table.table): table for table in tables},
        penalties=_penalty_notes(tournament),
        substitute_names=_substitute_names(tournament),
        unconfirmed=_unconfirmed(tournament, progress),
        progress=progress,
        penalty_lines=penalties,
        ranks=_ranks(plain, sessions, cut),
        cut=cut,
    )


def _ranks(rows, sessions: tuple[int, ...], cut: Cut | None) -> dict[int, dict[int, Placing]]:
    """Each player's place after each session: the standings' running totals, and after a cut the final ranking
    of the sessions up to that one."""
    ranks = ranks_after_sessions(rows, sessions)
    for session in sessions:
        if applies(cut, session):
            cut_rows = [
                row._replace(sessions=tuple(line for line in row.sessions if line.session <= session))
                for row in rows
            ]
            ranks[session] = {
                row.player: Placing(row.rank, row.tied, row.total) for row in final_ranking(cut_rows, cut)
            }
    return ranks


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
