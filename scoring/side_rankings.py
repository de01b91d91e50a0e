"""Rankings beside the main standings, and the tie-breaks for prizes (docs/organisers.md, "Side rankings and
prizes").

Everything here reads the main standings' rows (``scoring.standings.StandingRow``): a side ranking never scores
a table again, so its figures are the standings' figures.

- **Groups** (team, country, club): a group's total is the sum of its members' totals, or of its best K members'
  (K members in standings order; a disqualified member counts after every other member, as in the standings).
  Equal totals share the place. A group with fewer than K ranked members is listed after every full group, with
  its places following theirs (``short``). A group's name is compared ignoring case and surrounding spaces
  ('Lotus', ' lotus ' are one club), shown as its best member spells it. Withdrawn players and reserves are not
  in the standings, so they count for no group; a disqualified member's result stands (EMA 2016 5.8) and counts
  like any other.
- **Categories** (newcomer, ladies, junior, ...): the category's players ranked among themselves by the standings'
  own rule (shared places, the disqualified last), each with their overall place.
- **Tie-breaks for prizes**: the standings keep shared places (EMA 2016, the EMA results file); a prize needs one
  winner, so ``prize_ranks`` orders equal totals by the tournament's tie-breaks, in the order chosen. Players stay
  tied only when every tie-break is equal too. Firsts and fourths are the places a player is recorded with: a
  seat a substitute played is a fourth (its owner gets the last place's uma, 5.8), never a first.
"""

from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import NamedTuple

from scoring.errors import ScoringError
from scoring.limits import MAX_CATEGORIES, MAX_CATEGORY_LENGTH, MAX_GROUP_BEST
from scoring.standings import DISQUALIFIED, SessionLine, StandingRow, place_entries, stage
from scoring.table import WINDS

TEAM, COUNTRY, CLUB = "team", "country", "club"
GROUPINGS = (TEAM, COUNTRY, CLUB)
DEFAULT_BEST = {TEAM: None, COUNTRY: 3, CLUB: None}  # None: every member counts

BEST_SESSION, MOST_FIRSTS, FEWEST_FOURTHS, LAST_SESSION = (
    "best_session",
    "most_firsts",
    "fewest_fourths",
    "last_session",
)
TIE_BREAKS = (BEST_SESSION, MOST_FIRSTS, FEWEST_FOURTHS, LAST_SESSION)
LAST_PLACE = len(WINDS)  # a fourth


class GroupRow(NamedTuple):
    rank: int
    tied: bool
    name: str
    members: tuple[Hashable, ...]  # every ranked member, in standings order
    counted: tuple[Hashable, ...]  # the members whose totals make the group's total (the best K, or all)
    total: int
    short: bool  # fewer ranked members than K: listed after every full group


class CategoryRow(NamedTuple):
    rank: int  # place among the category's players
    tied: bool
    player: Hashable
    overall: StandingRow  # the player's row in the main standings (its rank, tied, status, total)


class PrizePlace(NamedTuple):
    rank: int
    tied: bool  # still equal after every tie-break


# -- names and settings -------------------------------------------------------------------------------------------


def clean_category(name: str) -> str:
    """A category's name, trimmed; refused when empty or too long."""
    name = " ".join(str(name).split())
    if not name:
        raise ScoringError("category_empty", "a category needs a name")
    if len(name) > MAX_CATEGORY_LENGTH:
        raise ScoringError(
            "category_too_long",
            f"category '{name[:60]}' is longer than {MAX_CATEGORY_LENGTH} characters",
            name=name[:60],
            limit=MAX_CATEGORY_LENGTH,
        )
    return name


def clean_categories(names: Iterable[str]) -> list[str]:
    """A player's categories: each name cleaned, duplicates (ignoring case) dropped, order kept."""
    cleaned: list[str] = []
    for name in names:
        name = clean_category(name)
        if name.casefold() not in {known.casefold() for known in cleaned}:
            cleaned.append(name)
    if len(cleaned) > MAX_CATEGORIES:
        raise ScoringError(
            "too_many_categories",
            f"{len(cleaned)} categories; a player has at most {MAX_CATEGORIES}",
            count=len(cleaned),
            limit=MAX_CATEGORIES,
        )
    return cleaned


