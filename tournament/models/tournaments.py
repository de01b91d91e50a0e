"""Tournaments and the per-tournament roles of organisers and referees."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.limits import MAX_SESSION_MINUTES
from scoring.players import COUNTRY_PATTERN, EMA_ID_PATTERN
from scoring.ruleset import DEFAULT_PRESET, PRESETS, Ruleset, build_ruleset
from tournament.models.validators import SESSION_MINUTES, tournament_year

ema_id_validator = RegexValidator(EMA_ID_PATTERN, _("An EMA number has exactly eight digits."))
country_validator = RegexValidator(
    COUNTRY_PATTERN, _("Use the three-letter EMA country code, e.g. NED, GER, DEN.")
)
# Each preset's name in the reader's language (scoring.ruleset keeps the English name for the command line).
RULESET_LABELS = {
    "ema-2016": _("EMA Riichi Competition Rules 2016"),
    "ema-2008": _("EMA Riichi Rules 2008"),
    "nts": _("Nederlandse Toernooi Spelregels (classical)"),
}
RULESET_CHOICES = [(key, RULESET_LABELS[key]) for key in PRESETS]


def language_choices():
    """The languages of the interface (settings.LANGUAGES), read when asked: adding a language to the settings
    needs no migration."""
    return settings.LANGUAGES


class Tournament(models.Model):
    slug = models.SlugField(_("short address"), max_length=60, unique=True)
    name = models.CharField(_("name"), max_length=200)
    short_name = models.CharField(_("short name"), max_length=40, blank=True)
    city = models.CharField(_("city"), max_length=100, blank=True)
    country = models.CharField(_("host country"), max_length=3, blank=True, validators=[country_validator])
    start_date = models.DateField(_("first day"), null=True, blank=True, validators=[tournament_year])
    end_date = models.DateField(_("last day"), null=True, blank=True, validators=[tournament_year])
    ruleset = models.CharField(
        _("rules"),
        max_length=20,
        default=DEFAULT_PRESET,
        choices=RULESET_CHOICES,
    )
    ruleset_overrides = models.JSONField(_("rule changes"), default=dict, blank=True)
    qualification = models.BooleanField(_("qualification required"), default=False)
    session_minutes = models.PositiveSmallIntegerField(
        _("session length (minutes)"), default=90, validators=SESSION_MINUTES
    )
    signal_minutes = models.PositiveSmallIntegerField(
        _("signal before the end (minutes)"), default=15, validators=[MaxValueValidator(MAX_SESSION_MINUTES)]
    )
    mers_weight_override = models.DecimalField(
        _("MERS weight (override)"), max_digits=3, decimal_places=1, null=True, blank=True
    )
    is_public = models.BooleanField(_("public pages on"), default=True)
    confirmation_required = models.BooleanField(
        _("second check of results"),
        default=False,
        help_text=_("A result entered by one person waits for a second person to confirm it."),
    )
    count_unconfirmed = models.BooleanField(
        _("standings count unconfirmed results"),
        default=True,
        help_text=_("With the second check on: count results not yet confirmed (marked provisional)."),
    )
    standings_hidden = models.BooleanField(
        _("standings hidden"),
        default=False,
        help_text=_(
            "Hide the standings from the public, e.g. before the prize ceremony; staff still see them."
        ),
    )
    self_check_in = models.BooleanField(
        _("players check themselves in"),
        default=False,
        help_text=_(
            "Players mark themselves present for the next session on the check-in page of the QR code on their "
            "schedule card."
        ),
    )
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=language_choices,
        default="en",
        help_text=_(
            "The language of the hall display and of the public pages for a visitor who has not chosen one."
        ),
    )
    # Side rankings and prizes (scoring.side_rankings): K of "the best K members" (None: every member counts),
    # the rankings shown on the public pages, and the tie-breaks for prizes in order (empty: shared places).
    team_best = models.PositiveSmallIntegerField(_("team total: best members counted"), null=True, blank=True)
    country_best = models.PositiveSmallIntegerField(
        _("country total: best members counted"), null=True, blank=True, default=3
    )
    club_best = models.PositiveSmallIntegerField(_("club total: best members counted"), null=True, blank=True)
    shown_groups = models.JSONField(
        _("group rankings shown"), default=list, blank=True, help_text=_("Any of team, country, club.")
    )
    shown_categories = models.JSONField(_("category rankings shown"), default=list, blank=True)
    tie_breaks = models.JSONField(
        _("tie-breaks for prizes"),
        default=list,
        blank=True,
        help_text=_("In order; empty: equal totals share the place, as in the EMA results file."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    OVERRIDES_NOT_AN_OBJECT = _('The rule changes must be a JSON object, e.g. {"chombo_points": 20000}.')

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        permissions = [("create_tournaments", _("Can create tournaments"))]

    def __str__(self) -> str:
        return self.name

    def clean(self):
        """The rule changes are an object. Whether the rules build is services.tournaments' decision (every save
        goes through it, the admin's too), refused there in the reader's language (tournament.errors)."""
        super().clean()
        if self.ruleset_overrides is None:
            self.ruleset_overrides = {}
        if not isinstance(self.ruleset_overrides, dict):
            raise ValidationError({"ruleset_overrides": self.OVERRIDES_NOT_AN_OBJECT})

    @property
    def rules(self) -> Ruleset:
        return build_ruleset(self.ruleset, self.ruleset_overrides)

    def has_results(self) -> bool:
        return self.sessions.filter(tables__results__isnull=False).exists()


class TournamentRole(models.Model):
    ORGANISER = "organiser"
    REFEREE = "referee"
    ROLE_CHOICES = [(ORGANISER, _("organiser")), (REFEREE, _("referee"))]

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="roles"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="tournament_roles",
    )
    role = models.CharField(_("role"), max_length=20, choices=ROLE_CHOICES)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "user", "role"], name="unique_role")]
        verbose_name = _("tournament role")
        verbose_name_plural = _("tournament roles")

    def __str__(self) -> str:
        return f"{self.user} - {self.get_role_display()} - {self.tournament}"
