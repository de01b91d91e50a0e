"""The organiser's override of the MERS weight (the preview page); saved through the tournaments service."""

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _


class MersOverrideForm(forms.Form):
    mers_weight_override = forms.DecimalField(
        label=_("MERS weight"),
        required=False,
        max_digits=3,
        decimal_places=1,
        min_value=Decimal("0.5"),
        max_value=Decimal("9.5"),
        step_size=Decimal("0.5"),
        help_text=_("Leave empty to use the computed weight."),
    )
