"""The referee's forms: a table's result (four raw scores, substitutes, leftover sticks) and penalties.

The table form parses what was typed ('32500', '32,500', '32.500') and asks the rules engine (scoring.table) to
check the table, so a wrong sum, a score off the unit or a missing seat is refused before anything is saved,
with the seat named next to its field.
"""

from django import forms
from django.core.validators import RegexValidator
from django.forms.fields import InvalidJSONInput
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.errors import ScoringError
from scoring.hands.log import parse_log
from scoring.hands.value import ROUNDED_FU, hand_value
from scoring.limits import (
    MAX_HAND_LOG_BYTES,
    MAX_HAND_LOG_DEPTH,
    MAX_LEFTOVER_STICKS,
    MAX_PENALTY_POINTS,
    MAX_RAW_POINTS,
    MAX_SESSION_MINUTES,
)
from scoring.penalties import PENALTY_KINDS
from scoring.ruleset import LEFTOVER_LOST, Ruleset
from scoring.table import FROM_START, MID_SESSION, NOT_SUBSTITUTED, WINDS, SeatInput, check_table
from tournament.display.numbers import parse_points
from tournament.display.seats import seat_holder
from tournament.display.winds import WIND_NAMES
from tournament.errors import DomainError, scoring_message
from tournament.models import Penalty, ResultCheck, Seat
from tournament.models.submission import SUBMISSION_KEY_LENGTH, SUBMISSION_KEY_PATTERN
from tournament.readers.archive_json import ArchiveError, load_small_json
from tournament.services.results import SeatScore

SUBSTITUTE_CHOICES = [
    (NOT_SUBSTITUTED, gettext_lazy("no substitute")),
    (FROM_START, gettext_lazy("substitute from the start")),
    (MID_SESSION, gettext_lazy("substitute during the session")),
]
FU_CHOICES = [("", "–")] + [(str(fu), str(fu)) for fu in ROUNDED_FU]
GIVE_FAN = gettext_lazy("Give the fan, or tick yakuman.")
# scoring.hands.value's refusals about the minipoints (shown at the minipoints' field)
_FU_REFUSALS = frozenset({"missing_fu", "bad_fu", "impossible_fu_20", "impossible_fu_25"})


def check_win(form, rules: Ruleset, *, fan: str, fu: str, yakuman: bool, tsumo: bool) -> None:
    """One win's fan, minipoints and yakuman as the rules value them (scoring.hands.value.hand_value), each
    refusal added at the field it is about: ``fan`` and ``fu`` name the form's fields (the score sheet's seat, the
    calculator). A field already refused (not a number) is left as it is."""
    if fan in form.errors or fu in form.errors:
        return
    given = form.cleaned_data.get(fan)
    if not yakuman and not given:
        form.add_error(fan, GIVE_FAN)
        return
    minipoints = form.cleaned_data.get(fu)
    try:
        hand_value(
            rules,
            fan=0 if yakuman else given,
            fu=int(minipoints) if minipoints and not yakuman else None,
            yakuman=1 if yakuman else 0,
            tsumo=tsumo,
        )
    except ScoringError as error:
        form.add_error(fu if error.code in _FU_REFUSALS else fan, scoring_message(error))


TABLE_FORM_DAMAGED = gettext_lazy("This form is damaged: open the table again.")


def damaged_messages(damaged: str) -> dict:
    """Every error of a hidden field says the same thing: the form is damaged, and what to open again."""
    return dict.fromkeys(
        ("required", "invalid", "invalid_choice", "min_value", "max_value", "max_length"), damaged
    )


def submission_key_field(damaged: str) -> forms.CharField:
    """The hidden key that makes a re-post return what the first post created; ``damaged`` says what to reopen."""
    return forms.CharField(
        max_length=SUBMISSION_KEY_LENGTH,
        widget=forms.HiddenInput,
        validators=[RegexValidator(SUBMISSION_KEY_PATTERN, damaged)],
        error_messages=damaged_messages(damaged),
    )


class ShownErrors:
    """Every error of a form is shown: the form's own and its hidden fields' at the top (nothing the person can
    change in a field: ``top_errors``), the others next to their field, which points to its message
    (``aria-describedby="<id>-error"``)."""

    def full_clean(self):
        super().full_clean()
        for name in self.errors:
            if name in self.fields and not self.fields[name].widget.is_hidden:
                self.fields[name].widget.attrs["aria-describedby"] = f"{self[name].auto_id}-error"

    def top_errors(self) -> list[str]:
        errors = list(self.non_field_errors())
        for field in self.hidden_fields():
            errors += [error for error in field.errors if error not in errors]
        return errors

    def damaged(self) -> bool:
        """A hidden field was refused: the page sent something it never gave out (400 even for a check)."""
        return any(field.errors for field in self.hidden_fields())


