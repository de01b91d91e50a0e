"""What the navigation needs to know: the user's role in the tournament, the staff links of their roles, the
seating that is public and the side rankings the reader may see."""

from django import template

from tournament.display.navigation import staff_links
from tournament.display.rankings import ranking_label, ranking_url
from tournament.permissions import can_organise
from tournament.selectors.visibility import PUBLIC, public_rankings

register = template.Library()


@register.filter
def organises(user, tournament) -> bool:
    return can_organise(user, tournament)


@register.simple_tag(takes_context=True)
def staff_nav(context, tournament):
    """The staff links (tournament.display.navigation) of the roles the current user has in the tournament. A page outside
    its section's address (a job's page, a PDF's) names the section's address as ``nav_path`` in its context."""
    request = context["request"]
    return staff_links(request.user, tournament, context.get("nav_path") or request.path)


@register.simple_tag
def latest_published_session(tournament):
    """The number of the last session whose seating is published, or None."""
    return (
        tournament.sessions.filter(seating_published=True)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )


@register.simple_tag
def ranking_links(tournament, reader=PUBLIC) -> list[tuple[str, str]]:
    """(address, label) of each side ranking the reader may see (selectors.visibility.public_rankings); without a
    reader, what the public sees (a page fragment shared by every reader)."""
    return [
        (
            ranking_url(tournament.slug, ranking.kind, ranking.category),
            ranking_label(ranking.kind, ranking.category),
        )
        for ranking in public_rankings(tournament, reader)
    ]
