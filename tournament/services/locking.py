"""The services' row locks, in one order: the tournament, then a session, then a table (then what belongs to them).
Every service that locks more than one of these takes them through here, so no two writers wait for each other the
other way round (a deadlock): a result entry holds the tournament and the session FOR SHARE and its table FOR
UPDATE (lock_table(share_parents=True)); a change of a session's seating, of its clock or of a substitute locks the
tournament and then the session FOR UPDATE (lock_session), so it waits for an entry, then sees its result and
refuses (refuse_if_session_has_results). Locking the tournament and the session in one statement took the session
first and deadlocked with an entry between its two locks: each row is locked on its own, in this order.

SQLite runs one writing transaction at a time; the locks matter on PostgreSQL.
"""

from django.db import connection

from tournament.errors import DomainError
from tournament.models import Session, Table, Tournament


def lock_tournament(tournament_id: int) -> None:
    """The tournament's row FOR UPDATE (its key only): one change of this tournament at a time."""
    Tournament.objects.select_for_update().only("pk").get(pk=tournament_id)


def locked_tournament(tournament: Tournament) -> Tournament:
    """The tournament's row FOR UPDATE, read again as it stays until the change commits."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def lock_session(session: Session) -> Session:
    """The tournament, then the session FOR UPDATE; the session read again with its tournament."""
    lock_tournament(session.tournament_id)
    return Session.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=session.pk)


def lock_session_numbered(tournament: Tournament, number: int) -> Session | None:
    """lock_session for the session of this number (None when the tournament has none)."""
    lock_tournament(tournament.pk)
    return (
        Session.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .filter(tournament=tournament, number=number)
        .first()
    )


def lock_session_row(session: Session) -> None:
    """Only the session's row FOR UPDATE: one change of its marks (attendance) at a time."""
    Session.objects.select_for_update(of=("self",)).filter(pk=session.pk).first()


def lock_table(table: Table, *, share_parents: bool = False) -> Table:
    """The table's row FOR UPDATE, read again with its session and tournament.

    ``share_parents`` (a result entry): the tournament and the session are held FOR SHARE first, which other
    entries share, so entries at other tables of the tournament go on at once, while a change of the rules or of
    the session's seating (which lock them FOR UPDATE) waits for the entry, then sees its result and refuses."""
    if share_parents:
        ids = Table.objects.filter(pk=table.pk).values_list("session__tournament_id", "session_id").first()
        if ids is not None:
            hold_for_share(Tournament, ids[0])
            hold_for_share(Session, ids[1])
    return (
        Table.objects.select_for_update(of=("self",)).select_related("session__tournament").get(pk=table.pk)
    )


def hold_for_share(model, pk: int) -> None:
    """PostgreSQL ``FOR SHARE`` (Django has no share lock); SQLite runs one writing transaction at a time."""
    if connection.vendor != "postgresql":
        return
    quote = connection.ops.quote_name
    sql = f"SELECT 1 FROM {quote(model._meta.db_table)} WHERE {quote(model._meta.pk.column)} = %s FOR SHARE"
    with connection.cursor() as cursor:
        cursor.execute(sql, [pk])


def refuse_if_session_has_results(session: Session) -> None:
    """A session that has results keeps its seating."""
    if session.has_results():
        raise DomainError.coded("session_has_results", number=session.number)
