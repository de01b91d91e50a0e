"""The rows of the EMA results file and the tournament's MERS figures, read from the standings.

Every ranked player is a row (active first, disqualified last, as the standings rank them); withdrawn players
(removed from the results, 5.8) and substitutes are not. Places are the standings ranks, shared on ties.
"""

from decimal import Decimal
from typing import NamedTuple

from scoring.ema_countries import counts_as_country
from scoring.mers import MersWeight, base_rank, mers_weight, number_of_days
from tournament import selectors
from tournament.models import SeatResult, Tournament


class EmaRow(NamedTuple):
    place: int
    registration_id: int
    first_name: str
    last_name: str
    ema_id: str | None
    country: str
    status: str
    score: int
    base_rank: int

    @property
    def ema_member(self) -> bool:
        return bool(self.ema_id)


class EmaResults(NamedTuple):
    tournament: Tournament
    rows: tuple[EmaRow, ...]
    computed_weight: MersWeight
    substitutes: int
    countries: int
    days: int

    @property
    def weight(self) -> Decimal:
        """The weight written to the file: the organiser's override when set, else the computed one."""
        override = self.tournament.mers_weight_override
        return override if override is not None else self.computed_weight.total


def ema_results(tournament: Tournament) -> EmaResults:
    standings = selectors.standings(tournament)
    count = len(standings.rows)
    rows = tuple(_row(standings, row, count) for row in standings.rows)
    days = number_of_days(tournament.start_date, tournament.end_date) if tournament.start_date else 1
    substitutes = substitute_count(tournament)
    countries = len({row.country for row in rows if counts_as_country(row.country)})
    weight = mers_weight(
        days=days,
        players=count,
        substitutes=substitutes,
        countries=countries,
        qualification=tournament.qualification,
    )
    return EmaResults(tournament, rows, weight, substitutes, countries, days)


def _row(standings: selectors.Standings, row, count: int) -> EmaRow:
    info = standings.player(row)
    return EmaRow(
        place=row.rank,
        registration_id=info.registration_id,
        first_name=info.first_name,
        last_name=info.last_name,
        ema_id=info.ema_id or None,
        country=info.country,
        status=row.status,
        score=row.total,
        base_rank=base_rank(row.rank, count),
    )


def substitute_count(tournament: Tournament) -> int:
    """Distinct substitutes in the current results, by name (case and spacing ignored); unnamed ones count once."""
    names = SeatResult.objects.filter(
        result__is_current=True, result__table__session__tournament=tournament
    ).exclude(substitute="")
    return len(
        {" ".join(name.split()).casefold() for name in names.values_list("substitute_name", flat=True)}
    )
