"""The side rankings' words in the reader's language, the one home of each: the navigation's label ("Teams",
"Newcomer") and address, the title of a ranking's page and of its slides on the hall display ("Team ranking after session 2"),
the name column's heading and the note on a group short of members."""

from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.side_rankings import CLUB, COUNTRY, TEAM
from tournament.models.prizes import CATEGORY


def ranking_label(kind: str, category: str = "") -> str:
    """The navigation's word: 'Teams', 'Countries', 'Clubs', or the category's name."""
    if kind == CATEGORY:
        return capfirst(category)
    return {
        TEAM: pgettext("side rankings", "Teams"),
        COUNTRY: pgettext("side rankings", "Countries"),
        CLUB: pgettext("side rankings", "Clubs"),
    }[kind]


def ranking_url(slug: str, kind: str, category: str = "") -> str:
    """The ranking's public page: /t/<slug>/rankings/team/, /t/<slug>/rankings/category/<name>/."""
    if kind == CATEGORY:
        return reverse("category_ranking", args=[slug, category])
    return reverse("group_ranking", args=[slug, kind])


def ranking_title(kind: str, category: str, after: int) -> str:
    """'Team ranking after session 2', 'Newcomer: ranking after session 2'; without 'after ...' before any
    result (``after`` 0)."""
    if not after:
        return {
            TEAM: _("Team ranking"),
            COUNTRY: _("Country ranking"),
            CLUB: _("Club ranking"),
            CATEGORY: _("%(category)s: ranking") % {"category": capfirst(category)},
        }[kind]
    values = {"n": after, "category": capfirst(category)}
    return {
        TEAM: _("Team ranking after session %(n)s"),
        COUNTRY: _("Country ranking after session %(n)s"),
        CLUB: _("Club ranking after session %(n)s"),
        CATEGORY: _("%(category)s: ranking after session %(n)s"),
    }[kind] % values


def group_title(grouping: str, name: str) -> str:
    """A player's group as the player page names it: 'Team Dragons', 'Country NED', 'Club Riichi Utrecht'."""
    return {
        TEAM: pgettext("side rankings", "Team %(name)s"),
        COUNTRY: pgettext("side rankings", "Country %(name)s"),
        CLUB: pgettext("side rankings", "Club %(name)s"),
    }[grouping] % {"name": name}


def place_of(rank: str, count: int) -> str:
    """A place among ``count`` ranked: '2= of 8'."""
    return _("%(rank)s of %(count)s") % {"rank": rank, "count": count}


def group_heading(grouping: str) -> str:
    """The heading of a group ranking's name column."""
    return {TEAM: pgettext("side rankings", "Team"), COUNTRY: _("Country"), CLUB: _("Club")}[grouping]


def short_note(best: int) -> str:
    """The note on a group with fewer ranked members than the K it is counted by."""
    return ngettext("fewer than %(best)s member", "fewer than %(best)s members", best) % {"best": best}
