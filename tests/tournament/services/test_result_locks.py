"""Result entry under concurrency: PostgreSQL's row locks, and SQLite's one writer at a time (from a file, as in
production: the ``writers_database`` fixture), where the scenario is the same on both.

Issue 13: entry locked the session and tournament rows too (``select_for_update`` with ``select_related`` and no
``of=``), so every entry of a tournament queued behind the others; and the same submission key at tables of two
tournaments at once ended in an IntegrityError instead of the ``submission_reused`` refusal. Only the table is
locked now; its session and tournament are held FOR SHARE, so a change of the rules or of the seating still waits
for an entry in progress and then refuses.
"""

import threading
import time

import pytest
from django.db import connection, transaction

from tests.tournament.factories import played_event
from tournament.models import ClockEvent, Session, TableResult, Tournament
from tournament.services import DomainError, schedule, tournaments
from tournament.services.clock import start_clock
from tournament.services.locking import hold_for_share
from tournament.services.results import SeatScore, enter_table_result

pytestmark = [pytest.mark.usefixtures("writers_database"), pytest.mark.django_db(transaction=True)]
postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row locks: on SQLite every writer waits for the one writing transaction, by design",
)

SCORES = [
    SeatScore("E", 45_000),
    SeatScore("S", 35_000),
    SeatScore("W", 25_000),
    SeatScore("N", 15_000),
]  # 120,000


def enter(table, key=None):
    return enter_table_result(actor=None, table=table, scores=SCORES, expected_version=0, submission_key=key)


class Held(threading.Thread):
    """Runs ``work`` in a transaction of its own connection and keeps the transaction open until released."""

    def __init__(self, work):
        super().__init__(daemon=True)
        self.work, self.error = work, None
        self.ready, self.release = threading.Event(), threading.Event()

    def run(self):
        try:
            with transaction.atomic():
                self.work()
                self.ready.set()
                self.release.wait(30)
        except Exception as error:  # reported by the test
            self.error = error
        finally:
            self.ready.set()
            connection.close()

    def __enter__(self):
        self.start()
        assert self.ready.wait(30) and self.error is None, self.error
        return self

    def __exit__(self, *exc):
        self.release.set()
        self.join(30)


class Worker(threading.Thread):
    """Runs ``work`` in its own connection; ``error`` is what it raised."""

    def __init__(self, work):
        super().__init__(daemon=True)
        self.work, self.error, self.finished = work, None, False

    def run(self):
        try:
            self.work()
        except Exception as error:
            self.error = error
        finally:
            self.finished = True
            connection.close()


def somebody_waits_for_a_lock(worker: "Worker", timeout: float = 10) -> bool:
    """PostgreSQL: a connection of this database waits for a lock. SQLite shows no waiting: the worker has not
    finished half a second after it started (it waits for the one writing transaction, within the 5 s busy
    timeout of settings.py)."""
    if connection.vendor != "postgresql":
        time.sleep(0.5)
        return not worker.finished
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"
            )
            if cursor.fetchone()[0]:
                return True
        time.sleep(0.05)
    return False


def two_tables(slug: str = "locks"):
    event = played_event(slug, n_players=8, n_sessions=1, played=0)
    return event, list(event.sessions.get().tables.order_by("number"))


@postgres_only
def test_entries_at_two_tables_of_one_tournament_do_not_wait_for_each_other():
    event, (first, second) = two_tables()
    with Held(lambda: enter(first)):
        started = time.monotonic()
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '5s'")  # before the fix: waited, then this error
            result = enter(second)
        assert time.monotonic() - started < 5
    assert result.version == 1
    assert TableResult.objects.filter(table__session__tournament=event).count() == 2


@pytest.mark.parametrize("change", ["rules", "seating"])
def test_rules_and_seating_wait_for_an_entry_in_progress_then_refuse(change):
    event, (first, second) = two_tables()
    session = first.session
    if change == "rules":
        code = "ruleset_frozen"

        def work():
            tournaments.set_ruleset(actor=None, tournament=event, ruleset="nts")
    else:
        code = "session_has_results"
        players = [[seat.registration for seat in table.seats.order_by("order")] for table in (second, first)]

        def work():
            schedule.set_session_seating(actor=None, session=session, tables=players)

    worker = Worker(work)
    with Held(lambda: enter(first)):
        worker.start()
        assert somebody_waits_for_a_lock(
            worker
        )  # the change waits for the entry instead of changing underneath it
        assert not worker.finished
    worker.join(30)
    assert isinstance(worker.error, DomainError) and worker.error.code == code, worker.error
    event.refresh_from_db()
    assert event.ruleset == "ema-2016"
    assert TableResult.objects.get(table__session__tournament=event).table == first


def test_one_submission_key_at_tables_of_two_tournaments_at_once_is_the_clean_refusal():
    _, (mine, _) = two_tables("one")
    _, (theirs, _) = two_tables("two")
    worker = Worker(lambda: enter(theirs, key="form-1"))
    with Held(lambda: enter(mine, key="form-1")):
        worker.start()
        assert somebody_waits_for_a_lock(worker)  # the second insert waits for the first's unique key
    worker.join(30)
    assert isinstance(worker.error, DomainError), repr(worker.error)
    assert worker.error.code == "submission_reused"
    assert worker.error.message == "This form was already used for another table."
    assert TableResult.objects.get(submission_key="form-1").table == mine
    assert not TableResult.objects.filter(table=theirs).exists()


def test_the_clock_pressed_between_an_entrys_two_locks_waits_for_it_instead_of_deadlocking():
    """Found by tests/operations/test_concurrent_entry.py's review of the lock takers: the clock locked its session
    and tournament in one statement (the session first); an entry holds the tournament, then takes the session
    (both FOR SHARE). Pressed in between, the clock held the session and waited for the tournament while the entry
    waited for the session: PostgreSQL's deadlock error, a 500 for the clock."""
    event, (first, _) = two_tables("clock")
    session = first.session
    held, go = threading.Event(), threading.Event()

    def entry():  # the first two steps of enter_table_result, with the clock pressed in between
        with transaction.atomic():
            hold_for_share(Tournament, event.pk)
            held.set()
            go.wait(30)
            hold_for_share(Session, session.pk)

    entering, clock = Worker(entry), Worker(lambda: start_clock(actor=None, session=session))
    entering.start()
    assert held.wait(30)
    clock.start()
    assert somebody_waits_for_a_lock(clock)  # the clock waits for the entry
    go.set()
    entering.join(30)
    clock.join(30)
    assert (entering.error, clock.error) == (None, None)
    assert ClockEvent.objects.get(session=session).kind == "start"
