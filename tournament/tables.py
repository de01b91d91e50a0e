"""django-tables2 tables for the pages."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournament.numbers import points


class StandingsTable(tables.Table):
    """One row per ranked player: shared ranks as '2=', each session's result, the total."""

    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "rank"}, "th": {"class": "rank"}})
    name = tables.Column(verbose_name=_("Player"), attrs={"td": {"class": "name"}})
    country = tables.Column(verbose_name=_("Country"), attrs={"td": {"class": "country"}})
    total = tables.Column(
        verbose_name=_("Total"), attrs={"td": {"class": "points total"}, "th": {"class": "points"}}
    )

    class Meta:
        orderable = False
        attrs = {"class": "standings"}
        row_attrs = {"class": lambda record: "disqualified" if record["status"] == "disqualified" else ""}

    def __init__(self, data, *, sessions, slug, **kwargs):
        self.slug = slug
        extra = [
            (
                f"s{n}",
                tables.Column(
                    verbose_name=f"S{n}",
                    accessor=f"by_session__{n}",
                    default="",
                    attrs={"td": {"class": "points session"}, "th": {"class": "points"}},
                ),
            )
            for n in sessions
        ]
        super().__init__(
            data, extra_columns=extra, sequence=("rank", "name", "total", "country", "..."), **kwargs
        )

    def render_rank(self, record):
        return f"{record['rank']}=" if record["tied"] else record["rank"]

    def render_name(self, record):
        link = format_html(
            '<a href="{}">{}</a>',
            reverse("player_schedule", args=[self.slug, record["player"]]),
            record["name"],
        )
        if record["status"] == "disqualified":
            return format_html('{} <span class="badge">{}</span>', link, _("disqualified"))
        return link

    def render_total(self, value):
        return points(value)

    def render_country(self, value):
        return value or "—"

    def value_total(self, value):
        return value
