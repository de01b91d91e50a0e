"""Forms of the organiser's series pages (views/organise/series.py): a new series, a tournament to add. The
service (services.series) decides what is refused."""

from django import forms
from django.utils.translation import gettext_lazy

from scoring.limits import MAX_SERIES_BEST
from tournament.models.series import RULE_LABELS


class NewSeriesForm(forms.Form):
    slug = forms.SlugField(
        label=gettext_lazy("Short address"),
        max_length=60,
        help_text=gettext_lazy(
            "Lowercase letters, digits and hyphens, e.g. league-2026: the page is /series/league-2026/."
        ),
    )
    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    rule = forms.ChoiceField(label=gettext_lazy("Ranking rule"), choices=list(RULE_LABELS.items()))
    best = forms.IntegerField(
        label=gettext_lazy("Best tournaments counted"),
        required=False,
        min_value=1,
        max_value=MAX_SERIES_BEST,
        help_text=gettext_lazy("Sum or average of the best totals only: how many count."),
    )
    minimum = forms.IntegerField(
        label=gettext_lazy("Tournaments needed to be ranked"),
        required=False,
        min_value=1,
        max_value=MAX_SERIES_BEST,
        help_text=gettext_lazy("Sum or average of the best totals only (the EMA rule needs 2)."),
    )
    is_public = forms.BooleanField(label=gettext_lazy("Public page"), required=False, initial=True)


class AddTournamentForm(forms.Form):
    tournament = forms.ChoiceField(label=gettext_lazy("Tournament"))

    def __init__(self, *args, choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournament"].choices = choices
