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
    NavItem("organise_dashboard", _("Dashboard")),
    NavItem("organise_players", _("Players")),
    NavItem("seating_overview", _("Seating")),
    NavItem("organise_finals", _("Finals")),
    NavItem("exports", _("Exports")),
    NavItem("ema_check", _("EMA file")),
    NavItem("organise_prizes", _("Prizes")),
    NavItem("organise_clock", _("Clock")),
    NavItem("organise_display", _("Hall display")),
    NavItem("organise_staff", _("Staff")),
    NavItem("organise_settings", _("Settings")),
    NavItem("organise_log", _("Log")),
    NavItem("organise_backups", _("Backups")),
)
REFEREE_NAV = (NavItem("referee_home", _("Results")),)


class Link(NamedTuple):
    url: str
    label: str
    current: bool


def staff_links(user, tournament, current_path: str = "") -> list[Link]:
    """The links of every role the user has in the tournament: the organiser's first (the dashboard leads), then
    the referee's. The current page is the link whose address is the longest start of the current path."""
    items = []
    if can_organise(user, tournament):
        items.extend(ORGANISER_NAV)
    if can_referee(user, tournament):
        items.extend(REFEREE_NAV)
    urls = [reverse(item.url_name, args=[tournament.slug]) for item in items]
    matching = [url for url in urls if current_path and current_path.startswith(url)]
    current = max(matching, key=len, default=None)
    return [Link(url, str(item.label), url == current) for item, url in zip(items, urls, strict=True)]
