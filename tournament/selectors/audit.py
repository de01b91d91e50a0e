"""The audit log of a tournament as the organiser reads it: newest first, filtered by session, table, player and
the person who made the change.

The entries' ``data`` name what they touched in different ways (``session`` or ``sessions``, ``table``, a
player's ``key``, ``keys`` or ``players``, a penalty's id, a person's id); a result names only its table, so the
players of a table are found through the seating. The filters are applied here, in Python, over the entries'
data: the same on SQLite and PostgreSQL, and a tournament's log is thousands of rows, not millions.
"""

from typing import NamedTuple

from django.db.models import QuerySet

from tournament.models import AuditEntry, Penalty, Registration, Seat, Tournament


class LogFilter(NamedTuple):
    session: int | None = None
    table: int | None = None
    player: str | None = None  # a registration key
    person: str | None = None  # who made the change (the actor's login name)

    @property
    def active(self) -> bool:
        return any(value not in (None, "") for value in self)


class _Facts(NamedTuple):
    sessions: set[int]
    tables: set[tuple[int, int]]
    keys: set[str]


def latest_entries(tournament: Tournament, count: int = 10) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(tournament=tournament).order_by("-created_at", "-id")[:count])


def people(tournament: Tournament) -> list[str]:
    """Everybody who made a change in the tournament, by login name."""
    labels = AuditEntry.objects.filter(tournament=tournament).values_list("actor_label", flat=True)
    return sorted(set(labels), key=str.casefold)


def audit_entries(tournament: Tournament, wanted: LogFilter | None = None) -> QuerySet:
    """The tournament's entries matching every given filter, newest first."""
    wanted = wanted or LogFilter()
    entries = AuditEntry.objects.filter(tournament=tournament).order_by("-created_at", "-id")
    if wanted.person:
        entries = entries.filter(actor_label=wanted.person)
    if wanted.session is None and wanted.table is None and not wanted.player:
        return entries
    lookup = _Lookup(tournament)
    ids = [pk for pk, data in entries.values_list("id", "data") if _matches(lookup.facts(data), wanted)]
    return entries.filter(pk__in=ids)


def _matches(facts: _Facts, wanted: LogFilter) -> bool:
    if wanted.session is not None and wanted.session not in facts.sessions:
        return False
    if wanted.table is not None and not any(
        table == wanted.table and (wanted.session is None or session == wanted.session)
        for session, table in facts.tables
    ):
        return False
    return not wanted.player or wanted.player in facts.keys


class _Lookup:
    """What the data of an entry points at, resolved once per request: seats, penalties, people."""

    def __init__(self, tournament: Tournament):
        seats = Seat.objects.filter(session__tournament=tournament).values_list(
            "session__number", "table__number", "registration__key"
        )
        self.players_at: dict[tuple[int, int], set[str]] = {}
        self.table_of: dict[tuple[int, str], int] = {}
        for session, table, key in seats:
            self.players_at.setdefault((session, table), set()).add(key)
            self.table_of[(session, key)] = table
        self.penalties = {
            pk: (session, key)
            for pk, session, key in Penalty.objects.filter(session__tournament=tournament).values_list(
                "id", "session__number", "registration__key"
            )
        }
        self.key_of_person = dict(
            Registration.objects.filter(tournament=tournament).values_list("player_id", "key")
        )

    def facts(self, data) -> _Facts:
        data = data if isinstance(data, dict) else {}
        sessions = set(_numbers(data.get("sessions"))) | set(_numbers([data.get("session")]))
        keys = (
            set(_texts([data.get("key")])) | set(_texts(data.get("keys"))) | set(_texts(data.get("players")))
        )
        if isinstance(data.get("penalty"), int) and data["penalty"] in self.penalties:
            session, key = self.penalties[data["penalty"]]
            sessions.add(session)
            keys.add(key)
        if isinstance(data.get("player"), int) and data["player"] in self.key_of_person:
            keys.add(self.key_of_person[data["player"]])
        tables = set()
        if isinstance(data.get("table"), int) and isinstance(data.get("session"), int):
            tables.add((data["session"], data["table"]))
            keys |= self.players_at.get((data["session"], data["table"]), set())
        for session in sessions:
            for key in keys:
                if (session, key) in self.table_of:
                    tables.add((session, self.table_of[(session, key)]))
        return _Facts(sessions, tables, keys)


def _numbers(values) -> list[int]:
    if not isinstance(values, list):
        return []
    return [value for value in values if isinstance(value, int) and not isinstance(value, bool)]


def _texts(values) -> list[str]:
    if not isinstance(values, list):
        return []
    return [value for value in values if isinstance(value, str)]
