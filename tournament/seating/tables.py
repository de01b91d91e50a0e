"""django-tables2 tables of the seating pages."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from tournament.numbers import points
from tournament.winds import WIND_LETTERS, WIND_NAMES

NUMBER = {"td": {"class": "points"}, "th": {"class": "points"}}


def _labelled(label, css_class: str) -> dict:
    return {"td": {"class": css_class, "data-label": label}, "th": {"class": css_class}}


class WindTable(tables.Table):
    """Per player the number of sessions at each seat wind; uneven rows are marked."""

    player = tables.Column(verbose_name=_("Player"), accessor="player__name", attrs={"td": {"class": "name"}})
    east = tables.Column(verbose_name=WIND_LETTERS["E"], accessor="counts__0", attrs=NUMBER)
    south = tables.Column(verbose_name=WIND_LETTERS["S"], accessor="counts__1", attrs=NUMBER)
    west = tables.Column(verbose_name=WIND_LETTERS["W"], accessor="counts__2", attrs=NUMBER)
    north = tables.Column(verbose_name=WIND_LETTERS["N"], accessor="counts__3", attrs=NUMBER)
    spread = tables.Column(verbose_name=_("Difference"), attrs=NUMBER)

    class Meta:
        orderable = False
        attrs = {"class": "winds"}
        row_attrs = {"class": lambda record: "uneven" if record.spread >= 2 else ""}


class SessionsTable(tables.Table):
    """The organiser's list of sessions with their seating state."""

    number = tables.Column(verbose_name=_("Session"), attrs=NUMBER)
    starts_at = tables.DateTimeColumn(verbose_name=_("Starts"), format="D j N, H:i", default="—")
    table_count = tables.Column(verbose_name=_("Tables"), accessor="tables", attrs=NUMBER)
    results = tables.Column(verbose_name=_("Results"))
    published = tables.Column(verbose_name=_("Public"))
    actions = tables.Column(verbose_name="", empty_values=())

    class Meta:
        orderable = False
        attrs = {"class": "sessions"}

    def render_number(self, value, record):
        return format_html('<a href="{}">{}</a>', record["url"], value)

    def render_table_count(self, value):
        return value or "—"

    def render_results(self, value):
        return _("yes: seating fixed") if value else _("none yet")

    def render_published(self, value, record):
        if not record["tables"]:
            return "—"
        return _("published") if value else _("not yet")

    def render_actions(self, record):
        label = _("See the seating") if record["results"] else _("Seating and swaps")
        return format_html('<a class="button small" href="{}">{}</a>', record["url"], label)


class SeatListTable(tables.Table):
    """Public: every player of a session in alphabetical order with table and wind."""

    name = tables.Column(verbose_name=_("Player"), attrs={"td": {"class": "name"}})
    table = tables.Column(verbose_name=_("Table"), attrs=NUMBER)
    wind = tables.Column(verbose_name=_("Wind"))

    class Meta:
        orderable = False
        attrs = {"class": "seat-list"}

    def render_name(self, value, record):
        return format_html('<a href="{}">{}</a>', record["url"], value)

    def render_wind(self, value):
        return WIND_NAMES[value]


class PlayerScheduleTable(tables.Table):
    """Public: one player's table and wind per session, the other three at the table, and the result.

    On a phone the rows become short blocks; each cell carries its label (data-label) for that.
    """

    session = tables.Column(verbose_name=_("Session"), attrs=_labelled(_("Session"), "points session"))
    starts_at = tables.DateTimeColumn(
        verbose_name=_("Starts"), format="D j N, H:i", default="—", attrs=_labelled(_("Starts"), "starts")
    )
    table = tables.Column(verbose_name=_("Table"), default="—", attrs=_labelled(_("Table"), "points"))
    wind = tables.Column(verbose_name=_("Wind"), default="—", attrs=_labelled(_("Wind"), "wind"))
    opponents = tables.Column(
        verbose_name=_("Playing with"), empty_values=(), attrs=_labelled(_("Playing with"), "name opponents")
    )
    result = tables.Column(
        verbose_name=_("Result"), default="", attrs=_labelled(_("Result"), "points result")
    )

    class Meta:
        orderable = False
        attrs = {"class": "my-schedule"}

    def render_wind(self, value):
        return WIND_NAMES[value]

    def render_opponents(self, record):
        if not record["published"]:
            return format_html('<span class="empty">{}</span>', _("seating not published yet"))
        slug = record["slug"]
        return format_html_join(
            ", ",
            '<a href="{}">{}</a>',
            ((reverse("player_schedule", args=[slug, key]), name) for key, name in record["opponents"]),
        )

    def render_result(self, value):
        return points(value)
