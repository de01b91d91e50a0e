"""The audit log: every change made by a person."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.columns import person_column, person_label_column
from tournament.models.tournaments import Tournament


class AuditEntry(models.Model):
    """Every change made by a person: who, when, what, and the data that changed."""

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    actor = person_column(_("who"), related_name=None)
    actor_label = person_label_column(_("who (name)"))
    action = models.CharField(_("action"), max_length=60)
    summary = models.CharField(_("summary"), max_length=500)
    data = models.JSONField(_("data"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor_label}: {self.summary}"


class ChangeCount(models.Model):
    """PostgreSQL's running count of the audit entries of a tournament (``scope``, its id; 0 for the entries without
    one), kept by a trigger when their transaction commits (migration 0014), so that the change stamp reads one row
    instead of counting the log (tournament/selectors/changes.py). SQLite does not need it: it stays empty there."""

    scope = models.BigIntegerField(primary_key=True)
    entries = models.BigIntegerField()
    last_id = models.BigIntegerField()

    class Meta:
        verbose_name = _("change count")
        verbose_name_plural = _("change counts")

    def __str__(self) -> str:
        return f"{self.scope}: {self.entries}"
