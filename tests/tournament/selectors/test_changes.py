"""selectors.changes.change_stamp: the highest id of the tournament's audit entries (and those without a tournament),
the latest time and, on PostgreSQL, their count, in one query; what the public pages' caches and ETags are made of."""

import threading

import pytest
from django.db import connection, connections, transaction
from django.test.utils import CaptureQueriesContext

from tournament.database import direct
from tournament.models import AuditEntry, ChangeCount
from tournament.selectors.changes import Stamp, change_stamp, site_stamp, tournament_and_stamp
from tournament.services import players
from tournament.services.publication import set_standings_hidden
from tournament.services.tournaments import create_tournament

COUNTED = connection.vendor != "sqlite"  # SQLite's ids are committed in order: the highest names the entries


def entries(number: int) -> int:
    return number if COUNTED else 0


def test_the_stamp_counts_this_tournaments_entries_and_those_of_none(db, django_assert_num_queries):
    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    with django_assert_num_queries(1):
        first = change_stamp(lotus)
    created = AuditEntry.objects.get(tournament=lotus)
    assert first == Stamp(entries(1), created.pk, created.created_at)
    assert first.token == f"{entries(1)}.{created.pk}.{int(created.created_at.timestamp() * 1_000_000)}"
    other = create_tournament(actor=None, slug="tulip", name="Tulip Cup")
    assert change_stamp(lotus) == first  # another tournament's change is not this one's
    players.register_player(actor=None, tournament=lotus, first_name="Ann", last_name="Smit")
    second = change_stamp(lotus)
    assert second.entries == entries(2) and second.last_id > first.last_id and second.at >= first.at
    AuditEntry.objects.create(tournament=None, actor_label="admin", action="person.edit", summary="edited")
    edited = AuditEntry.objects.latest("id")
    assert change_stamp(lotus) == Stamp(
        entries(3), edited.pk, edited.created_at
    )  # counts for every tournament
    assert change_stamp(other) == Stamp(entries(2), edited.pk, edited.created_at)


@pytest.mark.skipif(not COUNTED, reason="SQLite commits its entries in the order of their ids")
@pytest.mark.django_db(transaction=True)  # real commits, by two connections at once
def test_an_entry_committed_late_with_a_lower_id_still_changes_the_stamp():
    """PostgreSQL hands ids out before commit: a slower transaction's entry lands with a lower id after a faster
    one's. The count, taken when each transaction commits (ChangeCount), changes even when the highest id does not;
    and the slow transaction, open all along, never made the fast one wait (the count takes its lock at commit)."""
    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    written, finish, done = threading.Event(), threading.Event(), threading.Event()

    def slow_writer():
        try:
            with transaction.atomic():
                AuditEntry.objects.create(tournament=lotus, actor_label="slow", action="a", summary="a")
                written.set()
                finish.wait(10)
        finally:
            connections.close_all()
            done.set()

    slow = threading.Thread(target=slow_writer)
    slow.start()
    try:
        assert written.wait(10)
        fast = _in_thread(
            lambda: AuditEntry.objects.create(tournament=lotus, actor_label="fast", action="b", summary="b")
        )
        before = change_stamp(lotus)
        assert before.last_id == fast.pk and before.entries == entries(2)  # the slow entry is not counted yet
    finally:
        finish.set()
        slow.join(10)
    after = change_stamp(lotus)
    assert done.is_set() and AuditEntry.objects.get(actor_label="slow").pk < fast.pk
    assert after.last_id == before.last_id and after.entries == entries(3) and after.token != before.token


def _in_thread(write):
    """``write()`` committed by a connection of its own, within 5 s (else it waited on a lock)."""
    found = {}

    def run():
        try:
            found["written"] = write()
        finally:
            connections.close_all()

    writer = threading.Thread(target=run)
    writer.start()
    writer.join(5)
    assert "written" in found, "the write waited on the open transaction"
    return found["written"]


def test_an_empty_log(db):
    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    AuditEntry.objects.all().delete()
    ChangeCount.objects.all().delete()  # PostgreSQL's counts (entries are never deleted but here)
    assert change_stamp(lotus) == Stamp(0, 0, None) and change_stamp(lotus).token == "0.0.0"


