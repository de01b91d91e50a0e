"""Tournament standings (rules-interpretation.md section 4; EMA 2016 5.5, 5.8).

A player's total is the sum of their session results (score + uma - penalties). Equal totals share the rank
(1, 2, 2, 4). Disqualified players are ranked below everyone else, in order of their totals. Withdrawn
players (removed from the results, 5.8) are left out. Substitutes are never ranked: a substituted seat's result
belongs to the registered player who owns the seat.
"""

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import NamedTuple

from scoring.ruleset import Ruleset
from scoring.table import SeatInput, SeatOutcome, score_table

ACTIVE = "active"
WITHDRAWN = "withdrawn"
DISQUALIFIED = "disqualified"
RESERVE = "reserve"  # registered to take a seat (5.8), never seated by the generator, never ranked
STATUSES = (ACTIVE, WITHDRAWN, DISQUALIFIED, RESERVE)
UNRANKED = (WITHDRAWN, RESERVE)  # left out of the standings
# A player's group after a cut (scoring.finals), in the final ranking's order: compared before the total.
FINAL, CONSOLATION, OUT = "final", "consolation", "out"
GROUPS = (FINAL, CONSOLATION, OUT)


class Entrant(NamedTuple):
    player: Hashable
    status: str = ACTIVE


class TablePlay(NamedTuple):
    """One table's entered result: the session and table numbers and the four seats."""

    session: int
    table: int
    seats: Sequence[SeatInput]
    leftover_sticks: int = 0


class PenaltyLine(NamedTuple):
    player: Hashable
    session: int
    points: int  # what is deducted, already computed by scoring.penalties (cancelled ones are left out)


class SessionLine(NamedTuple):
    session: int
    table: int | None
    wind: str | None
    raw: int | None
    score: int
    uma: int
    penalties: int
    substitute: str | None
    total: int  # session_result: score + uma - penalties
    place: int | None = None  # place at the table (shared on ties); None without a table result


def session_result(outcome: SeatOutcome | None, penalties: int) -> int:
    """A player's result for one session: score + uma - penalties, the one sum every page, export and preview shows.

    The score is the raw points less the starting points and the uma is added to it (3.6, 3.6.1: together
    ``SeatOutcome.result``); penalties are deducted after the uma (3.4.6). A penalty in a session whose table
    result is not entered yet (``outcome`` None) counts on its own."""
    return (0 if outcome is None else outcome.result) - penalties


class StandingRow(NamedTuple):
    rank: int
    tied: bool
    player: Hashable
    status: str
    sessions: tuple[SessionLine, ...]
    total: int
    group: str | None = None  # after a cut (scoring.finals): final, consolation or out; None without a cut
    carry: int | None = None  # a finalist's (or the consolation group's) carried total; None otherwise


def stage(row: StandingRow) -> int:
    """The row's group's place in the final ranking's order (0 without a cut): ranked before the total."""
    return GROUPS.index(row.group) if row.group else 0


class Placing(NamedTuple):
    """A player's place for one total: the rank, whether it is shared ('2='), and the total."""

    rank: int
    tied: bool
    total: int


class ScoredTable(NamedTuple):
    """One table's outcomes, as ``score_table`` gave them."""

    session: int
    table: int
    outcomes: tuple[SeatOutcome, ...]


def compute_standings(
    ruleset: Ruleset,
    entrants: Iterable[Entrant],
    tables: Iterable[TablePlay],
    penalties: Iterable[PenaltyLine] = (),
    *,
    after_session: int | None = None,
) -> tuple[StandingRow, ...]:
    """The ranked standings, counting only sessions up to ``after_session`` when it is given."""
    return rank_standings(entrants, score_plays(ruleset, tables), penalties, after_session=after_session)


def score_plays(ruleset: Ruleset, plays: Iterable[TablePlay]) -> list[ScoredTable]:
    return [
        ScoredTable(
            play.session,
            play.table,
            score_table(
                ruleset,
                play.seats,
                leftover_sticks=play.leftover_sticks,
                where=f"session {play.session}, table {play.table}",
            ),
        )
        for play in plays
    ]


def rank_standings(
    entrants: Iterable[Entrant],
    tables: Iterable[ScoredTable],
    penalties: Iterable[PenaltyLine] = (),
    *,
    after_session: int | None = None,
) -> tuple[StandingRow, ...]:
    """The standings from tables already scored: totals, shared ranks, disqualified last, withdrawn and reserves
    left out."""
    counted = _counted(after_session)
    outcomes = _seat_outcomes(table for table in tables if counted(table.session))
    deductions = _deductions(line for line in penalties if counted(line.session))
    rows = []
    for entrant in entrants:
        if entrant.status in UNRANKED:
            continue
        lines = _session_lines(outcomes.get(entrant.player, {}), deductions.get(entrant.player, {}))
        rows.append((entrant, lines, sum(line.total for line in lines)))
    return _ranked(rows)


