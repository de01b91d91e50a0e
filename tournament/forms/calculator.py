"""The calculator's two forms: by fan and minipoints, and by tiles. Both are GET forms (a result can be shared)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.limits import MAX_FAN
from scoring.ruleset import build_ruleset
from tournament.forms.referee import FU_CHOICES, check_win

# The calculator's rule sets by their short names: a phone's closed select shows one line, and the full names
# ("Règles de compétition riichi de l'EMA 2016") were cut before the year that tells the two EMA sets apart.
RULESET_SHORT_NAMES = {
    "ema-2016": _("EMA 2016 (riichi)"),
    "ema-2008": _("EMA 2008 (riichi)"),
    "nts": _("NTS (Dutch classical)"),
}
RIICHI_RULESETS = [(key, RULESET_SHORT_NAMES[key]) for key in ("ema-2016", "ema-2008")]
WINDS = [("E", _("East")), ("S", _("South")), ("W", _("West")), ("N", _("North"))]


class FanForm(forms.Form):
    ruleset = forms.ChoiceField(label=_("Rules"), choices=RIICHI_RULESETS, initial="ema-2016", required=False)
    fan = forms.IntegerField(
        label=_("Fan"),
        min_value=1,
        max_value=MAX_FAN,
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    fu = forms.ChoiceField(label=_("Minipoints"), choices=FU_CHOICES, required=False)
    yakuman = forms.BooleanField(label=_("Yakuman"), required=False)
    dealer = forms.BooleanField(label=_("The winner is East (dealer)"), required=False)
    tsumo = forms.BooleanField(label=_("Self-drawn (tsumo)"), required=False)

    def clean(self):
        """The fan, minipoints and yakuman as the rules value them, each refusal at its field."""
        cleaned = super().clean()
        if "ruleset" not in self.errors:
            rules = build_ruleset(cleaned.get("ruleset") or "ema-2016")
            check_win(self, rules, fan="fan", fu="fu", yakuman=cleaned["yakuman"], tsumo=cleaned["tsumo"])
        return cleaned


TILE_RULESETS = [(key, RULESET_SHORT_NAMES[key]) for key in ("ema-2016", "nts")]


class TilesForm(forms.Form):
    rules = forms.ChoiceField(label=_("Rules"), choices=TILE_RULESETS, initial="ema-2016", required=False)
    tiles = forms.CharField(
        label=_("The whole hand (14 tiles, e.g. 234m567p99s234s678s; z: 1-7 = E S W N white green red)"),
        max_length=80,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false"}
        ),
    )
    win_tile = forms.CharField(label=_("Winning tile (e.g. 9s)"), max_length=4)
    melds = forms.CharField(label=_("Open sets (e.g. pon:555z chi:123m)"), max_length=80, required=False)
    dora = forms.CharField(label=_("Dora indicators (e.g. 3m 7z)"), max_length=40, required=False)
    tsumo = forms.BooleanField(label=_("Self-drawn (tsumo)"), required=False)
    riichi = forms.BooleanField(label=_("Riichi"), required=False)
    dealer = forms.BooleanField(label=_("The winner is East (dealer)"), required=False)
    round_wind = forms.ChoiceField(label=_("Round wind"), choices=WINDS, initial="E", required=False)
    seat_wind = forms.ChoiceField(label=_("Seat wind"), choices=WINDS, initial="S", required=False)
    first_turn = forms.BooleanField(
        label=_("On the first go-around, uninterrupted (Blessing of Heaven, Earth or Man)"), required=False
    )
