"""The audit log's entries in the reader's language (tournament.display.audit_words)."""

from django import template

from tournament.display.audit_words import describe

register = template.Library()


@register.filter
def described(entry) -> str:
    return describe(entry)
