"""The staff navigation: one list per role. The layouts show the items of the roles the user has in the
tournament (an organiser also sees the referee's items: organisers may do all a referee does)."""

from typing import NamedTuple

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournament.permissions import can_organise, can_referee


class NavItem(NamedTuple):
    url_name: str
    label: str


ORGANISER_NAV = (
    NavItem("seating_overview", _("Seating")),
    NavItem("exports", _("Exports and printing")),
    NavItem("ema_check", _("EMA results file")),
    NavItem("organise_clock", _("Clock")),
    NavItem("organise_display", _("Hall display")),
)
REFEREE_NAV = (NavItem("referee_home", _("Results")),)


class Link(NamedTuple):
    url: str
    label: str
    current: bool


def staff_links(user, tournament, current_path: str = "") -> list[Link]:
    """The links of every role the user has in the tournament, referee's first."""
    items = []
    if can_referee(user, tournament):
        items.extend(REFEREE_NAV)
    if can_organise(user, tournament):
        items.extend(ORGANISER_NAV)
    links = []
    for item in items:
        url = reverse(item.url_name, args=[tournament.slug])
        links.append(Link(url, str(item.label), bool(current_path) and current_path.startswith(url)))
    return links
