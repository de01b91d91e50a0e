"""``{{ entry.actor_label|actor }}``: who made a change, in the reader's language (tournament/display/actors.py)."""

from django import template

from tournament.display.actors import shown

register = template.Library()


@register.filter
def actor(label: str) -> str:
    return shown(label or "")
