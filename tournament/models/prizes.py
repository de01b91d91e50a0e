"""The prizes an organiser hands out: each names a ranking (the standings, a side ranking, or a statistic of the
score sheets: the most wins, the highest hand) and a place in it (docs/organisers.md, "Prizes and
certificates"). A prize's title is either typed by the organiser (``TYPED``: printed as typed) or the prize is
stored as what it is (``NAMED``: a place of a ranking, with no title) and named where it is shown, in the reader's
language, from its ranking, category and place (tournament.display.prizes.prize_title)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.limits import MAX_CATEGORY_LENGTH
from scoring.side_rankings import CLUB, COUNTRY, TEAM
from tournament.models.tournaments import Tournament

OVERALL, CATEGORY = "overall", "category"
# Prizes from the statistics of the digital score sheets (scoring.statistics): the most wins, the highest hand.
MOST_WINS, HIGHEST_HAND = "most_wins", "highest_hand"
STATISTICS_RANKINGS = (MOST_WINS, HIGHEST_HAND)
PRIZE_RANKINGS = [
    (OVERALL, _("standings")),
    (TEAM, _("team")),
    (COUNTRY, _("country")),
    (CLUB, _("club")),
    (CATEGORY, _("category")),
    (MOST_WINS, _("most wins")),
    (HIGHEST_HAND, _("highest hand")),
]

TYPED, NAMED = "", "place"
PRIZE_KINDS = [
    (TYPED, _("title as typed")),
    (NAMED, _("named after its place")),
]


class Prize(models.Model):
    """'Best newcomer' is place 1 of the category 'newcomer'; 'Third place' is place 3 of the standings. A named
    prize (``kind`` NAMED) has an empty title: its name is made in the reader's language."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="prizes"
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    kind = models.CharField(_("kind of title"), max_length=10, choices=PRIZE_KINDS, default=TYPED, blank=True)
    title = models.CharField(_("prize"), max_length=100, blank=True)
    ranking = models.CharField(_("ranking"), max_length=20, choices=PRIZE_RANKINGS, default=OVERALL)
    category = models.CharField(_("category"), max_length=MAX_CATEGORY_LENGTH, blank=True)
    place = models.PositiveSmallIntegerField(_("place"), default=1)

    class Meta:
        ordering = ["order", "id"]
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")

    def __str__(self) -> str:
        return self.title or f"{self.ranking} {self.category} {self.place}".replace("  ", " ")
