"""What a change of a player's status does to the standings, for the organiser's confirmation page: where the
player stands now and afterwards, and how many others move. Computed with the same ranking as the standings
(scoring.standings.rank_standings), from the scored tables already at hand."""

from typing import NamedTuple

from scoring.standings import ACTIVE, WITHDRAWN, Entrant, StandingRow, rank_standings
from tournament.models import Registration
from tournament.selectors.players import player_infos
from tournament.selectors.results import penalty_lines, scored_tables


class Placing(NamedTuple):
    rank: int | None  # None: not in the standings (withdrawn)
    tied: bool
    total: int | None
    count: int  # players in the standings


class StatusChange(NamedTuple):
    before: Placing
    after: Placing
    moved: int  # other players whose rank changes


def status_change(registration: Registration, status: str) -> StatusChange:
    return _change(registration, registration.status, status)


def withdrawal_effect(registration: Registration) -> StatusChange:
    """What the player's withdrawal does (or did) to the standings: removed from the results (5.8), from the
    place they had as an active player to none. The same before and after the status is changed, so the withdrawal
    page shows the line that disappears."""
    return _change(registration, ACTIVE, WITHDRAWN)


def _change(registration: Registration, before_status: str, after_status: str) -> StatusChange:
    tournament = registration.tournament
    players = player_infos(tournament)
    tables = scored_tables(tournament)
    penalties = penalty_lines(tournament)
    before = rank_standings(_entrants(players, registration, before_status), tables, penalties)
    after = rank_standings(_entrants(players, registration, after_status), tables, penalties)
    return StatusChange(
        _placing(before, registration.pk),
        _placing(after, registration.pk),
        _moved(before, after, registration.pk),
    )


def _entrants(players, registration: Registration, status: str) -> list[Entrant]:
    """Every registered player with their status, the given one for ``registration``."""
    return [
        Entrant(info.registration_id, status if info.registration_id == registration.pk else info.status)
        for info in players.values()
    ]


def _placing(rows: tuple[StandingRow, ...], player: int) -> Placing:
    row = next((row for row in rows if row.player == player), None)
    if row is None:
        return Placing(None, False, None, len(rows))
    return Placing(row.rank, row.tied, row.total, len(rows))


def _moved(before: tuple[StandingRow, ...], after: tuple[StandingRow, ...], player: int) -> int:
    ranks = {row.player: row.rank for row in after}
    return sum(1 for row in before if row.player != player and ranks.get(row.player) != row.rank)