class HandLogField(forms.JSONField):
    """The hand log the digital score sheet hands to the table form (hidden): at most MAX_HAND_LOG_BYTES and
    MAX_HAND_LOG_DEPTH levels, both checked before it is parsed, and read strictly (no 5,000-digit numbers, no
    key twice: tournament.readers.archive_json), then read as a hand log (scoring.hands.parse_log: the shape, at most
    MAX_HANDS hands). Whether the hands give the raw points is the service's check when the result is saved."""

    def to_python(self, value):
        if self.disabled or not isinstance(value, str) or value in self.empty_values:
            return super().to_python(value)
        if len(value.encode("utf-8", "surrogatepass")) > MAX_HAND_LOG_BYTES:
            raise forms.ValidationError(
                _("The hand log (hands) is larger than %(limit)s KB; no game has one so long.")
                % {"limit": MAX_HAND_LOG_BYTES // 1024},
                code="hands_too_big",
            )
        try:
            return load_small_json(value, max_depth=MAX_HAND_LOG_DEPTH)
        except ArchiveError as error:
            raise forms.ValidationError(
                _("The hand log (hands) is damaged at %(where)s: %(reason)s. Open the score sheet again.")
                % {"where": error.path, "reason": error.reason},
                code="hands_damaged",
            ) from None

    def validate(self, value):
        super().validate(value)
        if value in self.empty_values:
            return
        try:
            parse_log(value)
        except ScoringError as error:
            raise forms.ValidationError(
                _("The hand log (hands) cannot be read: %(reason)s. Open the score sheet again.")
                % {"reason": scoring_message(error)},
                code="hands_damaged",
            ) from None

    def bound_data(self, data, initial):
        """The posted log to show again; one that cannot be read is shown empty (never parsed unbounded)."""
        if self.disabled:
            return initial
        try:
            return self.to_python(data)
        except forms.ValidationError:
            return InvalidJSONInput("")


def seat_label(seat: Seat) -> str:
    """'East, Jürgen Müller', 'South, Jan Jansen (for Anna de Vries)': the accessible name of a seat's inputs and
    its choice in the penalty form (who plays the seat, tournament.display.seats)."""
    return f"{WIND_NAMES[seat.wind]}, {seat_holder(seat).name}"


class TableResultForm(ShownErrors, forms.Form):
    """Fields per wind: ``E-raw``, ``E-negative``, ``E-substitute``, ``E-substitute_name``; and the version the
    form showed, a submission key, and the leftover sticks when the ruleset loses them."""

    expected_version = forms.IntegerField(
        min_value=0,
        max_value=100_000,
        widget=forms.HiddenInput,
        error_messages=damaged_messages(TABLE_FORM_DAMAGED),
    )
    submission_key = submission_key_field(TABLE_FORM_DAMAGED)
    hands = HandLogField(required=False, widget=forms.HiddenInput)  # from the digital score sheet

    def __init__(self, *args, seats: list[Seat], rules: Ruleset, where: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats, self.rules, self.where = seats, rules, where
        for seat in seats:
            self._add_seat_fields(seat)
        if rules.leftover_riichi == LEFTOVER_LOST:
            self.fields["leftover_sticks"] = forms.IntegerField(
                label=_("Riichi sticks left on the table"),
                min_value=0,
                max_value=MAX_LEFTOVER_STICKS,
                initial=0,
                required=False,
            )

    def _add_seat_fields(self, seat: Seat) -> None:
        label = seat_label(seat)
        w = seat.wind
        self.fields[f"{w}-raw"] = forms.CharField(
            label=label,
            max_length=20,
            required=False,
            widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "class": "raw"}),
        )
        self.fields[f"{w}-negative"] = forms.BooleanField(
            label=_("minus (%(seat)s)") % {"seat": label}, required=False
        )
        self.fields[f"{w}-substitute"] = forms.ChoiceField(
            label=_("Substitute (%(seat)s)") % {"seat": label},
            choices=SUBSTITUTE_CHOICES,
            required=False,
            error_messages={
                "invalid_choice": _("%(seat)s: choose who played this seat from the list.")
                % {"seat": WIND_NAMES[w]}
            },
        )
        self.fields[f"{w}-substitute_name"] = forms.CharField(
            label=_("Substitute's name (%(seat)s)") % {"seat": label}, max_length=200, required=False
        )

    def seat_rows(self) -> list[dict]:
        """The bound fields of each seat, in seat order, for the template."""
        return [
            {
                "seat": seat,
                "raw": self[f"{seat.wind}-raw"],
                "negative": self[f"{seat.wind}-negative"],
                "substitute": self[f"{seat.wind}-substitute"],
                "substitute_name": self[f"{seat.wind}-substitute_name"],
            }
            for seat in self.seats
        ]

    def holds_hands(self) -> bool:
        """Whether the form carries the digital score sheet's hand log (its hidden field shows "null" when not)."""
        field = self["hands"]
        value = field.field.bound_data(field.data, field.initial) if self.is_bound else field.initial
        return bool(value)

    def shown(self, name: str):
        """What the form shows in field ``name``: the posted value, or before any post its initial value (the
        current version, or the raw points the digital score sheet filled in)."""
        return self.data.get(name) if self.is_bound else self.initial.get(name)

    def typed_scores(self) -> dict[str, int]:
        """The raw scores that could be read so far (for the running sum), by wind; nothing is refused here."""
        typed = {}
        for seat in self.seats:
            value = str(self.shown(f"{seat.wind}-raw") or "").strip()
            try:
                raw = parse_points(value)
            except ValueError:
                continue
            negative = self.shown(f"{seat.wind}-negative") in (True, "on", "true", "1")
            typed[seat.wind] = -abs(raw) if negative else raw
        return typed

    def clean(self):
        cleaned = super().clean()
        scores = [score for seat in self.seats if (score := self._clean_seat(seat, cleaned)) is not None]
        if len(scores) == 4 and not self.errors:
            self._check_table(scores, cleaned.get("leftover_sticks") or 0)
        cleaned["scores"] = scores
        return cleaned

    def _clean_seat(self, seat: Seat, cleaned: dict) -> SeatScore | None:
        w = seat.wind
        text = (cleaned.get(f"{w}-raw") or "").strip()
        if not text:
            self.add_error(f"{w}-raw", _("%(seat)s: enter the raw points.") % {"seat": WIND_NAMES[w]})
            return None
        try:
            raw = parse_points(text)
        except ValueError:
            self.add_error(
                f"{w}-raw",
                _("%(seat)s: %(text)s is not a number of points (for example 32500 or 32,500).")
                % {"seat": WIND_NAMES[w], "text": text},
            )
            return None
        if abs(raw) > MAX_RAW_POINTS:
            self.add_error(
                f"{w}-raw",
                _("%(seat)s: %(text)s points is too many.") % {"seat": WIND_NAMES[w], "text": text},
            )
            return None
        raw = -abs(raw) if cleaned.get(f"{w}-negative") else raw
        substitute = cleaned.get(f"{w}-substitute") or NOT_SUBSTITUTED
        name = (cleaned.get(f"{w}-substitute_name") or "").strip()
        if substitute and not name:
            self.add_error(
                f"{w}-substitute_name", _("%(seat)s: give the substitute's name.") % {"seat": WIND_NAMES[w]}
            )
        return SeatScore(w, raw, substitute, name if substitute else "")

    def _check_table(self, scores: list[SeatScore], sticks: int) -> None:
        by_wind = {seat.wind: seat for seat in self.seats}
        inputs = [SeatInput(s.wind, by_wind[s.wind].registration_id, s.raw, s.substitute) for s in scores]
        try:
            check_table(self.rules, inputs, leftover_sticks=sticks, where=self.where)
        except ScoringError as error:
            message = DomainError.from_scoring(error).message
            wind = error.params.get("wind")
            self.add_error(f"{wind}-raw" if wind in WINDS else None, message)


