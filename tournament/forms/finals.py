"""The organiser's finals page's form (docs/organisers.md, "Finals and cuts"): the cut after session N, read from
the query for the preview and from the post for the cut itself (the same fields, the same checks)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.limits import MAX_FINAL_SESSIONS, MAX_PLAYERS, MAX_SESSIONS
from tournament.models.finals import CARRY_CHOICES


class CutForm(forms.Form):
    after_session = forms.IntegerField(
        label=_("After session"),
        min_value=1,
        max_value=MAX_SESSIONS,
        help_text=_("The last regular session: the last one with results."),
    )
    top = forms.IntegerField(
        label=_("Players in the final"),
        min_value=4,
        max_value=MAX_PLAYERS,
        step_size=4,
        help_text=_("The top X of the standings: 4, 8, 16... (a multiple of 4)."),
    )
    carry = forms.ChoiceField(
        label=_("Their scores"),
        choices=CARRY_CHOICES,
        help_text=_("Halved: to the nearest point, a half point away from zero, as the rules round the uma."),
    )
    sessions = forms.IntegerField(
        label=_("Final sessions"), min_value=1, max_value=MAX_FINAL_SESSIONS, initial=1
    )
    consolation = forms.BooleanField(label=_("The rest play on in a consolation group"), required=False)

    def arguments(self, decided=()) -> dict:
        data = self.cleaned_data
        return {
            "after_session": data["after_session"],
            "top": data["top"],
            "carry": data["carry"],
            "sessions": data["sessions"],
            "consolation": data["consolation"],
            "decided": tuple(decided),
        }