def split_categories(text: str) -> list[str]:
    """Categories as a player list or a form writes them: separated by ';' (empty parts ignored)."""
    return clean_categories(part for part in str(text).split(";") if part.strip())


def clean_best(best: int | None) -> int | None:
    """K of 'the best K members': None (every member) or 1 to MAX_GROUP_BEST."""
    if best is None:
        return None
    if isinstance(best, bool) or not isinstance(best, int) or not 1 <= best <= MAX_GROUP_BEST:
        raise ScoringError(
            "best_out_of_range",
            f"the best {best} members: K must be from 1 to {MAX_GROUP_BEST}",
            best=best,
            limit=MAX_GROUP_BEST,
        )
    return best


def clean_tie_breaks(names: Iterable[str]) -> list[str]:
    """An ordered list of tie-breaks, each one of TIE_BREAKS, none twice."""
    cleaned: list[str] = []
    for name in names:
        if name not in TIE_BREAKS:
            raise ScoringError(
                "unknown_tie_break",
                f"unknown tie-break '{str(name)[:60]}'; use {', '.join(TIE_BREAKS)}",
                name=str(name)[:60],
                known=", ".join(TIE_BREAKS),
            )
        if name in cleaned:
            raise ScoringError("tie_break_twice", f"tie-break '{name}' is chosen twice", name=name)
        cleaned.append(name)
    return cleaned


# -- groups -------------------------------------------------------------------------------------------------------


def rank_groups(
    rows: Sequence[StandingRow], group_of: Mapping[Hashable, str], *, best: int | None = None
) -> tuple[GroupRow, ...]:
    """Each group's total and place. ``rows`` are the main standings in ranked order; ``group_of`` gives a
    player's group name (a player without one, '' or missing, is in no group); ``best`` is K, or None for all."""
    best = clean_best(best)
    members: dict[str, list[StandingRow]] = defaultdict(list)
    names: dict[str, str] = {}  # one group whatever the case and spaces, named as its first member spells it
    for row in rows:  # ranked order: the disqualified come last, so the best K are the first K
        name = " ".join(str(group_of.get(row.player) or "").split())
        if name:
            members[names.setdefault(name.casefold(), name)].append(row)
    groups = []
    for name, group_rows in members.items():
        counted = group_rows if best is None else group_rows[:best]
        short = best is not None and len(group_rows) < best
        total = sum(row.total for row in counted)
        groups.append(
            (name, tuple(r.player for r in group_rows), tuple(r.player for r in counted), total, short)
        )
    groups.sort(key=lambda group: group[0].casefold())  # equal totals: alphabetical, stable
    placed = place_entries([(group[4], (-group[3],)) for group in groups])
    return tuple(
        GroupRow(rank, tied, name, all_members, counted, total, short)
        for index, rank, tied in placed
        for name, all_members, counted, total, short in [groups[index]]
    )


# -- categories ---------------------------------------------------------------------------------------------------


def rank_category(
    rows: Sequence[StandingRow], categories_of: Mapping[Hashable, Iterable[str]], category: str
) -> tuple[CategoryRow, ...]:
    """The players of ``category`` (compared ignoring case) ranked among themselves, with their overall row."""
    chosen = category_rows(rows, categories_of, category)
    placed = place_entries([(row.status == DISQUALIFIED, (-row.total,)) for row in chosen])
    return tuple(CategoryRow(rank, tied, chosen[index].player, chosen[index]) for index, rank, tied in placed)


# -- prizes -------------------------------------------------------------------------------------------------------


def category_rows(
    rows: Sequence[StandingRow], categories_of: Mapping[Hashable, Iterable[str]], category: str
) -> list[StandingRow]:
    """The standings' rows of the players of ``category`` (compared ignoring case), in standings order."""
    wanted = clean_category(category).casefold()
    return [row for row in rows if wanted in {name.casefold() for name in categories_of.get(row.player, ())}]


def category_prize_ranks(
    rows: Sequence[StandingRow],
    categories_of: Mapping[Hashable, Iterable[str]],
    category: str,
    tie_breaks: Sequence[str],
) -> dict[Hashable, PrizePlace]:
    """The category's players' places for prizes among themselves: ``prize_ranks`` over their rows (the last
    session of last_session is the last one any of them played: the tournament's, unless none of them had a table
    in it)."""
    return prize_ranks(category_rows(rows, categories_of, category), tie_breaks)