def _counted(after_session: int | None):
    if after_session is None:
        return lambda session: True
    return lambda session: session <= after_session


def _seat_outcomes(tables: Iterable[ScoredTable]) -> dict:
    by_player: dict = defaultdict(dict)
    for scored in tables:
        for outcome in scored.outcomes:
            by_player[outcome.player][scored.session] = (scored.table, outcome)
    return by_player


def _deductions(lines: Iterable[PenaltyLine]) -> dict:
    by_player: dict = defaultdict(lambda: defaultdict(int))
    for line in lines:
        by_player[line.player][line.session] += line.points
    return by_player


def _session_lines(played: dict, deducted: dict) -> tuple[SessionLine, ...]:
    lines = []
    for session in sorted(played.keys() | deducted.keys()):
        penalty = deducted.get(session, 0)
        if session in played:
            table, seat = played[session]
            total = session_result(seat, penalty)
            substitute = seat.substitute or None
            lines.append(
                SessionLine(
                    session,
                    table,
                    seat.wind,
                    seat.raw,
                    seat.score,
                    seat.uma,
                    penalty,
                    substitute,
                    total,
                    seat.place,
                )
            )
        else:  # a penalty in a session whose table result is not entered yet
            lines.append(
                SessionLine(session, None, None, None, 0, 0, penalty, None, session_result(None, penalty))
            )
    return tuple(lines)


def rank_totals(entrants: Iterable[Entrant], totals: Mapping[Hashable, int]) -> dict[Hashable, Placing]:
    """Each ranked entrant's place for these totals, by the standings' own rule (section 4): highest first,
    equal totals share the rank, the disqualified below everyone else, the withdrawn left out. An entrant
    without a total has 0."""
    ranked = [entrant for entrant in entrants if entrant.status not in UNRANKED]
    placed = _placed([(entrant.status, totals.get(entrant.player, 0)) for entrant in ranked])
    return {ranked[index].player: Placing(rank, tied, total) for index, rank, tied, total in placed}


def ranks_after_sessions(
    rows: Iterable[StandingRow], sessions: Iterable[int]
) -> dict[int, dict[Hashable, Placing]]:
    """Session -> each ranked player's place after that session: the running total of their session lines up to
    it, ranked by ``rank_totals``. ``rows`` are the standings (any ``after_session`` at or past the last of
    ``sessions``); the result equals ranking the standings after each session, without scoring anything again."""
    rows, sessions = tuple(rows), sorted(sessions)
    totals: dict[int, dict[Hashable, int]] = {session: {} for session in sessions}
    for row in rows:
        running, lines, i = 0, row.sessions, 0  # a row's lines are in session order
        for session in sessions:
            while i < len(lines) and lines[i].session <= session:
                running, i = running + lines[i].total, i + 1
            totals[session][row.player] = running
    entrants = [Entrant(row.player, row.status) for row in rows]
    return {session: rank_totals(entrants, totals[session]) for session in sessions}


def _ranked(rows: list) -> tuple[StandingRow, ...]:
    """The standings rows in ranked order (``_placed``): (entrant, lines, total) each."""
    placed = _placed([(entrant.status, total) for entrant, _lines, total in rows])
    return tuple(
        StandingRow(rank, tied, rows[index][0].player, rows[index][0].status, rows[index][1], total)
        for index, rank, tied, total in placed
    )


def _placed(entries: list[tuple[str, int]]) -> list[tuple[int, int, bool, int]]:
    """The ranking rule of section 4 over (status, total) pairs: (index, rank, tied, total) in ranked order.
    Shared ranks within each group; the disqualified group comes after every other player. Equal totals keep
    the order the entries were given in (the caller passes a stable order)."""
    placed = place_entries([(status == DISQUALIFIED, (-total,)) for status, total in entries])
    return [(index, rank, tied, entries[index][1]) for index, rank, tied in placed]


def place_entries(entries: Sequence[tuple[bool, tuple]]) -> list[tuple[int, int, bool]]:
    """The one ranking rule (section 4), over (last, key) pairs: (index, rank, tied) in ranked order. Entries
    marked ``last`` (the disqualified; a group short of members) come after every other entry; smaller keys
    first; equal keys share the rank (1, 2, 2, 4); ranks go on from the first group into the second. Equal keys
    keep the order given."""
    placed: list[tuple[int, int, bool]] = []
    for in_last_group in (False, True):
        group = sorted(
            ((index, key) for index, (last, key) in enumerate(entries) if last == in_last_group),
            key=lambda entry: entry[1],
        )
        how_many = Counter(key for _, key in group)
        offset, rank, previous = len(placed), 0, None
        for position, (index, key) in enumerate(group, start=1):
            if key != previous:
                rank, previous = position, key
            placed.append((index, offset + rank, how_many[key] > 1))
    return placed
