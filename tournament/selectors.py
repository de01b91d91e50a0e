"""Reads. Standings are computed from the entered results and penalties when asked, never stored.

The standings read a fixed number of queries (registrations, seat results, penalties), whatever the number of
players and sessions, and hand plain tuples to ``scoring.standings``.
"""

from collections import defaultdict
from typing import NamedTuple

from scoring.penalties import PenaltyInput, penalty_points
from scoring.standings import Entrant, PenaltyLine, StandingRow, TablePlay, compute_standings
from scoring.table import SeatInput
from tournament.models import Penalty, Registration, SeatResult, Tournament


class PlayerInfo(NamedTuple):
    registration_id: int
    key: str
    first_name: str
    last_name: str
    ema_id: str | None
    country: str
    club: str
    status: str

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


class Standings(NamedTuple):
    tournament: Tournament
    after_session: int | None
    rows: tuple[StandingRow, ...]  # row.player is the registration id
    players: dict[int, PlayerInfo]
    sessions: tuple[int, ...]  # the session numbers that have at least one result counted

    def player(self, row: StandingRow) -> PlayerInfo:
        return self.players[row.player]


def player_infos(tournament: Tournament) -> dict[int, PlayerInfo]:
    """Every registration of the tournament, by registration id, in alphabetical order."""
    rows = (
        Registration.objects.filter(tournament=tournament)
        .order_by("player__last_name", "player__first_name", "id")
        .values_list(
            "id",
            "key",
            "player__first_name",
            "player__last_name",
            "player__ema_id",
            "player__country",
            "club",
            "status",
        )
    )
    return {row[0]: PlayerInfo(*row) for row in rows}


def table_plays(tournament: Tournament, *, after_session: int | None = None) -> list[TablePlay]:
    """The current result of every table, as the rules engine reads it (players are registration ids)."""
    seat_rows = SeatResult.objects.filter(
        result__is_current=True, result__table__session__tournament=tournament
    )
    if after_session is not None:
        seat_rows = seat_rows.filter(result__table__session__number__lte=after_session)
    seat_rows = seat_rows.values_list(
        "result__table__session__number",
        "result__table__number",
        "result__leftover_sticks",
        "seat__wind",
        "seat__registration_id",
        "raw_score",
        "substitute",
    )
    grouped: dict[tuple[int, int, int], list[SeatInput]] = defaultdict(list)
    for session, table, sticks, wind, registration_id, raw, substitute in seat_rows:
        grouped[(session, table, sticks)].append(SeatInput(wind, registration_id, raw, substitute))
    return [
        TablePlay(session, table, seats, sticks)
        for (session, table, sticks), seats in sorted(grouped.items())
    ]


def penalty_lines(tournament: Tournament, *, after_session: int | None = None) -> list[PenaltyLine]:
    rules = tournament.rules
    penalties = Penalty.objects.filter(session__tournament=tournament, cancelled=False)
    if after_session is not None:
        penalties = penalties.filter(session__number__lte=after_session)
    rows = penalties.values_list("registration_id", "session__number", "kind", "minutes", "points", "reason")
    return [
        PenaltyLine(
            registration_id, session, penalty_points(rules, PenaltyInput(kind, minutes, points, reason))
        )
        for registration_id, session, kind, minutes, points, reason in rows
    ]


def standings(tournament: Tournament, *, after_session: int | None = None) -> Standings:
    players = player_infos(tournament)
    plays = table_plays(tournament, after_session=after_session)
    entrants = [Entrant(info.registration_id, info.status) for info in players.values()]
    rows = compute_standings(
        tournament.rules,
        entrants,
        plays,
        penalty_lines(tournament, after_session=after_session),
        after_session=after_session,
    )
    sessions = tuple(sorted({play.session for play in plays}))
    return Standings(tournament, after_session, rows, players, sessions)
