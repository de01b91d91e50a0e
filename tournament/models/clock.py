"""The session clock's events and the hall display's settings."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring import clock as clock_rules
from tournament.models.columns import person_column, person_label_column
from tournament.models.sessions import Session
from tournament.models.tournaments import Tournament


class ClockEvent(models.Model):
    """One thing the organiser did to a session's clock (scoring.clock): start, pause, resume, end, extra minutes
    for the hall or for one table. Never changed: the clock is computed from the rows (selectors.clock)."""

    KIND_CHOICES = [
        (clock_rules.START, _("start")),
        (clock_rules.PAUSE, _("pause")),
        (clock_rules.RESUME, _("resume")),
        (clock_rules.END, _("end")),
        (clock_rules.EXTRA, _("extra time")),
    ]

    session = models.ForeignKey(
        Session, verbose_name=_("session"), on_delete=models.CASCADE, related_name="clock_events"
    )
    kind = models.CharField(_("kind"), max_length=10, choices=KIND_CHOICES)
    minutes = models.SmallIntegerField(_("minutes"), null=True, blank=True)
    table_number = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    at = models.DateTimeField(_("at"))
    by = person_column(_("by"))
    by_label = person_label_column(_("by (name)"))

    class Meta:
        ordering = ["session", "at", "id"]
        verbose_name = _("clock event")
        verbose_name_plural = _("clock events")

    def __str__(self) -> str:
        return f"{self.session} {self.get_kind_display()} {self.at:%H:%M:%S}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError("a clock event is never changed; the clock is corrected by a new event")
        super().save(*args, **kwargs)

    def as_event(self) -> clock_rules.ClockEvent:
        return clock_rules.ClockEvent(self.kind, self.at, self.minutes, self.table_number)


class HallDisplay(models.Model):
    """What the hall's screen (/t/<slug>/display/) shows and how long each page stays. ``version`` goes up with
    every change, so an open display sees the change on its next look and follows it."""

    CLOCK, SEATING_TABLES, SEATING_NAMES, STANDINGS = "clock", "seating-tables", "seating-names", "standings"
    RANKINGS = "rankings"  # the side rankings the public pages show (team, country, club, categories)
    PAGE_CHOICES = [
        (CLOCK, _("the clock, while a session runs")),
        (SEATING_TABLES, _("the next session's seating, by table")),
        (SEATING_NAMES, _("the next session's seating, by name")),
        (STANDINGS, _("the standings")),
        (RANKINGS, _("the rankings shown on the public pages (teams, countries, clubs, categories)")),
    ]
    PAGES = tuple(key for key, _label in PAGE_CHOICES)

    tournament = models.OneToOneField(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="hall_display"
    )
    pages = models.JSONField(_("pages shown"), default=list)
    page_seconds = models.PositiveSmallIntegerField(_("seconds per page"), default=15)
    clock_alone = models.BooleanField(
        _("only the clock while a session runs"),
        default=False,
        help_text=_("While a session's clock runs the screen shows the clock and nothing else."),
    )
    # A short message for the hall and the public pages (lunch, prize giving): {language code: text}, shown until
    # announcement_ends_at. Written only by services.hall_display.
    announcement = models.JSONField(_("announcement"), default=dict, blank=True)
    announcement_ends_at = models.DateTimeField(_("announcement shown until"), null=True, blank=True)
    version = models.PositiveIntegerField(_("version"), default=1)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("hall display")
        verbose_name_plural = _("hall displays")

    def __str__(self) -> str:
        return f"{self.tournament}: {', '.join(self.pages)}"
