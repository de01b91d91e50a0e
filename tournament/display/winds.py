"""How a seat wind is shown to people. It is stored as E, S, W or N (``scoring.table.WINDS``) everywhere."""

from django.utils.translation import gettext_lazy, pgettext_lazy

WIND_NAMES = {
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
    "N": gettext_lazy("North"),
}
# one letter on seating cards, lists and score sheets: O Z W N in Dutch (Oost, Zuid, West, Noord)
WIND_LETTERS = {
    "E": pgettext_lazy("seat wind, one letter", "E"),
    "S": pgettext_lazy("seat wind, one letter", "S"),
    "W": pgettext_lazy("seat wind, one letter", "W"),
    "N": pgettext_lazy("seat wind, one letter", "N"),
}
WIND_KANJI = {"E": "東", "S": "南", "W": "西", "N": "北"}  # the same in every language, as on the tiles
