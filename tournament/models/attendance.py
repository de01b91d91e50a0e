"""Who is in the hall for a session (issue 20): one row per player marked present or absent; a player without a
row has not checked in yet. Rows are written only by ``services.attendance``.

A present mark is attendance, not arrival (issue 28): only ``arrived_at``, set when a player who was absent or not
checked in at the start is marked "arrived now" after the clock started, makes a lateness proposal (5.7), until it
is dismissed (``lateness_dismissed_at``, by whom and why) or the table has its result."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.columns import person_column, person_label_column
from tournament.models.people import Registration
from tournament.models.sessions import Session


class Attendance(models.Model):
    session = models.ForeignKey(
        Session, verbose_name=_("session"), on_delete=models.CASCADE, related_name="attendance"
    )
    registration = models.ForeignKey(
        Registration, verbose_name=_("player"), on_delete=models.CASCADE, related_name="attendance"
    )
    present = models.BooleanField(_("present"))
    marked_at = models.DateTimeField(_("marked at"))
    marked_by = person_column(_("marked by"))
    marked_by_label = person_label_column(_("marked by (name)"), blank=True)
    arrived_at = models.DateTimeField(_("arrived at"), null=True, blank=True)
    lateness_dismissed_at = models.DateTimeField(_("lateness dismissed at"), null=True, blank=True)
    lateness_dismissed_by = person_column(_("lateness dismissed by"))
    lateness_dismissal = models.CharField(_("why the lateness was dismissed"), max_length=200, blank=True)

    class Meta:
        ordering = ["session", "registration"]
        constraints = [
            models.UniqueConstraint(fields=["session", "registration"], name="one_attendance_per_session")
        ]
        verbose_name = _("attendance")
        verbose_name_plural = _("attendance")

    def __str__(self) -> str:
        return f"{self.session}: {self.registration} {'present' if self.present else 'absent'}"
