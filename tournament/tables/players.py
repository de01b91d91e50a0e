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
    """One row per registration; sorted by name the way Dutch lists sort ("van den Berg" under B). Each row has a
    labelled checkbox (``keys``) for the list's action on the chosen players (forms.players.ChosenPlayersForm)."""

    choose = tables.Column(
        verbose_name=_("Choose"),
        accessor="key",
        orderable=False,
        attrs={"td": {"class": "choose"}, "th": {"class": "choose"}},
    )
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
    team = tables.Column(
        verbose_name=_("Team"), default="—", attrs={"td": {"class": "team"}, "th": {"class": "team"}}
    )
    categories = tables.Column(
        verbose_name=_("Categories"),
        default="—",
        orderable=False,
        attrs={"td": {"class": "categories"}, "th": {"class": "categories"}},
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

    def __init__(self, data, *, slug, chosen=frozenset(), **kwargs):
        self.slug, self.chosen = slug, chosen
        super().__init__(data, **kwargs)

    def render_choose(self, record):
        key = record["key"]
        return format_html(
            '<input type="checkbox" name="keys" value="{}" id="choose-{}"{}>'
            '<label class="visually-hidden" for="choose-{}">{}</label>',
            key,
            key,
            " checked" if key in self.chosen else "",
            key,
            _("Choose %(player)s") % {"player": record["full_name"]},
        )

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
