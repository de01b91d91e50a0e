"""The model's own field checks (lengths, patterns, choices, uniqueness, ``clean()``) as a DomainError, the length
of one text for its column, and the length of a submission key."""

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models

from tournament.display.sentences import labelled
from tournament.errors import DomainError
from tournament.models.submission import SUBMISSION_KEY_LENGTH


def full_clean_or_refuse(instance: models.Model, *, where: str) -> None:
    """Run ``full_clean()``; a problem becomes ``DomainError("invalid_field")`` naming ``where`` and each field."""
    try:
        instance.full_clean()
    except ValidationError as error:
        problems = "; ".join(
            _problem(instance, field, messages) for field, messages in sorted(error.message_dict.items())
        )
        raise DomainError.coded("invalid_field", where=where, problems=problems) from error


def _problem(instance: models.Model, field: str, messages: list[str]) -> str:
    text = " ".join(messages)
    if field == NON_FIELD_ERRORS:
        return text
    return labelled(instance._meta.get_field(field).verbose_name, text)


def check_submission_key(key: str | None) -> None:
    """A submission key that does not fit its column (tournament/models/submission.py) is refused before any
    query sees it; the forms refuse it first, this guards every other caller."""
    if key is not None and len(key) > SUBMISSION_KEY_LENGTH:
        raise DomainError.coded("bad_submission_key", count=SUBMISSION_KEY_LENGTH)


def check_length(value: str, *, model: type[models.Model], field: str, where: str) -> None:
    """A text longer than its column is refused naming ``where`` and the field: the forms refuse it first, this
    guards every other caller (PostgreSQL refuses such a value with an error, SQLite would store it)."""
    column = model._meta.get_field(field)
    if len(value) > column.max_length:
        raise DomainError.coded("too_long", where=where, field=column.verbose_name, count=column.max_length)
