"""The "who did it" columns several models share: the login who entered, checked, marked, gave or cancelled
something, the name shown for them, and when. One definition here, so every model keeps the same shape: the login is
kept as NULL when it is deleted (the row stays, the label column keeps the name it had), and the name is at most 150
characters (a login's username). The database schema is what each model had written out before."""

from django.conf import settings
from django.db import models

PERSON_LABEL_LENGTH = 150


def person_column(verbose_name, *, related_name: str | None = "+") -> models.ForeignKey:
    """The login who did it (``related_name=None``: the default reverse accessor, as a few models have)."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=verbose_name,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name=related_name,
    )


def person_label_column(verbose_name, *, blank: bool = False) -> models.CharField:
    """The name shown for who did it (the login's name then, or a referee's typed name)."""
    return models.CharField(verbose_name, max_length=PERSON_LABEL_LENGTH, blank=blank)


def done_by(
    by, label, at, *, related_name: str | None = "+", label_blank: bool = False
) -> tuple[models.ForeignKey, models.CharField, models.DateTimeField]:
    """Who did it, their name and when the row was written: ``entered_by, entered_by_label, entered_at =
    done_by(_("entered by"), _("entered by (name)"), _("entered at"))``."""
    return (
        person_column(by, related_name=related_name),
        person_label_column(label, blank=label_blank),
        models.DateTimeField(at, auto_now_add=True),
    )
