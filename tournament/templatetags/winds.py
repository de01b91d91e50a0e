"""``{{ seat.wind|wind_letter }}``: a stored seat wind (E, S, W, N) as the one letter of the page's language."""

from django import template

from tournament.display.winds import WIND_LETTERS

register = template.Library()


@register.filter
def wind_letter(code: str) -> str:
    return WIND_LETTERS.get(code, code)
