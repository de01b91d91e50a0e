"""Who may see what. The standings: everybody, unless the organiser hid them (before the prize ceremony); the
tournament's staff always. The public standings page, the player pages' totals and ranks, and the public
standings exports ask this before showing anything. A hidden tournament's name (permissions.may_see): only to
those with a role in it; other pages that mention it count it instead (``tournament_names``)."""

from django.utils.translation import ngettext

from tournament.models import Tournament
from tournament.permissions import has_any_role, may_see


def standings_visible(tournament: Tournament, user) -> bool:
    return not tournament.standings_hidden or has_any_role(user, tournament)


def tournament_names(tournaments: list[Tournament], reader) -> str:
    """ "Lotus Open, Tulip Cup and 2 other tournaments": the names the reader may see, the others counted. The
    reader None is the command line, whose operator sees every tournament."""
    names = [t.name for t in tournaments if reader is None or may_see(reader, t)]
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
