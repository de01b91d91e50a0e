"""Dates and times as people read them, in the page's language: the one home of the date display convention.
Pages, printed documents and messages call these (``{{ value|when }}`` and ``{{ value|day }}`` in templates,
tournament/templatetags/dates.py); nothing else writes a date pattern for people. Dates for programs (datetime
attributes, JSON, ISO 8601 in files and forms) are never localised and do not come here.

Each language writes a date as its readers expect (CLDR's medium forms, which Django's own formats do not offer:
Django's English "N" writes "Nov." and its German "D" writes "Do" without the full stop):

    en  Thu 26 Nov, 14:00       Thu 26 Nov 2026, 14:00       26 November 2026     Thursday 26 November 2026
    nl  do 26 nov, 14:00        do 26 nov 2026, 14:00        26 november 2026     donderdag 26 november 2026
    de  Do., 26. Nov., 14:00    Do., 26. Nov. 2026, 14:00    26. November 2026    Donnerstag, 26. November 2026
    fr  jeu. 26 nov., 14:00     jeu. 26 nov. 2026, 14:00     26 novembre 2026     jeudi 26 novembre 2026

(a moment with the short month, a day alone with the month in full, as each language's long date).

The words (day and month names) are Django's translations; the table below only orders them. A language of
``settings.LANGUAGES`` needs its line here (a test checks it); one without falls back to the English order.
Times are the hall's (``settings.TIME_ZONE``): an aware datetime is shown in local time, as the ``|date`` filter
does. A date is never broken across lines (its spaces are no-break spaces; a line may break before the time).
"""

from dataclasses import dataclass
from datetime import date, datetime

from django.utils import dateformat, timezone, translation


@dataclass(frozen=True)
class Convention:
    """Django date-format characters (those of the ``|date`` filter) for the parts of a date in one language."""

    weekday: str  # the short weekday before a date or a time, with what follows it
    day: str  # day and short month
    long_weekday: str  # the full weekday before a long date, with what follows it
    long_day: str  # day and full month
    year: str = " Y"  # after the month
    glue: str = ", "  # between the date and the time


CONVENTIONS = {
    "en": Convention(weekday="D ", day="j M", long_weekday="l ", long_day="j F"),
    "nl": Convention(weekday="D ", day="j N", long_weekday="l ", long_day="j F"),
    "de": Convention(weekday="D., ", day="j. N", long_weekday="l, ", long_day="j. F"),
    "fr": Convention(weekday="D. ", day="j N", long_weekday="l ", long_day="j F"),
}
OPTIONS = frozenset({"year", "seconds", "weekday", "long"})
NO_BREAK = "\u00a0"


def when(
    value: datetime | None,
    *,
    year: bool = False,
    seconds: bool = False,
    weekday_only: bool = False,
    long: bool = False,
    language: str | None = None,
) -> str:
    """A moment: "Thu 26 Nov, 14:00" (``year``: "Thu 26 Nov 2026, 14:00"; ``seconds``: "..., 14:00:05";
    ``weekday_only``: "Thu 14:00", for a time in the coming days; ``long``: "Thursday 26 November 2026, 14:00",
    for paper). None is ''."""
    if value is None:
        return ""
    rules = _convention(language)
    clock = "H:i:s" if seconds else "H:i"
    if weekday_only:
        return _whole(_format(value, rules.weekday + clock, language))
    date_text = _whole(_format(value, _date_pattern(rules, weekday=True, year=year, long=long), language))
    return date_text + rules.glue + _format(value, clock, language)


def day(value: date | datetime | None, *, weekday: bool = False, language: str | None = None) -> str:
    """A day, the month in full: "26 November 2026" (``weekday``: "Thursday 26 November 2026"). None is ''."""
    if value is None:
        return ""
    return _whole(
        _format(value, _date_pattern(_convention(language), weekday=weekday, year=True, long=True), language)
    )


def when_options(options: str) -> dict[str, bool]:
    """The template filter's words ("year seconds") as keyword arguments of ``when``; an unknown word is an
    error in the template, not a silent default."""
    words = set(options.split())
    if unknown := words - OPTIONS:
        raise ValueError(f"unknown date option(s) {sorted(unknown)}; use {sorted(OPTIONS)}")
    return {
        "year": "year" in words,
        "seconds": "seconds" in words,
        "weekday_only": "weekday" in words,
        "long": "long" in words,
    }


def _date_pattern(rules: Convention, *, weekday: bool, year: bool, long: bool) -> str:
    if long:
        return (rules.long_weekday if weekday else "") + rules.long_day + rules.year
    return (rules.weekday if weekday else "") + rules.day + (rules.year if year else "")


def _whole(text: str) -> str:
    """A date kept on one line: its spaces are no-break spaces, so a narrow column breaks a moment before its
    time ("Sa., 9. Mai, | 10:00"), never between the day and its month ("Sa., 9. | Mai")."""
    return text.replace(" ", NO_BREAK)


def _convention(language: str | None) -> Convention:
    code = (language or translation.get_language() or "en").split("-")[0]
    return CONVENTIONS.get(code, CONVENTIONS["en"])


def _format(value: date | datetime, pattern: str, language: str | None) -> str:
    if isinstance(value, datetime) and timezone.is_aware(value):
        value = timezone.localtime(value)
    if language is None:
        return dateformat.format(value, pattern)
    with translation.override(language):
        return dateformat.format(value, pattern)
