"""A series: a named set of tournaments ranked together by one rule (docs/organisers.md, "Series"; the rules are
scoring/series.py's and scoring/mers.py's). Written only by tournament/services/series.py."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.limits import MAX_SERIES_BEST
from scoring.series import AVERAGE_BEST, MERS, SUM_BEST
from tournament.models.tournaments import Tournament

RULE_LABELS = {
    MERS: _("EMA ranking (MERS)"),
    SUM_BEST: _("sum of the best totals"),
    AVERAGE_BEST: _("average of the best totals"),
}
BEST_RANGE = [MinValueValidator(1), MaxValueValidator(MAX_SERIES_BEST)]


class Series(models.Model):
    slug = models.SlugField(_("short address"), max_length=60, unique=True)
    name = models.CharField(_("name"), max_length=200)
    rule = models.CharField(_("ranking rule"), max_length=20, choices=list(RULE_LABELS.items()))
    best = models.PositiveSmallIntegerField(
        _("best tournaments counted"), null=True, blank=True, validators=BEST_RANGE
    )
    minimum = models.PositiveSmallIntegerField(
        _("tournaments needed to be ranked"), null=True, blank=True, validators=BEST_RANGE
    )
    is_public = models.BooleanField(_("public page on"), default=True)
    tournaments = models.ManyToManyField(
        Tournament, verbose_name=_("tournaments"), related_name="series", blank=True
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("series")
        verbose_name_plural = _("series")

    def __str__(self) -> str:
        return self.name
