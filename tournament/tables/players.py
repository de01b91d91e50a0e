"""django-tables2 tables of the organiser's pages: the registered players."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from scoring.standings import ACTIVE

STATUS_LABELS = {
    "active": _("active"),
    "withdrawn": _("withdrawn"),
    "disqualified": _("disqualified"),
    "reserve": _("reserve"),
}


class PlayersTable(tables.Table):
    """One row per registration; sorted by name the way Dutch lists sort ("van den Berg" under B)."""

    name = tables.Column(
        verbose_name=_("Player"),
        order_by=("sort_name",),
        attrs={"td": {"class": "name"}, "th": {"class": "name"}},
    )
    key = tables.Column(verbose_name=_("Key"), attrs={"td": {"class": "key"}, "th": {"class": "key"}})
    ema_id = tables.Column(
        verbose_name=_("EMA number"), default="—", attrs={"td": {"class": "ema"}, "th": {"class": "ema"}}
    )
    country = tables.Column(verbose_name=_("Country"), default="—")
    club = tables.Column(
        verbose_name=_("Club"), default="—", attrs={"td": {"class": "club"}, "th": {"class": "club"}}
    )
    status = tables.Column(verbose_name=_("Status"), order_by=("status_order", "sort_name"))
    rank = tables.Column(
        verbose_name=_("Rank"),
        default="—",
        order_by=("rank_order",),
        attrs={"td": {"class": "points"}, "th": {"class": "points"}},
    )

    class Meta:
        attrs = {"class": "players"}
        order_by = ("name",)
        row_attrs = {"class": lambda record: "" if record["status"] == ACTIVE else record["status"]}

    def __init__(self, data, *, slug, **kwargs):
        self.slug = slug
        super().__init__(data, **kwargs)

    def render_name(self, record):
        return format_html(
            '<a href="{}">{}</a>',
            reverse("organise_player_edit", args=[self.slug, record["key"]]),
            record["name"],
        )

    def render_status(self, value):
        if value == ACTIVE:
            return STATUS_LABELS[value]
        return format_html('<span class="badge">{}</span>', STATUS_LABELS.get(value, value))