class PenaltyForm(ShownErrors, forms.Form):
    """One penalty for one of the table's players (3.4.6, 5.5-5.7)."""

    seat = forms.ChoiceField(label=gettext_lazy("Player"))
    kind = forms.ChoiceField(label=gettext_lazy("Penalty"), choices=Penalty.KIND_CHOICES)
    minutes = forms.IntegerField(
        label=gettext_lazy("Minutes late"), min_value=1, max_value=MAX_SESSION_MINUTES, required=False
    )
    points = forms.IntegerField(
        label=gettext_lazy("Points"), min_value=0, max_value=MAX_PENALTY_POINTS, required=False
    )
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=300, required=False)
    submission_key = submission_key_field(TABLE_FORM_DAMAGED)

    def __init__(self, *args, seats: list[Seat], **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = {seat.wind: seat for seat in seats}
        self.fields["seat"].choices = [(seat.wind, seat_label(seat)) for seat in seats]
        self.fields["minutes"].widget.attrs["inputmode"] = "numeric"
        self.fields["points"].widget.attrs["inputmode"] = "numeric"

    def clean_kind(self):
        kind = self.cleaned_data["kind"]
        if kind not in PENALTY_KINDS:
            raise forms.ValidationError(_("Unknown penalty."))
        return kind


class CancelPenaltyForm(forms.Form):
    penalty = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(label=gettext_lazy("Why is it cancelled?"), max_length=300)


class CheckForm(forms.Form):
    """The second check: confirm the version shown, or dispute it with a reason."""

    version = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    verdict = forms.ChoiceField(choices=ResultCheck.VERDICT_CHOICES)
    reason = forms.CharField(label=gettext_lazy("What is wrong?"), max_length=300, required=False)
    submission_key = submission_key_field(TABLE_FORM_DAMAGED)