def place_holders(places: Mapping[Hashable, PrizePlace], place: int) -> tuple[Hashable, ...]:
    """Who holds ``place`` (1 is the first) of a ranking: the one entry with that place, or everyone of a shared
    place that covers it (two level at 1 hold places 1 and 2, so each of those prizes names both); in the order
    given; empty when the ranking has fewer entries."""
    sharing = Counter(where.rank for where in places.values())
    return tuple(
        key for key, where in places.items() if where.rank <= place < where.rank + sharing[where.rank]
    )


def deciding_tie_breaks(rows: Sequence[StandingRow], tie_breaks: Sequence[str]) -> dict[Hashable, str]:
    """For each player of ``rows`` whose equal total the tie-breaks separated from every other with that total
    (as ``prize_ranks`` over the same rows): the tie-break that settled the place, the last one needed against any
    of them (A ahead of B and C on best_session, B ahead of C on most_firsts: A by best_session, B and C by
    most_firsts). A player whose total nobody shares, or who stays level with someone on every tie-break, has
    none. Measured only for players who share their total."""
    tie_breaks = clean_tie_breaks(tie_breaks)
    keys = tie_break_keys(rows, tie_breaks)
    level: dict[tuple, list[StandingRow]] = defaultdict(list)
    for row in rows:
        level[(row.status == DISQUALIFIED, stage(row), row.total)].append(row)
    decided = {}
    for group in (group for group in level.values() if len(group) > 1):
        measured = [(row.player, keys(row)) for row in group]
        for player, key in measured:
            needed = [_first_difference(key, other) for someone, other in measured if someone != player]
            if None not in needed:
                decided[player] = tie_breaks[max(needed)]
    return decided


def _first_difference(first: tuple, second: tuple) -> int | None:
    return next((index for index, (a, b) in enumerate(zip(first, second, strict=True)) if a != b), None)


# -- tie-breaks ---------------------------------------------------------------------------------------------------


def prize_ranks(rows: Sequence[StandingRow], tie_breaks: Sequence[str]) -> dict[Hashable, PrizePlace]:
    """Each ranked player's place for prizes: the standings' rule (total, the disqualified last), then the
    tie-breaks in order. With no tie-breaks it equals the standings' shared ranks. The tie-breaks are measured
    only for players who share their total (bench/standings.py)."""
    keys = tie_break_keys(rows, tie_breaks)
    places = [
        (row.status == DISQUALIFIED, stage(row), row.total) for row in rows
    ]  # after a cut, by group first
    shared = Counter(places)
    placed = place_entries(
        [
            (last, (group, -total, *keys(row)) if shared[last, group, total] > 1 else (group, -total))
            for row, (last, group, total) in zip(rows, places, strict=True)
        ]
    )
    return {rows[index].player: PrizePlace(rank, tied) for index, rank, tied in placed}


def tie_break_keys(rows: Sequence[StandingRow], tie_breaks: Sequence[str]) -> Callable[[StandingRow], tuple]:
    """A row's sort key for the tie-breaks (smaller is better), in the order given."""
    tie_breaks = clean_tie_breaks(tie_breaks)
    last = max(
        (line.session for row in rows for line in row.sessions if line.table is not None), default=None
    )
    measures = {
        BEST_SESSION: lambda row: -max((line.total for line in row.sessions), default=0),
        MOST_FIRSTS: lambda row: -sum(1 for line in row.sessions if _recorded_place(line) == 1),
        FEWEST_FOURTHS: lambda row: sum(1 for line in row.sessions if _recorded_place(line) == LAST_PLACE),
        LAST_SESSION: lambda row: -sum(line.total for line in row.sessions if line.session == last),
    }
    chosen = [measures[name] for name in tie_breaks]
    return lambda row: tuple(measure(row) for measure in chosen)


def _recorded_place(line: SessionLine) -> int | None:
    """The place a session line is recorded with: the table place, except that a substituted seat is recorded
    with the last place's uma (EMA 2016 5.8), whatever the substitute scored; None without a table result."""
    if line.table is None:
        return None
    return LAST_PLACE if line.substitute else line.place
