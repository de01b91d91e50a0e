"""The organiser's clock and hall display forms. They only read the input; the services decide."""

from django import forms
from django.conf import settings
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scoring.limits import ANNOUNCEMENT_LENGTH, MAX_EXTRA_MINUTES, MAX_SESSION_MINUTES
from tournament.forms.dates import typed_datetime
from tournament.forms.tournament import DATETIME
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


class AnnouncementForm(forms.Form):
    """The hall announcement: one text per language the site offers (settings.LANGUAGES; the service keeps those
    that are filled in) and the end time, in the hall's time zone."""

    ends_at = typed_datetime(
        forms.DateTimeField(
            label=_("Shown until"), widget=DATETIME, help_text=_("Date and time in the hall.")
        )
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        texts = {
            text_field(code): forms.CharField(
                label=format_lazy("{} ({})", _("Announcement"), name),
                max_length=ANNOUNCEMENT_LENGTH,
                required=False,
                widget=forms.Textarea(attrs={"rows": 2}),
            )
            for code, name in settings.LANGUAGES
        }
        self.fields = {**texts, "ends_at": self.fields["ends_at"]}

    def texts(self) -> dict[str, str]:
        return {code: self.cleaned_data[text_field(code)] for code, _name in settings.LANGUAGES}


def text_field(code: str) -> str:
    return f"text_{code}"
