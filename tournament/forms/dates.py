"""Dates and times as people type them, in one place for every form (the settings' days and session starts, the
new tournament's start times, the hall announcement's end).

Every language takes the day first, with full stops, slashes or dashes (29.11.2026 10:00 as German writes it,
29/11/2026 10:00 as French, 29-11-2026 10:00 as Dutch) and ISO (2026-11-29 10:00, 2026-11-29T10:00, what a
browser's date picker sends). A month-first date (11/29/2026) is never read: in a European hall "05/09" is the
5th of September, and guessing would put a session on the wrong day. A refusal gives an example written the way
the reader's language writes dates (``example_datetime``), today at 10:00 in the hall.
"""

from datetime import datetime, time

from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import get_language
from django.utils.translation import gettext as _

DATE_FORMATS = ("%Y-%m-%d", "%d.%m.%Y", "%d/%m/%Y", "%d-%m-%Y")
DATETIME_FORMATS = tuple(
    f"{day}{between}{clock}"
    for day in DATE_FORMATS
    for between in (("T", " ") if day == "%Y-%m-%d" else (" ",))
    for clock in ("%H:%M", "%H:%M:%S")
)
# how each language writes a date for people to copy (the first is used for a language not listed)
WRITTEN = {"en": "%Y-%m-%d", "nl": "%d-%m-%Y", "de": "%d.%m.%Y", "fr": "%d/%m/%Y"}


def _written(language: str | None) -> str:
    return WRITTEN.get((language or get_language() or "en").split("-")[0], WRITTEN["en"])


def example_date(language: str | None = None) -> str:
    """Today in the hall as the reader's language writes a date: "29.11.2026" in German."""
    return timezone.localdate().strftime(_written(language))


def example_datetime(language: str | None = None) -> str:
    """Today at 10:00 in the hall as the reader's language writes it: "29.11.2026 10:00" in German."""
    return datetime.combine(timezone.localdate(), time(10)).strftime(_written(language) + " %H:%M")


def parse_datetime_typed(text: str) -> datetime | None:
    """A date and time typed in any of the accepted forms (naive, as typed), or None."""
    for layout in DATETIME_FORMATS:
        try:
            return datetime.strptime(text.strip(), layout)
        except ValueError:
            continue
    return None


def _invalid_date() -> str:
    return _("Enter a date such as %(example)s.") % {"example": example_date()}


def _invalid_datetime() -> str:
    return _("Enter a date and time such as %(example)s.") % {"example": example_datetime()}


# the fields' refusals, made in the language of the moment they are shown
INVALID_DATE = lazy(_invalid_date, str)()
INVALID_DATETIME = lazy(_invalid_datetime, str)()


def typed_date(field):
    """A form's DateField made to read the dates above and refuse with the reader's example."""
    field.input_formats = DATE_FORMATS
    field.error_messages = {**field.error_messages, "invalid": INVALID_DATE}
    return field


def typed_datetime(field):
    """A form's DateTimeField made to read the dates and times above and refuse with the reader's example."""
    field.input_formats = DATETIME_FORMATS
    field.error_messages = {**field.error_messages, "invalid": INVALID_DATETIME}
    return field
