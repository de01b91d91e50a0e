"""Forms of the organiser's staff page: appoint an existing login, create a new one."""

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy

from tournament.models import TournamentRole

ROLE = forms.ChoiceField(label=gettext_lazy("Role"), choices=TournamentRole.ROLE_CHOICES, initial="referee")
USERNAME_MAX = get_user_model()._meta.get_field("username").max_length


class AppointForm(forms.Form):
    """Its ids differ from NewLoginForm's (both are on one page): each label finds its own field."""

    username = forms.CharField(label=gettext_lazy("Login name"), max_length=USERNAME_MAX)
    role = ROLE

    def __init__(self, *args, **kwargs):
        super().__init__(*args, auto_id="id_appoint_%s", **kwargs)


class NewLoginForm(forms.Form):
    username = forms.CharField(
        label=gettext_lazy("Login name"),
        max_length=USERNAME_MAX,
        help_text=gettext_lazy("Letters, digits and @ . + - _ only, e.g. rita or rita.jansen."),
    )
    first_name = forms.CharField(label=gettext_lazy("First name"), max_length=150, required=False)
    last_name = forms.CharField(label=gettext_lazy("Last name"), max_length=150, required=False)
    role = ROLE

    def __init__(self, *args, **kwargs):
        super().__init__(*args, auto_id="id_new_%s", **kwargs)
