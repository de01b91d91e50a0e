"""What the public may see of a tournament: the one rule that every public page, public export, player page, the
hall display (its page, its JSON and its pages) and the clock ask before showing anything.

- The tournament: a tournament that is not public is a 404 to everybody without a role in it, exactly as a
  tournament that does not exist (``tournament_visible``; the staff's pages ask it too).
- The standings (totals, ranks, the rank chart, the standings downloads and the hall display's standings): shown
  unless the organiser hid them (before the prize ceremony); the tournament's staff always see them
  (``standings_visible``). The results of each table stay public.

The hall's screens are seen by the whole hall, whoever is logged in on the browser that shows them: they show what
the public sees (``PUBLIC``), so an organiser's laptop on the projector never shows hidden standings.
"""

from django.contrib.auth.models import AnonymousUser

from tournament.models import Tournament
from tournament.permissions import has_any_role

PUBLIC = AnonymousUser()  # anybody without a role: the public, and the hall's screens


def tournament_visible(tournament: Tournament, user) -> bool:
    return tournament.is_public or has_any_role(user, tournament)


def standings_visible(tournament: Tournament, user) -> bool:
    return not tournament.standings_hidden or has_any_role(user, tournament)
