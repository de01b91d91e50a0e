"""The digital score sheet's forms: every post carries the line's kind, the number of lines the sheet showed and a
submission key (``LineForm``: the time signal, undo); the hand form adds what a table tells after a hand (winners,
discarder, fan and minipoints, riichi, tenpai, chombo), turned into one hand of the hand log (docs/formats.md, "The
hand log"). The rules engine (scoring.hands) decides whether the hand is possible; this only reads the form."""

from django import forms
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext_lazy as _

from scoring.hands.log import CHOMBO, DRAW, RON, TSUMO
from scoring.limits import MAX_FAN, MAX_SHEET_LINES
from scoring.table import WINDS
from tournament.forms.referee import (
    FU_CHOICES,
    ShownErrors,
    check_win,
    damaged_messages,
    seat_label,
    submission_key_field,
)
from tournament.models import SheetEntry

KIND_CHOICES = [
    (RON, _("Ron (on a discard)")),
    (TSUMO, _("Tsumo (self-drawn)")),
    (DRAW, _("Exhaustive draw")),
    (CHOMBO, _("Chombo")),
]
WIND_CHOICES = [("", "–")] + [(wind, wind) for wind in WINDS]


def sheet_token(table) -> str:
    """The secret of a table's printed sheet link: players with it may keep the sheet, nobody else."""
    return salted_hmac("tenbou.sheet", f"{table.pk}", algorithm="sha256").hexdigest()[:24]


def token_matches(table, token: str) -> bool:
    return constant_time_compare(sheet_token(table), token)


DAMAGED = _("This form is damaged: open the sheet again.")
_DAMAGED_MESSAGES = damaged_messages(DAMAGED)


class LineForm(ShownErrors, forms.Form):
    """What every post to the sheet carries; its fields are hidden, so their errors are shown above the sheet."""

    action = forms.ChoiceField(
        choices=SheetEntry.KIND_CHOICES, widget=forms.HiddenInput, error_messages=_DAMAGED_MESSAGES
    )
    expected_count = forms.IntegerField(
        min_value=0, max_value=MAX_SHEET_LINES, widget=forms.HiddenInput, error_messages=_DAMAGED_MESSAGES
    )
    submission_key = submission_key_field(DAMAGED)

    def hand(self) -> dict | None:
        return None


class HandForm(LineForm):
    kind = forms.ChoiceField(
        label=_("What happened"),
        choices=KIND_CHOICES,
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose what happened.")},
    )
    discarder = forms.ChoiceField(label=_("Discarded by"), choices=WIND_CHOICES, required=False)
    offender = forms.ChoiceField(label=_("Chombo by"), choices=WIND_CHOICES, required=False)

    def __init__(self, *args, seats, rules, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats, self.rules = seats, rules
        names = {seat.wind: seat_label(seat) for seat in seats}
        wind_choices = [("", "–")] + [(seat.wind, names[seat.wind]) for seat in seats]
        self.fields["discarder"].choices = wind_choices
        self.fields["offender"].choices = wind_choices
        for seat in seats:
            w, name = seat.wind, names[seat.wind]
            self.fields[f"win-{w}"] = forms.BooleanField(
                label=_("won (%(seat)s)") % {"seat": name}, required=False
            )
            self.fields[f"fan-{w}"] = forms.IntegerField(
                label=_("fan (%(seat)s)") % {"seat": name},
                min_value=1,
                max_value=MAX_FAN,
                required=False,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
            self.fields[f"fu-{w}"] = forms.ChoiceField(
                label=_("minipoints (%(seat)s)") % {"seat": name}, choices=FU_CHOICES, required=False
            )
            self.fields[f"yakuman-{w}"] = forms.BooleanField(
                label=_("yakuman (%(seat)s)") % {"seat": name}, required=False
            )
            self.fields[f"liable-{w}"] = forms.ChoiceField(
                label=_("liable player (%(seat)s)") % {"seat": name}, choices=wind_choices, required=False
            )
            self.fields[f"riichi-{w}"] = forms.BooleanField(
                label=_("riichi (%(seat)s)") % {"seat": name}, required=False
            )
            self.fields[f"tenpai-{w}"] = forms.BooleanField(
                label=_("tenpai (%(seat)s)") % {"seat": name}, required=False
            )

    def seat_rows(self) -> list[dict]:
        return [
            {
                "seat": seat,
                **{
                    part: self[f"{part}-{seat.wind}"]
                    for part in ("win", "fan", "fu", "yakuman", "liable", "riichi", "tenpai")
                },
            }
            for seat in self.seats
        ]

    def clean(self):
        """What a hand needs that the form holds, refused at its field; the engine judges the rest (the order of
        the game, riichi bets) when the hand is played."""
        cleaned = super().clean()
        kind = cleaned.get("kind")
        if kind in (RON, TSUMO):
            self._check_winners(kind, cleaned)
        elif kind == CHOMBO and not cleaned.get("offender"):
            self.add_error("offender", _("Choose who made the chombo."))
        return cleaned

    def _check_winners(self, kind: str, cleaned: dict) -> None:
        winners = [seat.wind for seat in self.seats if cleaned.get(f"win-{seat.wind}")]
        if not winners:
            self.add_error("kind", _("Tick “won” at the winner’s seat."))
        elif kind == TSUMO and len(winners) > 1:
            self.add_error("kind", _("A tsumo has one winner: tick “won” at one seat only."))
        if kind == RON:
            self._check_discarder(cleaned.get("discarder"), winners)
        for wind in winners:
            yakuman = bool(cleaned.get(f"yakuman-{wind}"))
            if cleaned.get(f"liable-{wind}") and not yakuman:
                self.add_error(
                    f"liable-{wind}",
                    _(
                        "Liability (3.3.9) is for a yakuman (big three dragons, big four winds): tick yakuman, "
                        "or leave it empty."
                    ),
                )
            check_win(
                self, self.rules, fan=f"fan-{wind}", fu=f"fu-{wind}", yakuman=yakuman, tsumo=kind == TSUMO
            )

    def _check_discarder(self, discarder: str, winners: list[str]) -> None:
        if not discarder:
            self.add_error("discarder", _("Choose who discarded the winning tile."))
        elif discarder in winners:
            self.add_error("discarder", _("The discarder cannot win on their own discard."))

    def hand(self) -> dict:
        """The hand in the hand-log format; the engine checks it when it is played."""
        data, kind = self.cleaned_data, self.cleaned_data["kind"]
        riichi = [s.wind for s in self.seats if data.get(f"riichi-{s.wind}")]
        extra = {"riichi": riichi} if riichi else {}
        if kind == CHOMBO:
            return {CHOMBO: data.get("offender") or "", **extra}
        if kind == DRAW:
            return {DRAW: {"tenpai": [s.wind for s in self.seats if data.get(f"tenpai-{s.wind}")]}, **extra}
        wins = [self._win(s.wind) for s in self.seats if data.get(f"win-{s.wind}")]
        if kind == TSUMO:
            return {TSUMO: wins[0] if len(wins) == 1 else wins, **extra}
        return {RON: wins, "from": data.get("discarder") or "", **extra}

    def _win(self, wind: str) -> dict:
        data = self.cleaned_data
        win: dict = {"seat": wind}
        if data.get(f"yakuman-{wind}"):
            win["yakuman"] = 1
        else:
            fan = data.get(f"fan-{wind}") or 0
            win["fan"] = fan
            if data.get(f"fu-{wind}") and fan < 5:
                win["fu"] = int(data[f"fu-{wind}"])
        if data.get(f"liable-{wind}"):
            win["liable"] = data[f"liable-{wind}"]
        return win
