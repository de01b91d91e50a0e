"""Prizes in templates: ``{{ prize|prize_place }}`` ("place 1 of the category newcomer") and
``{{ name|tie_break }}`` (a tie-break by its name), from tournament.display.prizes."""

from django import template

from tournament.display import prizes

register = template.Library()


@register.filter
def prize_place(prize) -> str:
    return prizes.prize_place(prize.ranking, prize.category, prize.place)


@register.filter
def tie_break(name: str) -> str:
    return prizes.tie_break_label(name)
