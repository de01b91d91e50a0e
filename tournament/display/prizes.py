"""How prizes are told to people: a prize's title (``prize_title``: as typed, or named after its place in the
reader's language), which place of which ranking a prize is ("place 1 of the category newcomer"), the tie-breaks
by their names, and a place as an ordinal ("4th", "4.", "4e"). The prize pages, the printed list, the certificates
and the audit log all say it the same way.

A named prize (models.prizes.NAMED) is a place of a ranking; its title is made here, one message per kind of
place so that each language phrases it with its own grammar ("Best lady": "Beste Spielerin", "Meilleure
joueuse"; "Best club": "Bester Verein", "Bestes Team"), never by joining words. The first place of a category
whose name says what it is (newcomer, ladies, junior, senior, in any of the four languages: ``CATEGORY_KINDS``)
is "Best newcomer"; of any other category "First place in the category U25"."""

from django.utils.text import get_text_list
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.side_rankings import BEST_SESSION, CLUB, COUNTRY, FEWEST_FOURTHS, LAST_SESSION, MOST_FIRSTS, TEAM
from tournament.display.numbers import whole
from tournament.models.prizes import CATEGORY, HIGHEST_HAND, MOST_WINS, NAMED, OVERALL

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
    MOST_WINS: _("place %(place)s by the number of wins"),
    HIGHEST_HAND: _("place %(place)s by the highest hand"),
}
# the rankings as the prize form offers them
RANKING_NAMES = {
    OVERALL: _("Standings"),
    TEAM: _("Teams"),
    COUNTRY: _("Countries"),
    CLUB: _("Clubs"),
    MOST_WINS: _("Most wins"),
    HIGHEST_HAND: _("Highest hand"),
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


# -- a named prize's title ---------------------------------------------------------------------------------------

PLACE_WORDS = {  # the first places of the standings, as words
    1: pgettext_lazy("prize title", "First place"),
    2: pgettext_lazy("prize title", "Second place"),
    3: pgettext_lazy("prize title", "Third place"),
}
BEST_OF_STATISTICS = {
    MOST_WINS: pgettext_lazy("prize title", "Most wins"),
    HIGHEST_HAND: pgettext_lazy("prize title", "Highest hand"),
}
PLACE_OF_STATISTICS = {
    MOST_WINS: pgettext_lazy(
        "prize title: e.g. 2nd place for the most wins", "%(ordinal)s place for the most wins"
    ),
    HIGHEST_HAND: pgettext_lazy(
        "prize title: e.g. 2nd place for the highest hand", "%(ordinal)s place for the highest hand"
    ),
}
PLACE_OF_STANDINGS = pgettext_lazy(
    "prize title: a place of the standings, e.g. 4th place", "%(ordinal)s place"
)
BEST_OF_GROUPS = {
    TEAM: pgettext_lazy("prize title", "Best team"),
    COUNTRY: pgettext_lazy("prize title", "Best country"),
    CLUB: pgettext_lazy("prize title", "Best club"),
}
PLACE_OF_GROUPS = {
    TEAM: pgettext_lazy(
        "prize title: e.g. 2nd place in the team ranking", "%(ordinal)s place in the team ranking"
    ),
    COUNTRY: pgettext_lazy(
        "prize title: e.g. 2nd place in the country ranking", "%(ordinal)s place in the country ranking"
    ),
    CLUB: pgettext_lazy(
        "prize title: e.g. 2nd place in the club ranking", "%(ordinal)s place in the club ranking"
    ),
}
NEWCOMER, LADY, JUNIOR, SENIOR = "newcomer", "lady", "junior", "senior"
BEST_OF_CATEGORY = {
    NEWCOMER: pgettext_lazy("prize title: the first of the newcomers", "Best newcomer"),
    LADY: pgettext_lazy("prize title: the first of the women players", "Best lady"),
    JUNIOR: pgettext_lazy("prize title: the first of the juniors", "Best junior"),
    SENIOR: pgettext_lazy("prize title: the first of the seniors", "Best senior"),
}
# Category names (compared ignoring case) that say what the category is, in the four languages: their first place
# is "Best newcomer", "Beste Spielerin"...
CATEGORY_KINDS = {
    **dict.fromkeys(
        (
            "newcomer", "newcomers", "new", "rookie", "rookies", "beginner", "beginners", "novice", "novices",
            "nieuwkomer", "nieuwkomers", "nieuweling", "nieuwelingen", "neuling", "neulinge", "anfänger",
            "einsteiger", "débutant", "débutants", "debutant", "debutants", "nouveau", "nouveaux",
        ),
        NEWCOMER,
    ),
    **dict.fromkeys(
        (
            "lady", "ladies", "woman", "women", "female", "vrouw", "vrouwen", "dame", "dames", "speelster",
            "speelsters", "damen", "frau", "frauen", "spielerin", "spielerinnen", "femme", "femmes", "joueuse",
            "joueuses",
        ),
        LADY,
    ),
    **dict.fromkeys(("junior", "juniors", "junioren", "youth", "jeugd", "jugend", "jeune", "jeunes"), JUNIOR),
    **dict.fromkeys(("senior", "seniors", "senioren", "veteran", "veterans", "vétéran", "vétérans"), SENIOR),
}  # fmt: skip
FIRST_OF_CATEGORY = pgettext_lazy(
    "prize title: place 1 of a category named by the organiser", "First place in the category %(category)s"
)
PLACE_OF_CATEGORY = pgettext_lazy(
    "prize title: e.g. 2nd place in the category newcomer", "%(ordinal)s place in the category %(category)s"
)


def prize_title(prize) -> str:
    """A prize's title for people: as the organiser typed it, or a named prize's in the active language."""
    if prize.kind == NAMED:
        return place_title(prize.ranking, prize.category, prize.place)
    return prize.title


def place_title(ranking: str, category: str, place: int) -> str:
    """A named prize's title in the active language: "Third place", "4th place", "Best team", "2nd place in the team
    ranking", "Best lady", "First place in the category U25", "2nd place in the category newcomer"."""
    if ranking == OVERALL:
        return str(PLACE_WORDS.get(place) or str(PLACE_OF_STANDINGS) % {"ordinal": place_ordinal(place)})
    if ranking in BEST_OF_STATISTICS:
        if place == 1:
            return str(BEST_OF_STATISTICS[ranking])
        return str(PLACE_OF_STATISTICS[ranking]) % {"ordinal": place_ordinal(place)}
    if ranking in BEST_OF_GROUPS:
        if place == 1:
            return str(BEST_OF_GROUPS[ranking])
        return str(PLACE_OF_GROUPS[ranking]) % {"ordinal": place_ordinal(place)}
    if ranking == CATEGORY:
        kind = CATEGORY_KINDS.get(" ".join(category.split()).casefold())
        if place == 1:
            return str(BEST_OF_CATEGORY[kind]) if kind else str(FIRST_OF_CATEGORY) % {"category": category}
        return str(PLACE_OF_CATEGORY) % {"ordinal": place_ordinal(place), "category": category}
    return prize_place(ranking, category, place)


def statistic_figure(ranking: str, value: int) -> str:
    """What a prize of the statistics was won with: "5 wins", "18,000 points" (the hand's value)."""
    if ranking == MOST_WINS:
        return ngettext("%(count)s win", "%(count)s wins", value) % {"count": whole(value)}
    return ngettext("%(points)s point", "%(points)s points", value) % {"points": whole(value)}


def place_ordinal(place: int) -> str:
    """ "1st", "2nd", "11th", "21st" in English; "1." in German; "1re", "2e" in French; "1e" in Dutch: a place as
    an ordinal number, each ending its own message (the endings differ by language, not only the words)."""
    if place == 1:
        template = pgettext("ordinal of the place 1", "%(number)sst")
    elif place % 100 in (11, 12, 13):
        template = pgettext("ordinal of a place ending in 11, 12 or 13", "%(number)sth")
    elif place % 10 == 1:
        template = pgettext("ordinal of a place ending in 1 (21, 31, not 11)", "%(number)sst")
    elif place % 10 == 2:
        template = pgettext("ordinal of a place ending in 2 (22, 32, not 12)", "%(number)snd")
    elif place % 10 == 3:
        template = pgettext("ordinal of a place ending in 3 (23, 33, not 13)", "%(number)srd")
    else:
        template = pgettext("ordinal of any other place (4th, 10th, 20th)", "%(number)sth")
    return template % {"number": place}
