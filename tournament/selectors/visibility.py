"""What the public may see of a tournament: the one rule that every public page, public export, player page, the
hall display (its page, its JSON and its pages) and the clock ask before showing anything.

- The tournament: a tournament that is not public is a 404 to everybody without a role in it, exactly as a
  tournament that does not exist (``tournament_visible``; the staff's pages ask it too).
- The standings (totals, ranks, the rank chart, the standings downloads and the hall display's standings): shown
  unless the organiser hid them (before the prize ceremony); the tournament's staff always see them
  (``standings_visible``). The results of each table stay public. The side rankings (team, country, club,
  category: their pages, links, slides and the places on a player's page) go with the standings: hidden
  standings hide every one of them (``public_rankings``).
- A hidden tournament's name on other pages (a player's other tournaments, a refusal naming them): only to those
  who may see it; everybody else gets a count (``tournament_names``).

The hall's screens are seen by the whole hall, whoever is logged in on the browser that shows them: they show what
the public sees (``PUBLIC``), so an organiser's laptop on the projector never shows hidden standings.
"""

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import ngettext

from tournament.models import Tournament
from tournament.permissions import has_any_role
from tournament.selectors.side_rankings import ShownRanking, shown_rankings

PUBLIC = AnonymousUser()  # anybody without a role: the public, and the hall's screens


def tournament_visible(tournament: Tournament, user) -> bool:
    return tournament.is_public or has_any_role(user, tournament)


def open_to_everybody(tournament: Tournament) -> bool:
    """Anybody may see the tournament, without a role: a page of it may be the same for every reader (and kept by
    a shared cache, tournament/operations/caching.py); a hidden one's pages are for its staff alone."""
    return tournament.is_public


def with_public_standings(tournaments):
    """Of a queryset of tournaments, those everybody may see with their standings (what a public series counts)."""
    return tournaments.filter(is_public=True, standings_hidden=False)


def series_open_to_everybody(series) -> bool:
    """A series' pages are everybody's; a hidden series' are for those who manage series (views/public/series.py)."""
    return series.is_public


def standings_visible(tournament: Tournament, user) -> bool:
    return not tournament.standings_hidden or has_any_role(user, tournament)


def public_rankings(tournament: Tournament, user) -> tuple[ShownRanking, ...]:
    """The side rankings the reader may see: those the organiser turned on, none while the standings are hidden
    from them."""
    return shown_rankings(tournament) if standings_visible(tournament, user) else ()


def tournament_names(tournaments: list[Tournament], reader) -> str:
    """ "Lotus Open, Tulip Cup and 2 other tournaments": the names the reader may see, the others counted. The
    reader None is the command line, whose operator sees every tournament."""
    names = [t.name for t in tournaments if reader is None or tournament_visible(t, reader)]
    others = len(tournaments) - len(names)
    if not others:
        return ", ".join(names)
    if not names:
        return ngettext("%(count)s other tournament", "%(count)s other tournaments", others) % {
            "count": others
        }
    return ngettext(
        "%(names)s and %(count)s other tournament", "%(names)s and %(count)s other tournaments", others
    ) % {"names": ", ".join(names), "count": others}
