"""Who may see the standings: everybody, unless the organiser hid them (before the prize ceremony); the
tournament's staff always. The public standings page, the player pages' totals and ranks, and the public
standings exports ask this before showing anything."""

from tournament.models import Tournament
from tournament.permissions import has_any_role


def standings_visible(tournament: Tournament, user) -> bool:
    return not tournament.standings_hidden or has_any_role(user, tournament)
