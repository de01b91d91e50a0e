"""Forms of the organiser's staff page: appoint an existing login, create a new one, make a new link for one."""

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy

from tournament.models import TournamentRole
from tournament.services.staff import NOT_STAFF

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


class LinkForm(forms.Form):
    """The "New link" button of a row: only a login with a role in this tournament. Any other id (unknown, the
    site administrator's, another tournament's staff) gets one answer that names no one."""

    user = forms.ModelChoiceField(
        queryset=None,
        widget=forms.HiddenInput,
        error_messages={"required": NOT_STAFF, "invalid_choice": NOT_STAFF},
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        staff = get_user_model().objects.filter(tournament_roles__tournament=tournament).distinct()
        self.fields["user"].queryset = staff


class CreatorForm(forms.Form):
    """The console's page of who may create tournaments (/organise/creators/): a login name and allow or take away."""

    username = forms.CharField(label=gettext_lazy("Login name"), max_length=USERNAME_MAX)
    allowed = forms.TypedChoiceField(
        choices=[("1", "1"), ("0", "0")],
        coerce=lambda value: value == "1",
        initial="1",
        widget=forms.HiddenInput,
    )
