"""The audit log: every change made by a person."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

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
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("who"), null=True, blank=True, on_delete=models.SET_NULL
    )
    actor_label = models.CharField(_("who (name)"), max_length=150)
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
