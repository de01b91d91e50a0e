"""Forms of the organiser's players pages: one player, a player list to upload, a change of status, the team or a
category of the players chosen on the list."""

from django import forms
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from scoring.errors import ScoringError
from scoring.limits import MAX_CATEGORY_LENGTH
from scoring.side_rankings import split_categories
from scoring.standings import ACTIVE, DISQUALIFIED, RESERVE, WITHDRAWN
from tournament.errors import DomainError, scoring_message
from tournament.formats.column_names import ANY_LANGUAGE, PLAYER_LIST, RESULTS_FILE, columns_help, names_in
from tournament.forms.tournament import ema_country
from tournament.models import Player, Registration
from tournament.readers.player_list import status_names
from tournament.readers.spreadsheets import check_upload_size

# The services' refusal codes and the field each one is about.
ERROR_FIELDS = {
    "name_missing": "last_name",
    "bad_ema_id": "ema_id",
    "already_registered": "ema_id",
    "ema_id_taken": "ema_id",
    "bad_country": "country",
    "too_long": "club",
    "category_empty": "categories",
    "category_too_long": "categories",
    "too_many_categories": "categories",
    "bad_categories": "categories",
}
CATEGORIES_HELP = gettext_lazy(
    "Separated by ;, e.g. newcomer; ladies (each at most %(limit)s characters). The rankings by category are "
    "chosen on the settings page."
)


def _max(model, field: str) -> int:
    return model._meta.get_field(field).max_length


class PlayerForm(forms.Form):
    first_name = forms.CharField(
        label=gettext_lazy("First name"), max_length=_max(Player, "first_name"), required=False
    )
    last_name = forms.CharField(
        label=gettext_lazy("Last name"), max_length=_max(Player, "last_name"), required=False
    )
    ema_id = forms.CharField(
        label=gettext_lazy("EMA number"),
        max_length=8,
        required=False,
        help_text=gettext_lazy("Eight digits; empty if the player has none."),
    )
    country = forms.CharField(
        label=gettext_lazy("Country"),
        max_length=3,
        required=False,
        help_text=gettext_lazy("The EMA's three-letter code, e.g. NED, GER, DEN."),
    )
    club = forms.CharField(label=gettext_lazy("Club"), max_length=_max(Registration, "club"), required=False)
    team = forms.CharField(
        label=gettext_lazy("Team"),
        max_length=_max(Registration, "team"),
        required=False,
        help_text=gettext_lazy("For the team ranking; empty if the player plays in no team."),
    )
    categories = forms.CharField(label=gettext_lazy("Categories"), required=False)
    status = forms.ChoiceField(
        label=gettext_lazy("Plays as"),
        choices=[
            (ACTIVE, gettext_lazy("a player (seated and ranked)")),
            (RESERVE, gettext_lazy("a reserve (not seated, not ranked; ready to take a seat, 5.8)")),
        ],
        initial=ACTIVE,
        required=False,
        widget=forms.RadioSelect,
    )
    confirm_rename = forms.BooleanField(
        label=gettext_lazy("Change this person's name and country in the other tournaments too"),
        required=False,
        widget=forms.HiddenInput,
    )

    def __init__(self, *args, categories_in_use=(), **kwargs):
        super().__init__(*args, **kwargs)
        help_text = str(CATEGORIES_HELP) % {"limit": MAX_CATEGORY_LENGTH}
        if categories_in_use:
            help_text += " " + _("In use: %(names)s.") % {"names": "; ".join(categories_in_use)}
        self.fields["categories"].help_text = help_text

    def clean_country(self):
        return ema_country(self.cleaned_data["country"])

    def clean_team(self):
        return " ".join(self.cleaned_data["team"].split())

    def clean_categories(self):
        return categories_typed(self.cleaned_data["categories"])

    def clean_ema_id(self):
        return self.cleaned_data["ema_id"].strip() or None

    def clean_status(self):
        return self.cleaned_data["status"] or ACTIVE

    def clean(self):
        data = super().clean()
        if not data.get("first_name", "").strip() and not data.get("last_name", "").strip():
            self.add_error("last_name", _("A player needs a name."))
        return data

    def show_refusal(self, error: DomainError) -> None:
        if error.code == "person_differs":  # services.people: a shared person is renamed only when confirmed
            self.fields["confirm_rename"].widget = forms.CheckboxInput()
            self.add_error("confirm_rename", error.message)
            return
        field = ERROR_FIELDS.get(error.code)
        self.add_error(field if field in self.fields else None, error.message)


