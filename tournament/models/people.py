"""People (shared between tournaments) and their registrations in one tournament."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.standings import ACTIVE, DISQUALIFIED, RESERVE, WITHDRAWN
from tournament.models.tournaments import Tournament, country_validator, ema_id_validator


class Player(models.Model):
    """A person, shared between tournaments; identified by the EMA number when they have one."""

    first_name = models.CharField(_("first name"), max_length=100)
    last_name = models.CharField(_("last name"), max_length=100)
    ema_id = models.CharField(
        _("EMA number"), max_length=8, null=True, blank=True, unique=True, validators=[ema_id_validator]
    )
    country = models.CharField(_("country"), max_length=3, blank=True, validators=[country_validator])

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}"


class Registration(models.Model):
    """A player's entry in one tournament."""

    STATUS_CHOICES = [
        (ACTIVE, _("active")),
        (WITHDRAWN, _("withdrawn")),
        (DISQUALIFIED, _("disqualified")),
        (RESERVE, _("reserve")),
    ]

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="registrations"
    )
    key = models.CharField(
        _("key"), max_length=40, help_text=_("The player's identifier in the archive file.")
    )
    club = models.CharField(_("club"), max_length=100, blank=True)
    team = models.CharField(_("team"), max_length=100, blank=True)
    categories = models.JSONField(
        _("categories"),
        default=list,
        blank=True,
        help_text=_(
            "Short names the organiser chooses, e.g. newcomer, ladies, junior (scoring.side_rankings)."
        ),
    )
    status = models.CharField(_("status"), max_length=20, choices=STATUS_CHOICES, default=ACTIVE)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "key"], name="unique_registration_key"),
            models.UniqueConstraint(fields=["tournament", "player"], name="unique_registration_player"),
        ]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")

    def __str__(self) -> str:
        return str(self.player)
