"""Shared pieces of the organiser page tests: addresses, the audit log, a four-player tournament whose standings
are worked out by hand."""

import pytest

from tournament.models import AuditEntry
from tournament.services.archive_import import import_archive


def page(path: str = "", slug: str = "demo") -> str:
    return f"/t/{slug}/organise/{path}"


def actions(tournament, since: int = 0) -> list[str]:
    """The audit actions written for the tournament after entry id ``since``, oldest first."""
    entries = AuditEntry.objects.filter(tournament=tournament, pk__gt=since).order_by("id")
    return list(entries.values_list("action", flat=True))


def last_entry_id() -> int:
    return AuditEntry.objects.order_by("-id").values_list("id", flat=True).first() or 0


@pytest.fixture
def small(db):
    """Four players, one table in session 1 with 40,000 / 35,000 / 25,000 / 20,000 (EMA 2016), session 2 seated
    without a result. By hand (3.6: score = raw - 30,000, uma 15,000 / 5,000 / -5,000 / -15,000): Anna +25.0,
    Bram +10.0, Cees -10.0, Dirk -25.0."""
    names = [
        ("a", "Anna", "Aalders"),
        ("b", "Bram", "Bakker"),
        ("c", "Cees", "Claassen"),
        ("d", "Dirk", "Dekker"),
    ]
    players = [
        {"key": key, "first_name": first, "last_name": last, "country": "NED"} for key, first, last in names
    ]
    seats = lambda scores: [  # noqa: E731
        {"wind": wind, "player": key, **({"score": score} if score is not None else {})}
        for wind, (key, *_), score in zip("ESWN", names, scores, strict=True)
    ]
    data = {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {
            "slug": "small",
            "name": "Small Open",
            "short_name": "SO",
            "city": "Leiden",
            "country": "NED",
        },
        "players": players,
        "sessions": [
            {"number": 1, "tables": [{"number": 1, "seats": seats((40_000, 35_000, 25_000, 20_000))}]},
            {"number": 2, "tables": [{"number": 1, "seats": seats((None, None, None, None))}]},
        ],
    }
    return import_archive(actor=None, data=data)


@pytest.fixture
def small_organiser(client, small, make_user):
    client.force_login(make_user("olga", tournament=small, role="organiser"))
    return client
