"""Points in templates, always through scoring.points so that the screen, the spreadsheet and the paper agree.

{{ value|points }} -> '+23.4'   {{ value|points_full }} -> '+23,400'   {{ value|points_full:"unsigned" }} -> '23,400'
"""

from django import template

from scoring.points import format_points, format_points_full

register = template.Library()


@register.filter
def points(value: int | None) -> str:
    return format_points(value)


@register.filter
def points_full(value: int | None, unsigned: str = "") -> str:
    return format_points_full(value, sign=unsigned != "unsigned")
