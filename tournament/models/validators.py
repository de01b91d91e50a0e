"""Field validators shared by the models and the forms: the ranges of scoring.limits, with a message that says
what is allowed. A form shows the message at its field; a service refuses through ``full_clean`` (services.
validation) or checks the same range itself (services.sessions, services.schedule.check_start)."""

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy as _

from scoring.limits import FIRST_YEAR, LAST_YEAR, MAX_SESSION_MINUTES

YEARS_MESSAGE = _("Give a date in the years %(first)s to %(last)s.")
SESSION_MINUTES = [MinValueValidator(1), MaxValueValidator(MAX_SESSION_MINUTES)]


def in_years(moment) -> bool:
    """A date or time in the years a tournament can have (scoring.limits: FIRST_YEAR to LAST_YEAR)."""
    return FIRST_YEAR <= moment.year <= LAST_YEAR


def tournament_year(value) -> None:
    """A date or date and time in FIRST_YEAR to LAST_YEAR (year 9999 or year 1 is a typing mistake)."""
    if value is not None and not in_years(value):
        raise ValidationError(
            YEARS_MESSAGE, code="year_range", params={"first": FIRST_YEAR, "last": LAST_YEAR}
        )
