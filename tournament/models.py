"""The tournament data model. Rows are written only by the services in ``tournament.services``."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring import penalties as penalty_rules
from scoring.errors import ScoringError
from scoring.penalties import PenaltyInput, penalty_points
from scoring.ruleset import DEFAULT_PRESET, PRESETS, Ruleset, build_ruleset
from scoring.standings import ACTIVE, DISQUALIFIED, WITHDRAWN
from scoring.table import FROM_START, MID_SESSION, NOT_SUBSTITUTED, WINDS

ema_id_validator = RegexValidator(r"^\d{8}$", _("An EMA number has exactly eight digits."))
country_validator = RegexValidator(
    r"^[A-Z]{3}$", _("Use the three-letter EMA country code, e.g. NED, GER, DEN.")
)


class Tournament(models.Model):
    slug = models.SlugField(_("short address"), max_length=60, unique=True)
    name = models.CharField(_("name"), max_length=200)
    short_name = models.CharField(_("short name"), max_length=40, blank=True)
    city = models.CharField(_("city"), max_length=100, blank=True)
    country = models.CharField(_("host country"), max_length=3, blank=True, validators=[country_validator])
    start_date = models.DateField(_("first day"), null=True, blank=True)
    end_date = models.DateField(_("last day"), null=True, blank=True)
    ruleset = models.CharField(
        _("rules"),
        max_length=20,
        default=DEFAULT_PRESET,
        choices=[(key, r.name) for key, r in PRESETS.items()],
    )
    ruleset_overrides = models.JSONField(_("rule changes"), default=dict, blank=True)
    qualification = models.BooleanField(_("qualification required"), default=False)
    session_minutes = models.PositiveSmallIntegerField(_("session length (minutes)"), default=90)
    signal_minutes = models.PositiveSmallIntegerField(_("signal before the end (minutes)"), default=15)
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
    created_at = models.DateTimeField(auto_now_add=True)

    OVERRIDES_NOT_AN_OBJECT = _('The rule changes must be a JSON object, e.g. {"chombo_points": 20000}.')

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    def clean(self):
        """The rules must build (a form error, not a 500 on the standings); services.tournaments decides."""
        super().clean()
        if self.ruleset_overrides is None:
            self.ruleset_overrides = {}
        if not isinstance(self.ruleset_overrides, dict):
            raise ValidationError({"ruleset_overrides": self.OVERRIDES_NOT_AN_OBJECT})
        try:
            build_ruleset(self.ruleset, self.ruleset_overrides)
        except ScoringError as error:
            raise ValidationError(
                {
                    "ruleset_overrides": _("These rules cannot be used: %(problem)s")
                    % {"problem": error.message}
                }
            ) from error

    @property
    def rules(self) -> Ruleset:
        return build_ruleset(self.ruleset, self.ruleset_overrides)

    def has_results(self) -> bool:
        return TableResult.objects.filter(table__session__tournament=self).exists()


class TournamentRole(models.Model):
    ORGANISER = "organiser"
    REFEREE = "referee"
    ROLE_CHOICES = [(ORGANISER, _("organiser")), (REFEREE, _("referee"))]

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_roles"
    )
    role = models.CharField(_("role"), max_length=20, choices=ROLE_CHOICES)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "user", "role"], name="unique_role")]
        verbose_name = _("tournament role")

    def __str__(self) -> str:
        return f"{self.user} - {self.get_role_display()} - {self.tournament}"


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

    STATUS_CHOICES = [(ACTIVE, _("active")), (WITHDRAWN, _("withdrawn")), (DISQUALIFIED, _("disqualified"))]

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    key = models.CharField(
        _("key"), max_length=40, help_text=_("The player's identifier in the archive file.")
    )
    club = models.CharField(_("club"), max_length=100, blank=True)
    status = models.CharField(_("status"), max_length=20, choices=STATUS_CHOICES, default=ACTIVE)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "key"], name="unique_registration_key"),
            models.UniqueConstraint(fields=["tournament", "player"], name="unique_registration_player"),
        ]
        verbose_name = _("registration")

    def __str__(self) -> str:
        return str(self.player)


class Session(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sessions")
    number = models.PositiveSmallIntegerField(_("session"))
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    duration_minutes = models.PositiveSmallIntegerField(_("length (minutes)"), default=90)
    seating_published = models.BooleanField(_("seating published"), default=False)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="unique_session_number")]
        verbose_name = _("session")

    def __str__(self) -> str:
        return f"{self.tournament.short_name or self.tournament.name} - {_('session')} {self.number}"

    def has_results(self) -> bool:
        return TableResult.objects.filter(table__session=self).exists()


class Table(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["session", "number"], name="unique_table_number")]
        verbose_name = _("table")

    def __str__(self) -> str:
        return f"{_('session')} {self.session.number}, {_('table')} {self.number}"

    def current_result(self):
        return self.results.filter(is_current=True).first()


class Seat(models.Model):
    WIND_CHOICES = [(wind, wind) for wind in WINDS]

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seats")
    wind = models.CharField(_("wind"), max_length=1, choices=WIND_CHOICES)
    registration = models.ForeignKey(Registration, on_delete=models.RESTRICT, related_name="seats")
    order = models.PositiveSmallIntegerField(default=0, editable=False)  # 0..3 for E, S, W, N

    class Meta:
        ordering = ["table__number", "order"]
        constraints = [
            models.UniqueConstraint(fields=["table", "wind"], name="unique_seat_wind"),
            models.UniqueConstraint(fields=["session", "registration"], name="one_seat_per_session"),
        ]
        verbose_name = _("seat")

    def __str__(self) -> str:
        return f"{self.table} {self.wind}: {self.registration}"

    def save(self, *args, **kwargs):
        self.order = WINDS.index(self.wind)
        super().save(*args, **kwargs)


class TableResult(models.Model):
    """One version of a table's result. A correction is a new version; the old ones are kept."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results")
    version = models.PositiveIntegerField()
    is_current = models.BooleanField(default=True)
    leftover_sticks = models.PositiveSmallIntegerField(default=0)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    entered_by_label = models.CharField(max_length=150, blank=True)
    entered_at = models.DateTimeField(auto_now_add=True)
    submission_key = models.CharField(max_length=64, null=True, blank=True, unique=True)
    note = models.CharField(_("note"), max_length=300, blank=True)
    hands = models.JSONField(_("hands"), null=True, blank=True)  # the hand log, when kept on the digital sheet

    class Meta:
        ordering = ["table", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["table", "version"], name="unique_result_version"),
            models.UniqueConstraint(
                fields=["table"], condition=Q(is_current=True), name="one_current_result"
            ),
        ]
        verbose_name = _("table result")

    def __str__(self) -> str:
        return f"{self.table} v{self.version}"


