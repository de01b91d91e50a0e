"""``{% hall_announcement tournament as announcement %}``: the hall announcement on show for the public pages'
banner (layouts/public.html), in the reader's language (selectors.announcements). A live page's view has read it
already for its ETag (views/public/live.py) and passes it as ``announcement``; it is not read twice."""

from django import template

from tournament.selectors.announcements import tournament_announcement

register = template.Library()


@register.simple_tag(takes_context=True)
def hall_announcement(context, tournament):
    if "announcement" in context:
        return context["announcement"]
    return tournament_announcement(tournament) if tournament else None