def test_the_tournament_and_its_stamp_by_slug_in_one_query(db, django_assert_num_queries):
    """The fast path of the public pages (operations.fast_public): the same stamp as change_stamp, with the
    tournament's language, publication and standings' state, in one statement."""
    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    create_tournament(actor=None, slug="tulip", name="Tulip Cup")
    set_standings_hidden(actor=None, tournament=lotus, hidden=True)
    AuditEntry.objects.create(tournament=None, actor_label="admin", action="person.edit", summary="edited")
    lotus.refresh_from_db()
    with django_assert_num_queries(1):
        tournament, stamp, _asked = tournament_and_stamp("lotus")
    assert stamp == change_stamp(lotus) and stamp.entries == entries(3)
    assert (tournament.pk, tournament.language, tournament.is_public, tournament.standings_hidden) == (
        lotus.pk,
        lotus.language,
        lotus.is_public,
        True,
    )
    assert tournament_and_stamp("nowhere") is None


@pytest.mark.skipif(COUNTED, reason="PostgreSQL counts the entries (see the test above)")
def test_on_sqlite_the_stamp_is_one_look_into_the_index_however_long_the_log(db):
    """Read on every public request, the 304s too: the work SQLite does for it (its virtual machine's steps,
    counted by a progress handler) is the same for a log of 3 entries and of 3,000, where counting them grew with
    the log. It still sees the newest entry."""
    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    short = _sqlite_steps(lambda: tournament_and_stamp("lotus")), _sqlite_steps(lambda: change_stamp(lotus))
    AuditEntry.objects.bulk_create(
        AuditEntry(tournament=lotus, actor_label="x", action="x", summary="x") for _ in range(3000)
    )
    newest = AuditEntry.objects.create(tournament=lotus, actor_label="x", action="newest", summary="x")
    long = _sqlite_steps(lambda: tournament_and_stamp("lotus")), _sqlite_steps(lambda: change_stamp(lotus))
    assert long == short
    assert change_stamp(lotus) == Stamp(0, newest.pk, newest.created_at) == tournament_and_stamp("lotus")[1]


def _sqlite_steps(read) -> int:
    steps = [0]

    def step():
        steps[0] += 1
        return 0

    connection.ensure_connection()
    connection.connection.set_progress_handler(step, 1)
    try:
        read()
    finally:
        connection.connection.set_progress_handler(None, 1)
    return steps[0]


def test_the_sites_stamp_moves_with_every_tournaments_change(db, django_assert_num_queries):
    """selectors.changes.site_stamp, the read API's list of tournaments: every entry, of any tournament or none."""
    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    with django_assert_num_queries(1):
        first = site_stamp()
    assert first == change_stamp(lotus)  # the only entries so far are this tournament's
    tulip = create_tournament(actor=None, slug="tulip", name="Tulip Cup")
    second = site_stamp()
    assert second != first and second == Stamp(
        entries(2), change_stamp(tulip).last_id, change_stamp(tulip).at
    )
    players.register_player(actor=None, tournament=lotus, first_name="Ann", last_name="Smit")
    third = site_stamp()
    assert third.last_id == change_stamp(lotus).last_id > second.last_id and third.entries == entries(3)


@pytest.mark.skipif(not COUNTED, reason="PostgreSQL plans a statement; SQLite keeps its own statements")
def test_on_postgresql_the_stamps_statements_are_planned_once_per_connection(db):
    """The planning of the stamp's joins cost three times their execution: each statement is prepared on the
    connection (psycopg, protocol level) and run again from there, whichever tournament it reads."""
    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    tulip = create_tournament(actor=None, slug="tulip", name="Tulip Cup")
    for tournament in (lotus, tulip, lotus):
        assert tournament_and_stamp(tournament.slug)[1] == change_stamp(tournament)
    site_stamp()
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements")
        prepared = dict(cursor.fetchall())
    by_slug = [runs for statement, runs in prepared.items() if "tournament_tournament" in statement]
    by_id = [runs for statement, runs in prepared.items() if "scope = $1" in statement]
    assert by_slug == [3] and by_id == [3] and len(prepared) >= 3  # the site's stamp too


