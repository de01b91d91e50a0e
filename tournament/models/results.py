"""Versioned table results (a correction is a new version), their seats, and penalties; rows never change
once written, except that a penalty may be cancelled with a reason."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring import penalties as penalty_rules
from scoring.penalties import PenaltyInput, penalty_points
from scoring.ruleset import Ruleset
from scoring.table import FROM_START, MID_SESSION, NOT_SUBSTITUTED
from tournament.models.columns import done_by, person_column
from tournament.models.people import Registration
from tournament.models.sessions import Seat, Session, Table
from tournament.models.submission import submission_key_column


class TableResult(models.Model):
    """One version of a table's result. A correction is a new version; the old ones are kept."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="results"
    )
    version = models.PositiveIntegerField(_("version"))
    is_current = models.BooleanField(_("current"), default=True)
    leftover_sticks = models.PositiveSmallIntegerField(_("leftover riichi sticks"), default=0)
    entered_by, entered_by_label, entered_at = done_by(
        _("entered by"), _("entered by (name)"), _("entered at"), related_name=None, label_blank=True
    )
    submission_key = submission_key_column(null=True, blank=True)
    note = models.CharField(_("note"), max_length=300, blank=True)
    hands = models.JSONField(
        _("hands"), null=True, blank=True
    )  # the hand log, when kept on the digital sheet

    class Meta:
        ordering = ["table", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["table", "version"], name="unique_result_version"),
            models.UniqueConstraint(
                fields=["table"], condition=Q(is_current=True), name="one_current_result"
            ),
        ]
        verbose_name = _("table result")
        verbose_name_plural = _("table results")

    def __str__(self) -> str:
        return f"{self.table} v{self.version}"


class SeatResult(models.Model):
    SUBSTITUTE_CHOICES = [
        (NOT_SUBSTITUTED, _("no substitute")),
        (FROM_START, _("substitute from the start")),
        (MID_SESSION, _("substitute during the session")),
    ]

    result = models.ForeignKey(
        TableResult, verbose_name=_("result"), on_delete=models.CASCADE, related_name="seat_results"
    )
    seat = models.ForeignKey(Seat, verbose_name=_("seat"), on_delete=models.CASCADE, related_name="results")
    raw_score = models.IntegerField(_("raw points"))
    substitute = models.CharField(_("substitute"), max_length=20, choices=SUBSTITUTE_CHOICES, blank=True)
    substitute_name = models.CharField(_("substitute's name"), max_length=200, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["result", "seat"], name="unique_seat_result")]
        verbose_name = _("seat result")
        verbose_name_plural = _("seat results")

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

    registration = models.ForeignKey(
        Registration, verbose_name=_("player"), on_delete=models.CASCADE, related_name="penalties"
    )
    session = models.ForeignKey(
        Session, verbose_name=_("session"), on_delete=models.CASCADE, related_name="penalties"
    )
    kind = models.CharField(_("kind"), max_length=20, choices=KIND_CHOICES)
    minutes = models.PositiveSmallIntegerField(_("minutes late"), null=True, blank=True)
    points = models.PositiveIntegerField(_("points"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    created_by, created_by_label, created_at = done_by(
        _("given by"), _("given by (name)"), _("created at"), label_blank=True
    )
    cancelled = models.BooleanField(_("cancelled"), default=False)
    cancel_reason = models.CharField(_("reason for cancelling"), max_length=300, blank=True)
    cancelled_by = person_column(_("cancelled by"))
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    submission_key = submission_key_column(null=True, blank=True)

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
