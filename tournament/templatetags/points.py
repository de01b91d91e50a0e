"""Points in templates, in the page's language (tournament.display.numbers over scoring.points), so that the screen and the
paper agree.

{{ value|points }} -> '+23.4'   {{ value|points_full }} -> '+23,400'   {{ value|points_full:"unsigned" }} -> '23,400'
(in Dutch: '+23,4', '+23.400', '23.400')

{{ value|whole }} -> '2,000' (a count or a hand's value, never signed; '2.000' in Dutch)

{{ value|machine }} -> '24.5' in every language: a number for the browser (an SVG coordinate, a CSS length, a data
attribute), never localised.
"""

from django import template

from tournament.display import numbers

register = template.Library()


@register.filter
def points(value: int | None) -> str:
    return numbers.points(value)


@register.filter
def points_full(value: int | None, unsigned: str = "") -> str:
    return numbers.points_full(value, sign=unsigned != "unsigned")


@register.filter
def whole(value: int) -> str:
    return numbers.whole(value)


@register.filter
def machine(value: int | float) -> str:
    return numbers.machine(value)
