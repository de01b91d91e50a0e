"""Forms of the organiser's tournament pages: details, rules, sessions, the side rankings (new tournament and
settings)."""

import re
from datetime import UTC, datetime

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring.ema_countries import ISO_MISTAKES
from scoring.errors import ScoringError
from scoring.limits import FIRST_YEAR, LAST_YEAR, MAX_GROUP_BEST, MAX_SESSION_MINUTES, MAX_SESSIONS
from scoring.ruleset import LEFTOVER_LOST, LEFTOVER_WINNER, OVERRIDE_RANGES, check_new_ruleset
from scoring.side_rankings import CLUB, COUNTRY, TEAM, TIE_BREAKS
from tournament.display.prizes import TIE_BREAK_LABELS
from tournament.errors import DomainError, scoring_message
from tournament.forms.dates import example_datetime, parse_datetime_typed, typed_date, typed_datetime
from tournament.models import Tournament
from tournament.models.tournaments import RULESET_CHOICES
from tournament.models.validators import in_years, tournament_year
from tournament.services.schedule import hall_start

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
DATETIME = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
DETAILS = (
    "name",
    "short_name",
    "city",
    "country",
    "start_date",
    "end_date",
    "session_minutes",
    "signal_minutes",
    "qualification",
    "self_check_in",
    "language",
)


def ema_country(value: str) -> str:
    """The EMA's country code in capitals; an ISO code people type by mistake (NLD, DEU) is refused with the
    code to use."""
    code = value.strip().upper()
    if code in ISO_MISTAKES:
        raise forms.ValidationError(
            _("%(code)s is the ISO code; the EMA code is %(ema)s.")
            % {"code": code, "ema": ISO_MISTAKES[code]}
        )
    return code


class DetailsForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = DETAILS
        widgets = {"start_date": DATE, "end_date": DATE}
        help_texts = {
            "country": gettext_lazy("The EMA's three-letter code, e.g. NED, GER, DEN."),
            "signal_minutes": gettext_lazy("The signal sounds this long before the end of a session (5.9)."),
            "qualification": gettext_lazy("For the MERS weight of the EMA results file."),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        typed_date(self.fields["start_date"])
        typed_date(self.fields["end_date"])
        self.fields[
            "language"
        ].required = False  # a post without it (an older form, a script) keeps the language

    def clean_country(self):
        return ema_country(self.cleaned_data["country"])

    def clean_language(self):
        return self.cleaned_data["language"] or self.instance.language

    def clean(self):
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The last day is before the first day."))
        minutes, signal = data.get("session_minutes"), data.get("signal_minutes")
        if minutes is not None and signal is not None and signal >= minutes:
            self.add_error("signal_minutes", _("The signal must sound before the end of the session."))
        return data


class NewTournamentForm(DetailsForm):
    class Meta(DetailsForm.Meta):
        fields = ("name", "short_name", "slug", *DETAILS[2:])
        help_texts = {
            **DetailsForm.Meta.help_texts,
            "slug": gettext_lazy("Part of every address of the tournament, e.g. dutch-open-2026 (set once)."),
        }

    def clean_slug(self):
        slug = self.cleaned_data["slug"]
        if Tournament.objects.filter(slug=slug).exists():
            raise forms.ValidationError(_("A tournament with this short address exists already."))
        return slug


class ResultsCheckForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = ("confirmation_required", "count_unconfirmed")


UMA_PART = re.compile(r"[-+]?[0-9]{1,9}")  # ASCII digits; more than 9 is far beyond any uma (scoring.limits)
UMA_HELP = gettext_lazy("Four whole numbers from 1st to 4th place, e.g. 15000; 5000; -5000; -15000.")
NUMBER_OVERRIDES = (
    ("starting_points", gettext_lazy("Starting points")),
    ("score_unit", gettext_lazy("Scores are multiples of")),
    ("chombo_points", gettext_lazy("Chombo (points after uma)")),
    ("lateness_points_per_minute", gettext_lazy("Lateness: points per minute")),
    ("lateness_max_minutes", gettext_lazy("Lateness: at most minutes, then a substitute")),
    ("substitute_score", gettext_lazy("Substitute's score")),
    ("substitute_uma", gettext_lazy("Substitute's uma")),
)


class RulesForm(forms.Form):
    """A preset and the parameters that differ from it (empty: as the preset); checked by the scoring rules."""

    ruleset = forms.ChoiceField(label=gettext_lazy("Rules"), choices=RULESET_CHOICES)
    uma = forms.CharField(label=gettext_lazy("Uma"), required=False, help_text=UMA_HELP)
    uma_sum_confirmed = forms.BooleanField(
        label=gettext_lazy("This uma does not add up to 0 on purpose: a house rule of this tournament"),
        required=False,
    )
    leftover_riichi = forms.ChoiceField(
        label=gettext_lazy("Riichi sticks left at the end"),
        required=False,
        choices=[
            ("", gettext_lazy("as the preset")),
            (LEFTOVER_WINNER, gettext_lazy("go to the winner")),
            (LEFTOVER_LOST, gettext_lazy("leave the game")),
        ],
    )

    def __init__(self, *args, tournament: Tournament | None = None, **kwargs):
        if tournament is not None and "initial" not in kwargs:
            kwargs["initial"] = initial_rules(tournament)
        super().__init__(*args, **kwargs)
        for name, label in NUMBER_OVERRIDES:
            low, high = OVERRIDE_RANGES[name]
            self.fields[name] = forms.IntegerField(
                label=label, required=False, widget=forms.NumberInput(attrs={"min": low, "max": high})
            )

    def clean_uma(self):
        text = self.cleaned_data["uma"].strip()
        if not text:
            return None
        parts = [
            re.sub(r"[\s._]", "", part) for part in re.split(r"[;,/]|\s+(?=[-+0-9])", text) if part.strip()
        ]
        if len(parts) != 4 or not all(UMA_PART.fullmatch(part) for part in parts):
            raise forms.ValidationError(UMA_HELP)
        uma = [int(part) for part in parts]
        if uma != sorted(uma, reverse=True):
            raise forms.ValidationError(_("The uma must not increase from 1st to 4th place."))
        return uma

    def clean(self):
        """The rules as the scoring builds them (the service checks the same again): each number in its range."""
        data = super().clean()
        if data.get("ruleset") and not self.errors:
            try:
                check_new_ruleset(data["ruleset"], self.overrides())
            except ScoringError as error:
                field = error.params.get("key")
                self.add_error(field if field in self.fields else None, scoring_message(error))
        return data

    def overrides(self) -> dict:
        names = ["uma", "uma_sum_confirmed", "leftover_riichi", *(name for name, _label in NUMBER_OVERRIDES)]
        data = self.cleaned_data
        return {  # an unticked confirmation is no change (0 is a value: not "is False")
            name: data[name]
            for name in names
            if data.get(name) not in (None, "") and data.get(name) is not False
        }

    def show_refusal(self, error: DomainError) -> None:
        """A refusal of the scoring rules, on the field it is about."""
        field = error.params.get("key")
        self.add_error(field if field in self.fields else None, error.message)


def initial_rules(tournament: Tournament) -> dict:
    initial = {"ruleset": tournament.ruleset}
    for name, value in (tournament.ruleset_overrides or {}).items():
        initial[name] = "; ".join(map(str, value)) if name == "uma" and isinstance(value, list) else value
    return initial


class SessionPlanForm(forms.Form):
    """How many sessions a new tournament has and when they start (one start per line, in order)."""

    sessions = forms.IntegerField(
        label=gettext_lazy("Number of sessions"), min_value=1, max_value=MAX_SESSIONS, initial=8
    )
    starts = forms.CharField(
        label=gettext_lazy("Start times"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        example = example_datetime()
        self.fields["starts"].help_text = _(
            "One line per session in order, e.g. %(example)s. Leave empty to fill in later on the settings page."
        ) % {"example": example}
        self.fields["starts"].widget.attrs["placeholder"] = f"{example}\n{example.replace('10:00', '13:00')}"

    def clean(self):
        data = super().clean()
        lines = [line.strip() for line in data.get("starts", "").splitlines() if line.strip()]
        count = data.get("sessions")
        if count is not None and len(lines) > count:
            self.add_error(
                "starts",
                ngettext(
                    "%(lines)s start times for %(count)s session: give one line per session.",
                    "%(lines)s start times for %(count)s sessions: give one line per session.",
                    count,
                )
                % {"lines": len(lines), "count": count},
            )
        data["start_times"] = [self._start(number, line) for number, line in enumerate(lines, start=1)]
        return data

    def _start(self, number: int, line: str) -> datetime | None:
        start = parse_datetime_typed(line)
        if start is not None and in_years(start):
            try:
                return hall_start(number, start)  # a time the hall's clocks skip or show twice is refused
            except DomainError as error:
                self.add_error("starts", error.message)
                return None
        if start is not None:
            self.add_error(
                "starts",
                _("Line %(number)s: %(line)r is not in the years %(first)s to %(last)s.")
                % {"number": number, "line": line, "first": FIRST_YEAR, "last": LAST_YEAR},
            )
            return None
        self.add_error(
            "starts",
            _("Line %(number)s: %(line)r is not a date and time; write it as %(example)s.")
            % {"number": number, "line": line, "example": example_datetime()},
        )
        return None


class HallStartField(forms.DateTimeField):
    """A session's start as the hall's clocks show it, made exact by services.schedule.hall_start (a time the clocks
    skip or show twice is refused with the reason, not Django's "may be ambiguous or it may not exist")."""

    def __init__(self, *args, number: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.number = number

    def to_python(self, value):
        if value in self.empty_values or isinstance(value, datetime):  # nothing typed, or a stored moment
            return super().to_python(value)
        with timezone.override(UTC):  # the typed clock time as it is, without a zone yet
            typed = super().to_python(value)
        try:
            return hall_start(self.number, typed.replace(tzinfo=None))
        except DomainError as error:
            raise forms.ValidationError(error.message, code=error.code) from error


class SessionsForm(forms.Form):
    """The settings page's session table: the number of sessions, each one's start and length."""

    count = forms.IntegerField(label=gettext_lazy("Number of sessions"), min_value=1, max_value=MAX_SESSIONS)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.sessions = list(tournament.sessions.order_by("number"))
        self.fields["count"].initial = len(self.sessions)
        for session in self.sessions:
            number = session.number
            self.fields[f"start_{number}"] = typed_datetime(
                HallStartField(
                    number=number,
                    label=_("Session %(number)s starts") % {"number": number},
                    required=False,
                    validators=[tournament_year],
                    widget=DATETIME,
                    initial=session.starts_at,
                )
            )
            self.fields[f"minutes_{number}"] = forms.IntegerField(
                label=_("Session %(number)s length (minutes)") % {"number": number},
                min_value=1,
                max_value=MAX_SESSION_MINUTES,
                initial=session.duration_minutes,
            )

    def rows(self):
        """(session, start field, length field) for the template's table."""
        return [(s, self[f"start_{s.number}"], self[f"minutes_{s.number}"]) for s in self.sessions]

    def times(self) -> dict[int, tuple[datetime | None, int]]:
        data = self.cleaned_data
        return {
            s.number: (data[f"start_{s.number}"], data[f"minutes_{s.number}"])
            for s in self.sessions
            if s.number <= data["count"]
        }


TIE_BREAK_PLACES = (
    gettext_lazy("1st tie-break"),
    gettext_lazy("2nd tie-break"),
    gettext_lazy("3rd tie-break"),
    gettext_lazy("4th tie-break"),
)
TIE_BREAK_CHOICES = [(name, TIE_BREAK_LABELS[name]) for name in TIE_BREAKS]
BEST_HELP = gettext_lazy("Empty: every member counts.")


def _best_field(label) -> forms.IntegerField:
    return forms.IntegerField(
        label=label, required=False, min_value=1, max_value=MAX_GROUP_BEST, help_text=BEST_HELP
    )


class RankingsForm(forms.Form):
    """The side rankings' settings (services.tournaments.set_rankings): the tie-breaks for prizes in order, one
    select per place (an empty one is skipped), K of each group ranking (empty: every member), and the rankings the
    public pages show (a category among those the players have, or one shown already)."""

    team_best = _best_field(gettext_lazy("Team ranking: the best members counted"))
    country_best = _best_field(gettext_lazy("Country ranking: the best members counted"))
    club_best = _best_field(gettext_lazy("Club ranking: the best members counted"))
    shown_groups = forms.MultipleChoiceField(
        label=gettext_lazy("Group rankings the public sees"),
        required=False,
        choices=[
            (TEAM, gettext_lazy("by team")),
            (COUNTRY, gettext_lazy("by country")),
            (CLUB, gettext_lazy("by club")),
        ],
        widget=forms.CheckboxSelectMultiple,
    )
    shown_categories = forms.MultipleChoiceField(
        label=gettext_lazy("Category rankings the public sees"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, tournament: Tournament, categories=(), **kwargs):
        kwargs.setdefault("initial", rankings_initial(tournament))
        super().__init__(*args, **kwargs)
        for place, label in enumerate(TIE_BREAK_PLACES[: len(TIE_BREAKS)], start=1):
            self.fields[f"tie_break_{place}"] = forms.ChoiceField(
                label=label, required=False, choices=[("", gettext_lazy("none")), *TIE_BREAK_CHOICES]
            )
        self.order_fields([f"tie_break_{place}" for place in range(1, len(TIE_BREAKS) + 1)])
        shown = [name for name in tournament.shown_categories if name not in categories]
        self.fields["shown_categories"].choices = [(name, name) for name in [*categories, *shown]]

    def tie_break_fields(self):
        return [self[f"tie_break_{place}"] for place in range(1, len(TIE_BREAKS) + 1)]

    def settings(self) -> dict:
        """The arguments of services.tournaments.set_rankings."""
        data = self.cleaned_data
        return {
            "tie_breaks": [
                data[f"tie_break_{p}"] for p in range(1, len(TIE_BREAKS) + 1) if data[f"tie_break_{p}"]
            ],
            **{
                key: data[key]
                for key in ("team_best", "country_best", "club_best", "shown_groups", "shown_categories")
            },
        }


def rankings_initial(tournament: Tournament) -> dict:
    initial = {
        key: getattr(tournament, key)
        for key in ("team_best", "country_best", "club_best", "shown_groups", "shown_categories")
    }
    for place, name in enumerate(tournament.tie_breaks or (), start=1):
        initial[f"tie_break_{place}"] = name
    return initial
