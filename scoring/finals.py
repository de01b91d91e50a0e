"""Finals and cuts (docs/organisers.md, "Finals and cuts"): after session N the top X of the standings play on
in a final, their totals carried over kept, halved or cleared; the final ranking is the finalists by their final
totals (carry-over plus the final sessions), then the consolation group by its totals, then everyone else in their
order at the cut.

Who goes through: the players above the total at place X go through on their total; of those level with place X,
the tournament's tie-breaks (scoring.side_rankings.tie_break_keys) choose; a tie they do not break is left to the
organiser, who names who goes through (``decided``). The disqualified never go through.

Halving rounds as the rule set rounds points (an uma split, rules-interpretation 1.4): to the nearest point, an
exact half away from zero (23,301 -> 11,651; -10,001 -> -5,001).
"""

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import NamedTuple

from scoring.errors import ScoringError
from scoring.limits import MAX_FINAL_SESSIONS
from scoring.side_rankings import clean_tie_breaks, tie_break_keys
from scoring.standings import (
    ACTIVE,
    DISQUALIFIED,
    GROUPS,
    OUT,
    StandingRow,
    place_entries,
)
from scoring.uma import divide_half_away

KEPT, HALVED, CLEARED = "kept", "halved", "cleared"
CARRIES = (KEPT, HALVED, CLEARED)
BY_TOTAL, BY_ORGANISER = "total", "organiser"  # how a player went through (else the name of a tie-break)
TABLE_SIZE = 4


class Cut(NamedTuple):
    """A cut as stored: the session after which it was made, the carry-over and each player's group (a player
    not named is OUT)."""

    after_session: int
    carry: str
    groups: Mapping[Hashable, str]


class Choice(NamedTuple):
    """Who goes through: ``through`` with how each went through (BY_TOTAL, a tie-break's name, BY_ORGANISER), those
    above the tie by their totals first, then those of the tie in the order the tie-breaks (then the organiser) put
    them; ``undecided`` the players level at the cut that neither the totals nor the tie-breaks
    separate when the organiser has not decided (empty when the cut is decided), ``open_places`` how many of them
    go through."""

    through: tuple[tuple[Hashable, str], ...]
    undecided: tuple[Hashable, ...] = ()
    open_places: int = 0


def carried(total: int, carry: str) -> int:
    """The total a finalist takes into the final: kept, halved (to the nearest point, a half away from zero) or
    cleared."""
    if carry == KEPT:
        return total
    if carry == HALVED:
        return divide_half_away(total, 2)
    if carry == CLEARED:
        return 0
    raise ScoringError(
        "cut_carry",
        f"the carry-over must be one of {', '.join(CARRIES)}, got {carry!r}",
        carry=carry,
        known=", ".join(CARRIES),
    )


def check_cut(top: int, field: int, sessions: int) -> None:
    """X a multiple of 4 within the field (the players who may go through), K from 1 to MAX_FINAL_SESSIONS."""
    if top < TABLE_SIZE or top % TABLE_SIZE:
        raise ScoringError("cut_top_tables", f"the top X must be a multiple of 4, got {top}", top=top)
    if top > field:
        raise ScoringError(
            "cut_top_field",
            f"the top {top} is more than the {field} players who may go through",
            top=top,
            field=field,
        )
    if not 1 <= sessions <= MAX_FINAL_SESSIONS:
        raise ScoringError(
            "cut_sessions",
            f"a final has 1 to {MAX_FINAL_SESSIONS} sessions, got {sessions}",
            sessions=sessions,
            most=MAX_FINAL_SESSIONS,
        )


def eligible(rows: Iterable[StandingRow]) -> list[StandingRow]:
    """The rows of the standings at the cut that may go through: every ranked player but the disqualified."""
    return [row for row in rows if row.status != DISQUALIFIED]


def choose_finalists(
    rows: Sequence[StandingRow], top: int, tie_breaks: Sequence[str], decided: Iterable[Hashable] = ()
) -> Choice:
    """The top ``top`` of the standings ``rows`` at the cut (ranked, as scoring.standings gives them)."""
    rows = eligible(rows)
    decided = set(decided)
    line = rows[top - 1].total  # the total at place X
    through = [(row.player, BY_TOTAL) for row in rows if row.total > line]
    level = [row for row in rows if row.total == line]
    need = top - len(through)
    if len(level) == need:
        return Choice((*through, *((row.player, BY_TOTAL) for row in level)))
    names = clean_tie_breaks(tie_breaks)
    keys = tie_break_keys(rows, names)
    level.sort(key=keys)  # stable: the standings' order among equal keys
    edge = keys(level[need - 1])
    for row in level:
        if keys(row) < edge:
            through.append((row.player, _deciding(keys(row), edge, names)))
    still = [row for row in level if keys(row) == edge]
    places = top - len(through)
    beyond = [keys(row) for row in level if keys(row) > edge]
    if len(still) == places:  # the tie-breaks separate them from the next one
        deciding = _deciding(edge, min(beyond), names) if beyond else BY_TOTAL
        return Choice((*through, *((row.player, deciding) for row in still)))
    chosen = [row.player for row in still if row.player in decided]
    if len(chosen) != places or not decided <= {row.player for row in still}:
        return Choice(tuple(through), tuple(row.player for row in still), places)
    return Choice((*through, *((player, BY_ORGANISER) for player in chosen)))


def _deciding(better: tuple, worse: tuple, names: Sequence[str]) -> str:
    """The first tie-break on which ``better`` is ahead of ``worse``."""
    return next(name for name, a, b in zip(names, better, worse, strict=True) if a != b)


def consolation_players(rows: Sequence[StandingRow], through: Iterable[Hashable]) -> list[Hashable]:
    """The rest who play on in the consolation group: the active players who did not go through, in their order at
    the cut."""
    chosen = set(through)
    return [row.player for row in rows if row.status == ACTIVE and row.player not in chosen]


def final_ranking(rows: Sequence[StandingRow], cut: Cut) -> tuple[StandingRow, ...]:
    """The final ranking from the standings ``rows`` (any session after the cut's): the finalists by their final
    totals (the carry-over plus every session after the cut), then the consolation group by its totals (the same),
    then everyone else by their total at the cut; equal totals share the place within a group, places run on from
    one group into the next, the disqualified last (section 4). Each row carries its group and carry-over (None for
    the rest)."""
    made = []
    for row in rows:
        group = cut.groups.get(row.player, OUT)
        at_cut = sum(line.total for line in row.sessions if line.session <= cut.after_session)
        if group == OUT:
            made.append((row, group, None, at_cut))
            continue
        carry = carried(at_cut, cut.carry)
        after = sum(line.total for line in row.sessions if line.session > cut.after_session)
        made.append((row, group, carry, carry + after))
    placed = place_entries(
        [(row.status == DISQUALIFIED, (GROUPS.index(group), -total)) for row, group, _carry, total in made]
    )
    return tuple(
        made[index][0]._replace(
            rank=rank, tied=tied, total=made[index][3], group=made[index][1], carry=made[index][2]
        )
        for index, rank, tied in placed
    )


def seated_by_place(players: Sequence[Hashable]) -> tuple[tuple[Hashable, ...], ...]:
    """The first final session: table 1 the first four at the cut (E, S, W, N in that order), then the next four."""
    return tuple(tuple(players[i : i + TABLE_SIZE]) for i in range(0, len(players), TABLE_SIZE))
