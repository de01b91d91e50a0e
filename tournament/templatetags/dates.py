"""Dates and times for people in the page's language (tournament.display.dates, the one home of the convention).

{{ value|when }} -> 'Thu 26 Nov, 14:00'          {{ value|when:"year" }} -> 'Thu 26 Nov 2026, 14:00'
{{ value|when:"seconds" }} -> 'Thu 26 Nov, 14:00:05'   {{ value|when:"weekday" }} -> 'Thu 14:00'
{{ value|when:"long" }} -> 'Thursday 26 November 2026, 14:00' (paper)
{{ value|day }} -> '26 November 2026'            {{ value|day:"weekday" }} -> 'Thursday 26 November 2026'
(in German: 'Do., 26. Nov., 14:00', '26. November 2026'; in French: 'jeu. 26 nov., 14:00', '26 novembre 2026')

A date for the browser or a program (an attribute, a query, JSON) is written with ``|date:"c"`` or
``|date:"Y-m-d"``, never localised.
"""

from django import template

from tournament.display import dates

register = template.Library()


@register.filter
def when(value, options: str = "") -> str:
    return dates.when(value or None, **dates.when_options(options))


@register.filter
def day(value, options: str = "") -> str:
    if options not in ("", "weekday"):
        raise ValueError(f"unknown day option {options!r}; use 'weekday'")
    return dates.day(value or None, weekday=options == "weekday")
