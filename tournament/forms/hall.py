"""The organiser's clock and hall display forms. They only read the input; the services decide."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.clock import MAX_EXTRA_MINUTES
from scoring.limits import MAX_SESSION_MINUTES
from tournament.models import HallDisplay
from tournament.services.hall_display import PAGE_SECONDS


class StartForm(forms.Form):
    minutes = forms.IntegerField(
        label=_("Length of the session (minutes)"), min_value=1, max_value=MAX_SESSION_MINUTES
    )


class ExtraTimeForm(forms.Form):
    minutes = forms.IntegerField(
        label=_("Extra minutes"),
        min_value=-MAX_EXTRA_MINUTES,
        max_value=MAX_EXTRA_MINUTES,
        help_text=_("A minus sign takes minutes back (-2 after a mistaken +2)."),
    )
    table = forms.TypedChoiceField(label=_("For"), coerce=int, empty_value=None, required=False)

    def __init__(self, *args, tables=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["table"].choices = [("", _("the whole hall"))] + [
            (number, _("table %(number)s") % {"number": number}) for number in tables
        ]


class HallDisplayForm(forms.Form):
    pages = forms.MultipleChoiceField(
        label=_("Show"), choices=HallDisplay.PAGE_CHOICES, widget=forms.CheckboxSelectMultiple, required=False
    )
    page_seconds = forms.IntegerField(
        label=_("Seconds per page"), min_value=PAGE_SECONDS[0], max_value=PAGE_SECONDS[1]
    )
    clock_alone = forms.BooleanField(label=_("Only the clock while a session runs"), required=False)
