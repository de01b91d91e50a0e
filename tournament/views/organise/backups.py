"""The snapshots and backups of a tournament (/t/<slug>/organise/backups/), newest first: when, why, how large, how
long each is kept, the room the snapshots take, and how the operator restores one (tournament.selectors.backups).
The page restores nothing."""

from django.conf import settings
from django.shortcuts import render

from tournament.selectors.backups import snapshot_usage, tournament_backups
from tournament.views.access import organiser_required


@organiser_required
def backups(request, slug):
    tournament = request.tournament
    context = {
        "tournament": tournament,
        "rows": tournament_backups(tournament, request.user),
        "keep_days": settings.TENBOU_BACKUP_KEEP_DAYS,
        "snapshots_on": settings.TENBOU_SNAPSHOTS,
        "usage": snapshot_usage(),
        "window_minutes": _minutes(settings.TENBOU_SNAPSHOT_WINDOW_SECONDS),
        "everything": request.user.is_superuser,
    }
    return render(request, "organise/backups.html", context)


def _minutes(seconds: int) -> int:
    """The coalescing window in whole minutes, as the page says it (0: none; under a minute counts as one)."""
    return max(1, round(seconds / 60)) if seconds else 0
