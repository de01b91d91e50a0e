"""Sessions, their tables and the seats at them."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.table import WINDS
from tournament.models.people import Registration
from tournament.models.tournaments import Tournament
from tournament.models.validators import SESSION_MINUTES, tournament_year


class Session(models.Model):
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="sessions"
    )
    number = models.PositiveSmallIntegerField(_("session"))
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True, validators=[tournament_year])
    duration_minutes = models.PositiveSmallIntegerField(
        _("length (minutes)"), default=90, validators=SESSION_MINUTES
    )
    seating_published = models.BooleanField(_("seating published"), default=False)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="unique_session_number")]
        verbose_name = _("session")
        verbose_name_plural = _("sessions")

    def __str__(self) -> str:
        return f"{self.tournament.short_name or self.tournament.name} - {_('session')} {self.number}"

    def has_results(self) -> bool:
        return self.tables.filter(results__isnull=False).exists()


class Table(models.Model):
    session = models.ForeignKey(
        Session, verbose_name=_("session"), on_delete=models.CASCADE, related_name="tables"
    )
    number = models.PositiveSmallIntegerField(_("table"))

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["session", "number"], name="unique_table_number")]
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self) -> str:
        return f"{_('session')} {self.session.number}, {_('table')} {self.number}"

    def current_result(self):
        return self.results.filter(is_current=True).first()


class Seat(models.Model):
    WIND_CHOICES = [(wind, wind) for wind in WINDS]

    table = models.ForeignKey(Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="seats")
    session = models.ForeignKey(
        Session, verbose_name=_("session"), on_delete=models.CASCADE, related_name="seats"
    )
    wind = models.CharField(_("wind"), max_length=1, choices=WIND_CHOICES)
    registration = models.ForeignKey(
        Registration, verbose_name=_("player"), on_delete=models.RESTRICT, related_name="seats"
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0, editable=False)  # 0..3 for E, S, W, N
    # The substitute who plays this seat from the start of the session (5.8), chosen before play: a registered
    # reserve or a guest named here (at most one of the two). Written only by services.substitutes.
    substitute_reserve = models.ForeignKey(
        Registration,
        verbose_name=_("substitute (reserve)"),
        null=True,
        blank=True,
        on_delete=models.RESTRICT,
        related_name="substitute_seats",
    )
    substitute_guest = models.CharField(_("substitute (guest)"), max_length=100, blank=True)

    class Meta:
        ordering = ["table__number", "order"]
        constraints = [
            models.UniqueConstraint(fields=["table", "wind"], name="unique_seat_wind"),
            models.UniqueConstraint(fields=["session", "registration"], name="one_seat_per_session"),
            models.UniqueConstraint(
                fields=["session", "substitute_reserve"], name="one_substitute_seat_per_session"
            ),
            models.CheckConstraint(
                condition=~(models.Q(substitute_reserve__isnull=False) & ~models.Q(substitute_guest="")),
                name="one_kind_of_substitute",
            ),
        ]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")

    def __str__(self) -> str:
        return f"{self.table} {self.wind}: {self.registration}"

    def save(self, *args, **kwargs):
        self.order = WINDS.index(self.wind)
        super().save(*args, **kwargs)

    @property
    def substitute_label(self) -> str:
        """The substitute's name, or "" when the registered player plays."""
        if self.substitute_reserve_id:
            return str(self.substitute_reserve.player)
        return self.substitute_guest
