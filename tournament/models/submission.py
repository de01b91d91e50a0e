"""The submission key: the hidden value of a form that makes a re-post (bad Wi-Fi, a double tap) return what the
first post created. The one home of its pattern (its length is scoring.limits.SUBMISSION_KEY_LENGTH): the models'
columns, the forms and the services use these, so a longer key is refused where it enters and never reaches the
database (PostgreSQL refuses a value longer than the column; SQLite would store it)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.limits import SUBMISSION_KEY_LENGTH

SUBMISSION_KEY_PATTERN = rf"^[A-Za-z0-9_-]{{8,{SUBMISSION_KEY_LENGTH}}}\Z"  # what a form accepts


def submission_key_column(**options) -> models.CharField:
    return models.CharField(_("submission key"), max_length=SUBMISSION_KEY_LENGTH, unique=True, **options)
