"""Prizes in templates: ``{{ prize|prize_title }}`` (as typed, or named after its place in the reader's language:
"Third place", "Beste Spielerin"), ``{{ prizes|prize_titles }}`` ("Best junior, Best team"), ``{{ prize|prize_place
}}`` ("place 1 of the category newcomer") and ``{{ name|tie_break }}`` (a tie-break by its name), from
tournament.display.prizes."""

from django import template

from tournament.display import prizes
from tournament.display.names import rank_label

register = template.Library()


@register.filter
def prize_title(prize) -> str:
    return prizes.prize_title(prize)


@register.filter
def prize_titles(prize_list) -> str:
    """Several prizes' titles: "Best junior, Best team"."""
    return ", ".join(prizes.prize_title(prize) for prize in prize_list)


@register.filter
def prize_place(prize) -> str:
    return prizes.prize_place(prize.ranking, prize.category, prize.place)


@register.filter
def statistic(winner, ranking: str) -> str:
    """What a prize of the statistics was won with: "5 wins", "18,000 points"."""
    return prizes.statistic_figure(ranking, winner.figure)


@register.filter
def tie_break(name: str) -> str:
    return prizes.tie_break_label(name)


@register.filter
def winner_names(winners) -> str:
    """ "A and B", "A, B and C": the winners of a tied prize."""
    return prizes.tie_words([winner.name for winner in winners])


@register.filter
def rank(winner) -> str:
    """A winner's place in the standings or among the groups: "2=" when shared."""
    return rank_label(winner.rank, winner.tied)


@register.filter
def tie_break_list(names) -> str:
    """The tournament's tie-breaks in their order: "best single session, most first places"."""
    return ", ".join(prizes.tie_break_label(name) for name in names)