@pytest.mark.skipif(not COUNTED, reason="the setting of PostgreSQL's connections")
def test_a_pooler_that_keeps_no_prepared_statement_can_turn_them_off(db):
    """TENBOU_DB_PREPARED=0 (config/settings.py) leaves the connection's prepare_threshold None: the stamp is the
    same, nothing is prepared."""
    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    connection.ensure_connection()
    kept, connection.connection.prepare_threshold = connection.connection.prepare_threshold, None
    try:
        with connection.cursor() as cursor:
            cursor.execute("DEALLOCATE ALL")
        connection.connection._prepared.clear()  # psycopg's own note of what it prepared, gone with the DEALLOCATE
        stamp = change_stamp(lotus)
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_prepared_statements")
            assert cursor.fetchone()[0] == 0
    finally:
        connection.connection.prepare_threshold = kept
    assert stamp == change_stamp(lotus)


def test_the_stamps_statement_is_in_djangos_query_log(db):
    """Prepared or not, the statement shows in the query log (DEBUG's, the tests' query counts) as it was sent."""
    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    with CaptureQueriesContext(connection) as queries:
        for _ in range(2):
            change_stamp(lotus)
    assert [query["sql"].startswith("SELECT newest.id") for query in queries.captured_queries] == [True, True]


@pytest.mark.skipif(not COUNTED, reason="libpq is PostgreSQL's")
@pytest.mark.django_db(transaction=True)
def test_on_postgresql_the_stamp_read_straight_through_libpq_is_the_cursors():
    """Outside a transaction, as a request of the fast path reads it, the stamp goes straight through libpq
    (tournament/database/direct.py), prepared once per connection; it is the tuple Django's cursor gives: the same
    stamps, the same tournament, the same None for an unknown slug. A query log (DEBUG, a test's capture) takes
    Django's cursor."""
    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    set_standings_hidden(actor=None, tournament=lotus, hidden=True)
    create_tournament(actor=None, slug="tulip", name="Tulip Cup")

    def read():
        tournament, stamp, _asked = tournament_and_stamp("lotus")
        seen = (tournament.pk, tournament.language, tournament.is_public, tournament.standings_hidden)
        return seen, stamp, change_stamp(lotus), site_stamp(), tournament_and_stamp("nowhere")

    assert direct.usable()
    straight = read()
    with CaptureQueriesContext(connection) as through_django:
        assert not direct.usable()
        assert read() == straight
    assert len(through_django) == 4
    assert straight[0] == (lotus.pk, lotus.language, lotus.is_public, True)
    assert straight[1] == straight[2] and straight[1].entries == 2 and straight[3].entries == 3
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM pg_prepared_statements WHERE name LIKE 'tenbou_direct_%%'")
        assert len(cursor.fetchall()) == 3  # by slug, by id, the site's


@pytest.mark.skipif(not COUNTED, reason="libpq is PostgreSQL's")
@pytest.mark.django_db(transaction=True)
def test_a_statement_the_server_forgot_is_prepared_again_and_a_closed_connection_is_djangos_error():
    """A pooler's DISCARD ALL forgets the prepared statements: the next read prepares its own again. A connection
    the server closed fails as through a cursor (Django's OperationalError), which the fast path answers by going
    the normal way on a new connection (operations/fast_public.py)."""
    from django.db import OperationalError

    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    first = change_stamp(lotus)
    with connection.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")
    assert change_stamp(lotus) == first
    connection.connection.pgconn.finish()  # as a restarted server leaves it
    with pytest.raises(OperationalError):
        change_stamp(lotus)
    connection.close()
    assert change_stamp(lotus) == first  # a new connection, its statements prepared again


def test_inside_a_transaction_the_stamp_goes_through_djangos_cursor(db, django_assert_num_queries):
    """A statement that failed inside a transaction would abort it behind psycopg's back: there, and on SQLite,
    the stamp is read through Django's cursor (counted as a query)."""
    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    assert not direct.usable()
    with django_assert_num_queries(1):
        change_stamp(lotus)