class EditPlayerForm(PlayerForm):
    """The confirmation is offered when the person plays in other tournaments too (services.registrations)."""

    confirm_rename = None
    status = None  # changed on the status page, which says what it does to the standings
    confirm_shared = forms.BooleanField(
        label=gettext_lazy("Change the person in the other tournaments too"), required=False
    )

    def __init__(self, *args, shared: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if not shared:
            self.fields["confirm_shared"].widget = forms.HiddenInput()

    def show_refusal(self, error: DomainError) -> None:
        if error.code == "shared_person":
            self.add_error("confirm_shared", error.message)
        else:
            super().show_refusal(error)


def categories_typed(text: str) -> list[str]:
    """Categories as typed, separated by ';' (scoring.side_rankings.split_categories)."""
    try:
        return split_categories(text)
    except ScoringError as error:
        raise forms.ValidationError(scoring_message(error)) from error


def player_initial(registration: Registration) -> dict:
    person = registration.player
    return {
        "first_name": person.first_name,
        "last_name": person.last_name,
        "ema_id": person.ema_id or "",
        "country": person.country,
        "club": registration.club,
        "team": registration.team,
        "categories": "; ".join(registration.categories),
    }


class PlayerFileForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Player list (.csv or .xlsx)"),
        validators=[check_upload_size],  # the limit of every list (tournament.readers.spreadsheets)
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        language = get_language()
        self.example_headers = names_in(PLAYER_LIST, language, PLAYER_EXAMPLE)
        self.fields["file"].help_text = " ".join(
            (
                _(
                    "One row per player with the columns %(columns)s; only a name is required. Status: %(one)s "
                    "or %(other)s (empty is active); categories separated by ;, e.g. newcomer; ladies."
                )
                % {"columns": columns_help(PLAYER_LIST, language), **status_names(language)},
                str(ANY_LANGUAGE),
            )
        )


PLAYER_EXAMPLE = ("first_name", "last_name", "ema_id", "country", "club")


STATUS_ACTIONS = {
    WITHDRAWN: gettext_lazy("Remove from the results (withdrawn)"),
    DISQUALIFIED: gettext_lazy("Disqualify (ranked last)"),
    ACTIVE: gettext_lazy("Make active again"),
    RESERVE: gettext_lazy("Make a reserve (not seated, not ranked)"),
}


class StatusForm(forms.Form):
    status = forms.ChoiceField(choices=list(STATUS_ACTIONS.items()), widget=forms.HiddenInput)
    reason = forms.CharField(
        label=gettext_lazy("Reason (for the log)"),
        max_length=300,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": gettext_lazy("e.g. ill, left after session 3")}),
    )


TEAM, ADD_CATEGORY, REMOVE_CATEGORY = "team", "add_category", "remove_category"


class ChosenPlayersForm(forms.Form):
    """The players list's action: the chosen players (the list's checkboxes, ``keys``) put in a team, or given a
    category or have it taken away. The keys are checked by the service (services.registrations)."""

    action = forms.ChoiceField(
        label=gettext_lazy("With the chosen players"),
        choices=[
            (TEAM, gettext_lazy("put them in the team")),
            (ADD_CATEGORY, gettext_lazy("add the category")),
            (REMOVE_CATEGORY, gettext_lazy("remove the category")),
        ],
    )
    value = forms.CharField(
        label=gettext_lazy("Team or category"),
        max_length=_max(Registration, "team"),
        required=False,
        help_text=gettext_lazy("An empty team takes the chosen players out of their team."),
    )

    def keys(self) -> list[str]:
        """The keys of the ticked checkboxes (``keys``), as posted."""
        return self.data.getlist("keys") if hasattr(self.data, "getlist") else []


class ResultsFileForm(forms.Form):
    """The paper fallback's results file (tournament.readers.results_file) and whether it may correct results."""

    file = forms.FileField(
        label=gettext_lazy("Results file (.csv or .xlsx)"),
        validators=[check_upload_size],
    )
    correct = forms.BooleanField(
        label=gettext_lazy("Correct tables that have a different result already (a new version of each)"),
        required=False,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        language = get_language()
        self.example_headers = names_in(RESULTS_FILE, language)
        self.fields["file"].help_text = " ".join(
            (
                _(
                    "One row per seat with the columns %(columns)s (the last one optional: a count). Player: "
                    "the player's key or EMA number."
                )
                % {"columns": columns_help(RESULTS_FILE, language)},
                str(ANY_LANGUAGE),
            )
        )
