"""The organiser's seating forms."""

from django import forms
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from scoring.limits import MAX_SEED, MAX_SESSIONS
from scoring.standings import RESERVE, WITHDRAWN
from tournament.display.winds import WIND_NAMES
from tournament.formats.column_names import ANY_LANGUAGE, SEATING_FILE, columns_help, names_in
from tournament.models import Registration, Session
from tournament.readers.spreadsheets import check_upload_size
from tournament.selectors.seating_plan import AVOID_CHOICES

AVOID_LABELS = {
    "club": _("players of the same club"),
    "country": _("players of the same country"),
    "team": _("players of the same team"),
}
# The generator's choices (selectors.seating_plan.AVOID_CHOICES, as generate_seating --avoid), each with its words.
AVOID_FORM_CHOICES = [("", _("nothing (only repeated meetings count)"))] + [
    (value, AVOID_LABELS[value]) for value in AVOID_CHOICES
]


class GenerateForm(forms.Form):
    sessions = forms.IntegerField(
        label=_("Number of sessions"),
        min_value=1,
        max_value=MAX_SESSIONS,
        help_text=_("Sessions that have results are kept as they are; all the others are seated anew."),
    )
    seed = forms.IntegerField(
        label=_("Seed"),
        min_value=0,
        max_value=MAX_SEED,
        initial=0,
        help_text=_("The same seed gives the same seating; another seed gives another seating to compare."),
    )
    avoid = forms.ChoiceField(label=_("Also keep apart"), choices=AVOID_FORM_CHOICES, required=False)

    def clean_avoid(self):
        return self.cleaned_data["avoid"] or None


class SeatChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, seat):
        return _("Table %(table)s, %(wind)s: %(player)s") % {
            "table": seat.table.number,
            "wind": WIND_NAMES[seat.wind],
            "player": seat.registration.player,
        }


class SwapForm(forms.Form):
    """Two seats of one session; their players change places."""

    first = SeatChoiceField(label=_("Player"), queryset=None)
    second = SeatChoiceField(label=_("changes places with"), queryset=None)

    def __init__(self, *args, session: Session, **kwargs):
        super().__init__(*args, **kwargs)
        seats = session.seats.select_related("table", "registration__player").order_by(
            "table__number", "order"
        )
        self.fields["first"].queryset = seats
        self.fields["second"].queryset = seats

    def clean(self):
        data = super().clean()
        if data.get("first") and data.get("first") == data.get("second"):
            raise forms.ValidationError(_("Choose two different players."))
        return data


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Seating file (.csv or .xlsx)"), validators=[check_upload_size])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        language = get_language()
        self.example_headers = names_in(SEATING_FILE, language)
        self.fields["file"].help_text = " ".join(
            (
                gettext(
                    "One row per seat with the columns %(columns)s. Player: the player's key or EMA number. "
                    "Without a wind column the four rows of a table are East, South, West, North in that order."
                )
                % {"columns": columns_help(SEATING_FILE, language)},
                str(ANY_LANGUAGE),
            )
        )


class PublishForm(forms.Form):
    sessions = forms.TypedMultipleChoiceField(coerce=int, choices=())
    published = forms.BooleanField(required=False)

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        numbers = tournament.sessions.values_list("number", flat=True)
        self.fields["sessions"].choices = [(n, n) for n in numbers]


class ReserveForWithdrawnForm(forms.Form):
    """A withdrawn player (by key) and the reserve who takes all their remaining seats. Any reserve of the
    tournament is accepted here (services.substitutes refuses one who is not free, naming the session); the list
    offers only ``free``, the reserves free in every remaining session."""

    player = forms.ModelChoiceField(queryset=None, to_field_name="key", widget=forms.HiddenInput)
    reserve = forms.ModelChoiceField(label=_("Reserve"), queryset=None, to_field_name="key")

    def __init__(self, *args, tournament, free: list[Registration], **kwargs):
        super().__init__(*args, **kwargs)
        registrations = Registration.objects.filter(tournament=tournament).select_related("player")
        self.fields["player"].queryset = registrations.filter(status=WITHDRAWN)
        self.fields["reserve"].queryset = registrations.filter(status=RESERVE)
        self.fields["reserve"].widget.choices = [(reserve.key, str(reserve.player)) for reserve in free]


class StandingsForm(forms.Form):
    avoid = forms.ChoiceField(label=_("Also keep apart"), choices=AVOID_FORM_CHOICES, required=False)

    def clean_avoid(self):
        return self.cleaned_data["avoid"] or None
