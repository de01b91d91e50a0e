"""Between the tournament's rows and the pure generator: who is seated, the stored seating, proposals, reports.

Generator index ``i`` is the i-th seated registration ordered by id (active and disqualified players are seated,
withdrawn players are not). A seating, as this module hands it around, maps a session number to its tables,
each a list of four registration ids in seat order E, S, W, N. A ``SeatingPlan`` is a proposal (generated,
imported or seated by standings): nothing is written until ``tournament.services.seating.apply_seating_plan``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from scoring.seating import (
    MAX_SEATED_PLAYERS,
    MAX_SESSIONS,
    QualityReport,
    ScheduleError,
    check_player_count,
    quality_report,
    swiss_session,
)
from scoring.seating.continuation import continue_schedule
from scoring.standings import ACTIVE, DISQUALIFIED
from tournament import selectors
from tournament.errors import DomainError, message
from tournament.models import Seat, Tournament
from tournament.selectors.progress import sessions_with_results

SEATED_STATUSES = (ACTIVE, DISQUALIFIED)
# What the generator may keep apart beside repeated meetings: the page's "Also keep apart" (forms.seating), the
# command's --avoid and the background job offer these, and group_of says who belongs together for each.
AVOID_CHOICES = ("club", "country", "team")
WEB_TIME_BUDGET = 20.0  # seconds the generator may take for the organiser's seating search (a background job)

Seating = dict[int, list[list[int]]]


@dataclass(frozen=True)
class SeatingPlan:
    seating: Seating  # the sessions to write
    kept: tuple[int, ...] = ()  # sessions that have results: kept as they are
    source: str = "generated"  # generated, imported, standings
    seed: int | None = None
    avoid: str | None = None

    def as_data(self) -> dict:
        """JSON-safe, to keep the proposal in the browser session until the organiser confirms it."""
        return {
            "seating": {str(number): tables for number, tables in self.seating.items()},
            "kept": list(self.kept),
            "source": self.source,
            "seed": self.seed,
            "avoid": self.avoid,
        }

    @classmethod
    def from_data(cls, data: dict) -> SeatingPlan:
        seating = {int(number): tables for number, tables in data["seating"].items()}
        return cls(seating, tuple(data["kept"]), data["source"], data["seed"], data["avoid"])


def seated_players(tournament: Tournament) -> list[selectors.PlayerInfo]:
    """The players to seat, ordered by registration id (the generator's numbering)."""
    infos = selectors.player_infos(tournament).values()
    return sorted(
        (info for info in infos if info.status in SEATED_STATUSES), key=lambda info: info.registration_id
    )


def check_seated_count(count: int) -> None:
    """Refuse more players than the generator seats, or a number that cannot sit four to a table
    (scoring.seating.check_player_count: its refusal says how many to add or withdraw)."""
    if count > MAX_SEATED_PLAYERS:
        raise DomainError.coded("too_many_players/seated", count=count, max=MAX_SEATED_PLAYERS)
    try:
        check_player_count(count)
    except ScheduleError as error:
        raise DomainError.from_scoring(error) from error


def existing_sessions(tournament: Tournament) -> set[int]:
    return set(tournament.sessions.values_list("number", flat=True))


def session_number_problem(number: int, existing: Collection[int], planned: Collection[int]) -> str | None:
    """Why a plan may not seat session ``number``, in words (None: it may); see session_number_refusal."""
    refusal = session_number_refusal(number, existing, planned)
    return None if refusal is None else message(refusal[0], **refusal[1])


def session_number_refusal(
    number: int, existing: Collection[int], planned: Collection[int]
) -> tuple[str, dict] | None:
    """Why a plan may not seat session ``number`` (a key of tournament.errors' table and its parameters; None: it
    may). A plan seats existing sessions, or adds new ones right after them (with the other ``planned`` sessions,
    no gap is left), never more than MAX_SESSIONS."""
    if number in existing:
        return None
    if number < 1:
        return "session_number/below_one", {"number": number}
    if number > MAX_SESSIONS:
        return "session_number/over_max", {"number": number, "max": MAX_SESSIONS}
    missing = next((n for n in range(1, number) if n not in existing and n not in planned), None)
    if missing is None:
        return None
    return "session_number/gap", {"number": number, "count": len(existing), "missing": missing}


def check_session_numbers(tournament: Tournament, numbers: Iterable[int]) -> None:
    """Refuse a plan for sessions beyond the schedule (see session_number_refusal) before anything is written."""
    planned = set(numbers)
    existing = existing_sessions(tournament)
    for number in sorted(planned):
        refusal = session_number_refusal(number, existing, planned)
        if refusal:
            raise DomainError.coded(refusal[0], session=number, **refusal[1])


def group_of(info: selectors.PlayerInfo, avoid: str | None) -> str | None:
    """The club, country or team a player should not meet; None when unknown (then it never counts)."""
    if avoid == "club":
        return info.club.strip().casefold() or None
    if avoid == "country":
        return info.country or None
    if avoid == "team":
        return info.team.strip().casefold() or None
    return None


def stored_seating(tournament: Tournament) -> Seating:
    """The seating in the database, for every session that has tables."""
    seating: Seating = {}
    seats = Seat.objects.filter(session__tournament=tournament).order_by(
        "session__number", "table__number", "order"
    )
    for number, table, registration_id in seats.values_list(
        "session__number", "table__number", "registration_id"
    ):
        tables = seating.setdefault(number, [])
        if len(tables) < table:
            tables.extend([] for _ in range(table - len(tables)))
        tables[table - 1].append(registration_id)
    return seating


def check_generation(tournament: Tournament, n_sessions: int) -> tuple[list, list[int]]:
    """The quick checks before a seating search (the page makes them before queueing the search): the players to
    seat and the sessions kept because they have results; DomainError when there is nothing to search."""
    if n_sessions < 1:
        raise DomainError.coded("bad_session_count")
    if n_sessions > MAX_SESSIONS:
        raise DomainError.coded("too_many_sessions/plan", count=n_sessions, max=MAX_SESSIONS)
    players = seated_players(tournament)
    check_seated_count(len(players))
    kept = sorted(n for n in sessions_with_results(tournament) if n <= n_sessions)
    if len(kept) == n_sessions:
        raise DomainError.coded("all_played", count=n_sessions)
    return players, kept


def plan_generation(
    tournament: Tournament,
    *,
    n_sessions: int,
    seed: int = 0,
    avoid: str | None = None,
    time_budget: float = WEB_TIME_BUDGET,
) -> SeatingPlan:
    """A schedule for sessions 1..n_sessions; the sessions that have results are kept exactly."""
    players, kept = check_generation(tournament, n_sessions)
    index = {info.registration_id: i for i, info in enumerate(players)}
    stored = stored_seating(tournament)
    played = {n - 1: [[index.get(r) for r in table] for table in stored[n]] for n in kept}
    groups = [group_of(info, avoid) for info in players] if avoid else None
    start = _current_plan(stored, n_sessions, index)
    try:
        sessions = continue_schedule(
            len(players), n_sessions, played, seed=seed, groups=groups, time_budget=time_budget, start=start
        )
    except ScheduleError as error:
        raise DomainError.from_scoring(error) from error
    seating = {
        s + 1: [[players[p].registration_id for p in table] for table in tables]
        for s, tables in sessions.items()
    }
    return SeatingPlan(seating, tuple(kept), "generated", seed, avoid)


def _current_plan(stored: Seating, n_sessions: int, index: dict[int, int]) -> list | None:
    """The stored seating of sessions 1..n_sessions as generator indices, when it seats exactly these players:
    the generator starts from it, so a plan that is still as good as any comes back unchanged."""
    everybody = sorted(index.values())
    plan = []
    for number in range(1, n_sessions + 1):
        tables = stored.get(number, [])
        if sorted(index.get(r, -1) for table in tables for r in table) != everybody:
            return None
        plan.append([[index[r] for r in table] for table in tables])
    return plan


def plan_by_standings(
    tournament: Tournament, *, number: int, seed: int = 0, avoid: str | None = None
) -> SeatingPlan:
    """Session ``number`` seated by the standings after the session before it: top players together."""
    if number < 2:
        raise DomainError.coded("no_standings", number=number)
    check_session_numbers(tournament, [number])
    if number in sessions_with_results(tournament):
        raise DomainError.coded("session_has_results", number=number)
    players = seated_players(tournament)
    check_seated_count(len(players))
    index = {info.registration_id: i for i, info in enumerate(players)}
    standings = selectors.standings(tournament, after_session=number - 1)
    ranked = [index[row.player] for row in standings.rows if row.player in index]
    ranking = ranked + sorted(set(range(len(players))) - set(ranked))
    try:
        tables = swiss_session(
            ranking,
            _history(stored_seating(tournament), number, index),
            seed=seed,
            groups=[group_of(info, avoid) for info in players] if avoid else None,
        )
    except ScheduleError as error:
        raise DomainError.from_scoring(error) from error
    seating = {number: [[players[p].registration_id for p in table] for table in tables]}
    return SeatingPlan(seating, tuple(sorted(sessions_with_results(tournament))), "standings", seed, avoid)


def _history(stored: Seating, number: int, index: dict[int, int]) -> tuple:
    """The sessions before ``number`` as generator indices; players no longer seated get numbers after the
    seated ones, so their meetings and winds still count."""
    earlier = [stored[n] for n in sorted(stored) if n < number]
    others = sorted({r for tables in earlier for table in tables for r in table} - set(index))
    numbers = {**index, **{r: len(index) + i for i, r in enumerate(others)}}
    return tuple(tuple(tuple(numbers[r] for r in table) for table in tables) for tables in earlier)


@dataclass(frozen=True)
class PairLine:
    first: selectors.PlayerInfo
    second: selectors.PlayerInfo
    meetings: int


@dataclass(frozen=True)
class WindLine:
    player: selectors.PlayerInfo
    counts: tuple[int, int, int, int]  # E, S, W, N

    @property
    def spread(self) -> int:
        return max(self.counts) - min(self.counts)


@dataclass(frozen=True)
class SeatingReport:
    """The quality report of a tournament's seating, with the players named."""

    quality: QualityReport  # same_group_meetings counts the same club
    sessions: tuple[int, ...]
    tables: int
    country_meetings: int
    team_meetings: int | None  # None when no player has a team
    worst_pairs: tuple[PairLine, ...]
    winds: tuple[WindLine, ...] = field(repr=False)

    @property
    def club_meetings(self) -> int:
        return self.quality.same_group_meetings or 0

    def format_text(self) -> str:
        """The report for the command line (English, like the other command output)."""
        q = self.quality
        lines = [
            f"{len(self.winds)} players, {len(self.sessions)} sessions "
            f"({', '.join(map(str, self.sessions))}), {self.tables} tables",
            f"excess meetings: {q.excess_meetings} (lower bound {q.lower_bound}); "
            f"pairs meeting more than once: {q.repeated_pairs}; most meetings of one pair: {q.max_pair_meetings}",
        ]
        if self.worst_pairs:
            pairs = ", ".join(f"{p.first.name} & {p.second.name} x{p.meetings}" for p in self.worst_pairs)
            lines.append(f"most repeated pairs: {pairs}")
        lines += [
            f"meetings within the same club: {self.club_meetings}; within the same country: {self.country_meetings}"
            + (f"; within the same team: {self.team_meetings}" if self.team_meetings is not None else ""),
            f"most visits of one player to the same table: {q.max_table_visits}",
            wind_table([line.player.name for line in self.winds], q.wind_counts),
        ]
        return "\n".join(lines)


def wind_table(names: list[str], counts) -> str:
    """Per player the number of times at each seat wind, and the largest difference between two of them."""
    width = max(len(name) for name in names)
    spread = max(max(c) - min(c) for c in counts)
    lines = [
        f"seat winds per player (largest difference for one player: {spread})",
        f"  {'':<{width}}  " + "".join(f"{wind:>3}" for wind in "ESWN"),
    ]
    lines += [
        f"  {name:<{width}}  " + "".join(f"{n:>3}" for n in c) for name, c in zip(names, counts, strict=True)
    ]
    return "\n".join(lines)


def seating_report(tournament: Tournament, seating: Seating) -> SeatingReport | None:
    """The report over every seated session of ``seating`` (None when nothing is seated)."""
    numbers = tuple(sorted(n for n, tables in seating.items() if tables))
    if not numbers:
        return None
    infos = selectors.player_infos(tournament)
    ids = sorted({r for n in numbers for table in seating[n] for r in table})
    index = {registration_id: i for i, registration_id in enumerate(ids)}
    players = [infos[r] for r in ids]
    schedule = tuple(tuple(tuple(index[r] for r in table) for table in seating[n]) for n in numbers)
    by_club = quality_report(schedule, n_players=len(ids), groups=[group_of(p, "club") for p in players])
    by_country = quality_report(
        schedule, n_players=len(ids), groups=[group_of(p, "country") for p in players]
    )
    teams = [group_of(p, "team") for p in players]
    by_team = quality_report(schedule, n_players=len(ids), groups=teams) if any(teams) else None
    return SeatingReport(
        quality=by_club,
        sessions=numbers,
        tables=max(len(seating[n]) for n in numbers),
        country_meetings=by_country.same_group_meetings or 0,
        team_meetings=(by_team.same_group_meetings or 0) if by_team else None,
        worst_pairs=tuple(PairLine(players[p], players[q], m) for p, q, m in by_club.worst_pairs),
        winds=tuple(
            WindLine(player, counts) for player, counts in zip(players, by_club.wind_counts, strict=True)
        ),
    )


def planned_seating(tournament: Tournament, plan: SeatingPlan) -> Seating:
    """The tournament's seating as it would be with the plan written."""
    return {**stored_seating(tournament), **plan.seating}
