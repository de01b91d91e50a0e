"""The longest text each field takes, read from the model fields: the database's own limits, one dict.

Every other limit is in scoring.limits (plain Python, which cannot read a model); these lengths are the columns'
``max_length`` and so live beside the models. The forms, the services, the player-list reader and the archive
importer check them first, so a longer value is refused where it enters and never reaches the database.
"""

from tournament.models.people import Player, Registration
from tournament.models.prizes import Prize
from tournament.models.results import Penalty, SeatResult
from tournament.models.sessions import Seat
from tournament.models.tournaments import Tournament


def _max_length(model, field: str) -> int:
    return model._meta.get_field(field).max_length


MAX_LENGTH = {
    "slug": _max_length(Tournament, "slug"),
    "name": _max_length(Tournament, "name"),
    "short_name": _max_length(Tournament, "short_name"),
    "city": _max_length(Tournament, "city"),
    "key": _max_length(Registration, "key"),
    "first_name": _max_length(Player, "first_name"),
    "last_name": _max_length(Player, "last_name"),
    "club": _max_length(Registration, "club"),
    "team": _max_length(Registration, "team"),
    "prize_title": _max_length(Prize, "title"),
    "substitute_name": _max_length(SeatResult, "substitute_name"),
    "substitute_guest": _max_length(Seat, "substitute_guest"),
    "reason": _max_length(Penalty, "reason"),
    "cancel_reason": _max_length(Penalty, "cancel_reason"),
}
