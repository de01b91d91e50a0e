"""Lines of the digital score sheet and second checks of results: rows that are only ever added."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.columns import done_by
from tournament.models.results import TableResult
from tournament.models.sessions import Table
from tournament.models.submission import submission_key_column


class SheetEntry(models.Model):
    """One line on a table's digital score sheet, never changed: a hand (in the hand log's format, docs/formats.md),
    the time signal (5.9), or the undoing of the last hand. The sheet is the list of these in order."""

    HAND, SIGNAL, UNDO = "hand", "signal", "undo"
    KIND_CHOICES = [(HAND, _("hand")), (SIGNAL, _("time signal")), (UNDO, _("undo"))]

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="sheet_entries"
    )
    seq = models.PositiveIntegerField(_("line"))
    kind = models.CharField(_("kind"), max_length=10, choices=KIND_CHOICES)
    hand = models.JSONField(_("hand"), null=True, blank=True)
    submission_key = submission_key_column()
    entered_by, entered_by_label, entered_at = done_by(
        _("entered by"), _("entered by (name)"), _("entered at")
    )

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

    result = models.ForeignKey(
        TableResult, verbose_name=_("result"), on_delete=models.CASCADE, related_name="checks"
    )
    verdict = models.CharField(_("verdict"), max_length=20, choices=VERDICT_CHOICES)
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    checked_by, checked_by_label, checked_at = done_by(
        _("checked by"), _("checked by (name)"), _("checked at")
    )
    submission_key = submission_key_column(null=True, blank=True)

    class Meta:
        ordering = ["result", "-id"]
        verbose_name = _("result check")
        verbose_name_plural = _("result checks")

    def __str__(self) -> str:
        return f"{self.result}: {self.get_verdict_display()}"