class SeatResult(models.Model):
    SUBSTITUTE_CHOICES = [
        (NOT_SUBSTITUTED, _("no substitute")),
        (FROM_START, _("substitute from the start")),
        (MID_SESSION, _("substitute during the session")),
    ]

    result = models.ForeignKey(TableResult, on_delete=models.CASCADE, related_name="seat_results")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="results")
    raw_score = models.IntegerField(_("raw points"))
    substitute = models.CharField(_("substitute"), max_length=20, choices=SUBSTITUTE_CHOICES, blank=True)
    substitute_name = models.CharField(_("substitute's name"), max_length=200, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["result", "seat"], name="unique_seat_result")]

    def __str__(self) -> str:
        return f"{self.seat}: {self.raw_score}"


# The kinds are scoring.penalties.PENALTY_KINDS; only their labels live here (a kind without one fails at import).
PENALTY_KIND_LABELS = {
    penalty_rules.CHOMBO: _("chombo"),
    penalty_rules.LATENESS: _("lateness"),
    penalty_rules.OBSTRUCTION: _("obstruction"),
    penalty_rules.TELEPHONE: _("telephone"),
    penalty_rules.OTHER: _("other"),
    penalty_rules.WARNING: _("warning"),
}


class Penalty(models.Model):
    KIND_CHOICES = [(kind, PENALTY_KIND_LABELS[kind]) for kind in penalty_rules.PENALTY_KINDS]

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="penalties")
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="penalties")
    kind = models.CharField(_("kind"), max_length=20, choices=KIND_CHOICES)
    minutes = models.PositiveSmallIntegerField(_("minutes late"), null=True, blank=True)
    points = models.PositiveIntegerField(_("points"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_by_label = models.CharField(max_length=150, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    cancelled = models.BooleanField(_("cancelled"), default=False)
    cancel_reason = models.CharField(_("reason for cancelling"), max_length=300, blank=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    cancelled_at = models.DateTimeField(null=True, blank=True)
    submission_key = models.CharField(max_length=64, null=True, blank=True, unique=True)

    class Meta:
        ordering = ["session__number", "id"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")

    def __str__(self) -> str:
        return f"{self.registration} - {self.get_kind_display()} ({_('session')} {self.session.number})"

    def as_input(self) -> PenaltyInput:
        return PenaltyInput(self.kind, self.minutes, self.points, self.reason)

    def deducted_points(self, rules: Ruleset) -> int:
        return 0 if self.cancelled else penalty_points(rules, self.as_input())


class SheetEntry(models.Model):
    """One line on a table's digital score sheet, never changed: a hand (in the hand-log format of the README),
    the time signal (5.9), or the undoing of the last hand. The sheet is the list of these in order."""

    HAND, SIGNAL, UNDO = "hand", "signal", "undo"
    KIND_CHOICES = [(HAND, _("hand")), (SIGNAL, _("time signal")), (UNDO, _("undo"))]

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="sheet_entries")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=KIND_CHOICES)
    hand = models.JSONField(null=True, blank=True)
    submission_key = models.CharField(max_length=64, unique=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_by_label = models.CharField(max_length=150)
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="unique_sheet_seq")]
        verbose_name = _("score sheet line")
        verbose_name_plural = _("score sheet lines")

    def __str__(self) -> str:
        return f"{self.table} #{self.seq} {self.kind}"


class ResultCheck(models.Model):
    """A second person's verdict on one result version: confirmed, or disputed with a reason. Never changed."""

    CONFIRMED, DISPUTED = "confirmed", "disputed"
    VERDICT_CHOICES = [(CONFIRMED, _("confirmed")), (DISPUTED, _("disputed"))]

    result = models.ForeignKey(TableResult, on_delete=models.CASCADE, related_name="checks")
    verdict = models.CharField(_("verdict"), max_length=20, choices=VERDICT_CHOICES)
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    checked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    checked_by_label = models.CharField(max_length=150)
    checked_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["result", "-id"]
        verbose_name = _("result check")
        verbose_name_plural = _("result checks")

    def __str__(self) -> str:
        return f"{self.result}: {self.get_verdict_display()}"


class AuditEntry(models.Model):
    """Every change made by a person: who, when, what, and the data that changed."""

    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    actor_label = models.CharField(max_length=150)
    action = models.CharField(max_length=60)
    summary = models.CharField(max_length=500)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor_label}: {self.summary}"
