"""How prizes are told to people: which place of which ranking a prize is ("place 1 of the category newcomer"),
the tie-breaks by their names, and a place as an ordinal where a certificate says it. The prize list page, the
printed list, the certificates and the audit log all say it the same way."""

from django.utils.text import get_text_list
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.side_rankings import BEST_SESSION, CLUB, COUNTRY, FEWEST_FOURTHS, LAST_SESSION, MOST_FIRSTS, TEAM
from tournament.models.prizes import CATEGORY, OVERALL

TIE_BREAK_LABELS = {  # the settings' words for them (the same messages)
    BEST_SESSION: _("the higher best single session"),
    MOST_FIRSTS: _("more first places at the table"),
    FEWEST_FOURTHS: _("fewer fourth places"),
    LAST_SESSION: _("the higher total in the last session played"),
}
# "place 2 of ...": the ranking a prize's place is counted in
RANKING_PLACES = {
    OVERALL: _("place %(place)s of the standings"),
    TEAM: _("place %(place)s of the teams"),
    COUNTRY: _("place %(place)s of the countries"),
    CLUB: _("place %(place)s of the clubs"),
    CATEGORY: _("place %(place)s of the category %(category)s"),
}
# the rankings as the prize form offers them
RANKING_NAMES = {
    OVERALL: _("Standings"),
    TEAM: _("Teams"),
    COUNTRY: _("Countries"),
    CLUB: _("Clubs"),
}
CATEGORY_NAME = _("Category %(category)s")


def prize_place(ranking: str, category: str, place: int) -> str:
    """ "place 1 of the category newcomer": which place of which ranking a prize goes to."""
    template = RANKING_PLACES.get(ranking)
    if template is None:
        return f"{ranking} {place}"
    return str(template) % {"place": place, "category": category}


def ranking_name(ranking: str, category: str = "") -> str:
    """ "Standings", "Teams", "Category newcomer": a ranking as the prize form and the prize list name it."""
    if ranking == CATEGORY:
        return str(CATEGORY_NAME) % {"category": category}
    return str(RANKING_NAMES.get(ranking, ranking))


def tie_break_label(name: str) -> str:
    return str(TIE_BREAK_LABELS.get(name, name))


def tie_words(names: list[str]) -> str:
    """ "A and B", "A, B and C": the names of the players or teams of a tie (Django's get_text_list)."""
    return get_text_list(names, gettext("and"))
