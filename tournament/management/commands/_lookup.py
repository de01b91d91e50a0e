"""Shared by the commands: find a tournament by slug with a clear error."""

from django.core.management.base import CommandError

from tournament.models import Tournament


def tournament_or_error(slug: str) -> Tournament:
    try:
        return Tournament.objects.get(slug=slug)
    except Tournament.DoesNotExist:
        known = ", ".join(Tournament.objects.values_list("slug", flat=True)[:10]) or "none yet"
        raise CommandError(f"no tournament {slug!r} (known: {known})") from None
