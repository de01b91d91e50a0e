"""The days of a tournament: its sessions grouped by the date they start on in the hall's time zone (TIME_ZONE),
for printing a day's papers at once (tournament.printing.packs). A session without a start time is on no day."""

from datetime import date
from typing import NamedTuple

from django.db.models import Exists, OuterRef
from django.utils.timezone import localdate

from tournament.models import Session, Table, Tournament


class Day(NamedTuple):
    date: date
    sessions: tuple[int, ...]  # their numbers, in order
    seated: bool  # every one of them has its tables


def session_days(tournament: Tournament) -> list[Day]:
    """Every day a session starts on, in order."""
    seated = Table.objects.filter(session=OuterRef("pk"))
    rows = (
        tournament.sessions.filter(starts_at__isnull=False)
        .annotate(seated=Exists(seated))
        .order_by("starts_at", "number")
        .values_list("number", "starts_at", "seated")
    )
    days: dict[date, list[tuple[int, bool]]] = {}
    for number, starts_at, has_tables in rows:
        days.setdefault(localdate(starts_at), []).append((number, has_tables))
    return [
        Day(day, tuple(sorted(number for number, _seated in found)), all(seated for _n, seated in found))
        for day, found in days.items()
    ]


def sessions_on(tournament: Tournament, day: date) -> list[Session]:
    """The sessions that start on ``day`` in the hall's time zone, by number."""
    return list(tournament.sessions.filter(starts_at__date=day).order_by("number"))
