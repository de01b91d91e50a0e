"""django-tables2 tables of the organiser's seating pages. (The public session and player pages use plain
template loops: views/public/seating.py and player.py.)"""

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournament.display.dates import when
from tournament.display.winds import WIND_LETTERS

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
    starts_at = tables.Column(verbose_name=_("Starts"), default="—")
    table_count = tables.Column(verbose_name=_("Tables"), accessor="tables", attrs=NUMBER)
    results = tables.Column(verbose_name=_("Results"))
    published = tables.Column(verbose_name=_("Public"))
    actions = tables.Column(verbose_name="", empty_values=())

    class Meta:
        orderable = False
        attrs = {"class": "sessions"}

    def render_number(self, value, record):
        return format_html('<a href="{}">{}</a>', record["url"], value)

    def render_starts_at(self, value):
        return when(value)  # the one date formatter (display/dates.py): "Sa., 9. Mai, 10:00" in German

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
