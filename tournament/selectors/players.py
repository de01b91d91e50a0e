"""Who plays: the registrations of a tournament as plain tuples, for the standings, exports and seating."""

from typing import NamedTuple

from tournament.display.names import full_name
from tournament.models import Registration, Tournament


class PlayerInfo(NamedTuple):
    registration_id: int
    key: str
    first_name: str
    last_name: str
    ema_id: str | None
    country: str
    club: str
    status: str
    team: str = ""
    categories: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return full_name(self.first_name, self.last_name)


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
            "team",
            "categories",
        )
    )
    return {row[0]: PlayerInfo(*row[:-1], tuple(row[-1] or ())) for row in rows}
