"""What the navigation needs to know: the user's role in the tournament and the seating that is public."""

from django import template

from tournament.permissions import can_organise

register = template.Library()


@register.filter
def organises(user, tournament) -> bool:
    return can_organise(user, tournament)


@register.simple_tag
def latest_published_session(tournament):
    """The number of the last session whose seating is published, or None."""
    return (
        tournament.sessions.filter(seating_published=True)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
