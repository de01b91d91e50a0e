"""The change stamps a server process keeps between PostgreSQL's notices (tournament/database/notices.py, migration
0022, selectors.changes): kept while nothing of their tournament changed, read again after a change commits, never
kept from a read a notice may have overtaken, and read every time while the process does not listen."""

import time

import pytest
from django.db import connection, transaction
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from tournament.database import notices
from tournament.models import AuditEntry, Tournament
from tournament.selectors.changes import change_stamp, site_stamp, tournament_and_stamp
from tournament.services.tournaments import create_tournament

POSTGRESQL = connection.vendor == "postgresql"
WAIT = 10  # seconds a notice may take to arrive on a busy machine (it takes milliseconds)


# --- what is kept, and what makes it old: the counts alone, no database ---------------------------------------


@pytest.fixture
def hearing(monkeypatch):
    """A fresh ``_Heard`` that listens (as after its LISTEN), without a thread or a database."""
    heard = notices._Heard()
    monkeypatch.setattr(notices, "_heard", heard)
    heard.listening_now(True)
    return heard


def test_a_value_is_kept_until_a_notice_of_its_tournament(hearing):
    notices.remember("a", "stamp of 7", 7, notices.moment())
    assert notices.known("a") == "stamp of 7"
    hearing.heard(8)  # another tournament's change
    assert notices.known("a") == "stamp of 7"
    hearing.heard(7)
    assert notices.known("a") is None


def test_a_notice_for_every_tournament_makes_every_kept_value_old(hearing):
    notices.remember("a", "stamp of 7", 7, notices.moment())
    notices.remember("b", "stamp of 8", 8, notices.moment())
    hearing.heard(notices.EVERY_TOURNAMENT)  # an entry without a tournament, a table truncated
    assert notices.known("a") is None and notices.known("b") is None


def test_the_sites_value_is_made_old_by_any_notice(hearing):
    notices.remember("site", "site stamp", notices.ANY_CHANGE, notices.moment())
    hearing.heard(8)
    assert notices.known("site") is None


def test_a_value_read_before_a_notice_arrived_is_not_kept(hearing):
    """The read may have seen the database before that change committed: kept, it would hide the change."""
    since = notices.moment()
    hearing.heard(9)  # arrives while the statement runs
    notices.remember("a", "stamp of 7", 7, since)
    assert notices.known("a") is None
    notices.remember("a", "stamp of 7", 7, notices.moment())  # read again after it
    assert notices.known("a") == "stamp of 7"


def test_nothing_is_kept_or_answered_while_the_process_does_not_listen(hearing, monkeypatch):
    monkeypatch.setattr(notices, "_start", lambda heard: None)  # no thread: listening stays off
    notices.remember("a", "stamp of 7", 7, notices.moment())
    hearing.listening_now(False)  # the connection lost: a notice may be missed from now on
    assert notices.known("a") is None
    notices.remember("a", "stamp of 7", 7, notices.moment())
    assert notices.known("a") is None
    hearing.listening_now(True)  # listening again: what was kept before is gone, not trusted
    assert notices.known("a") is None


def test_a_value_is_kept_whatever_its_scope_numbers_are_only_by_its_own(hearing):
    """Scope counts start at 0 for a tournament never heard of: a first notice of it still makes its value old."""
    notices.remember("a", "stamp of 12", 12, notices.moment())
    hearing.heard(12)
    assert notices.known("a") is None


# --- against PostgreSQL: real commits, the process's own listening thread ----------------------------------------

pg_only = pytest.mark.skipif(not POSTGRESQL, reason="SQLite reads its stamp on every request: no notices")


@pytest.fixture
def listening():
    """Notices on, the thread listening on the test database (its commits are real: transaction=True)."""
    with override_settings(TENBOU_CHANGE_NOTICES=True):
        notices.known(("nothing",))  # starts the thread
        _until(notices.listening, "the process listens")
        yield
        notices.stop()


def _until(condition, what: str):
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"not within {WAIT} s: {what}"
        time.sleep(0.01)


def _kept(slug: str) -> bool:
    """The fast path's read of ``slug`` sends no statement (none in Django's log, which turns the direct path off)."""
    with CaptureQueriesContext(connection) as queries:
        found = tournament_and_stamp(slug)
    return not found.asked and len(queries) == 0


@pg_only
@pytest.mark.django_db(transaction=True)
def test_a_stamp_is_read_once_then_kept_until_its_tournament_changes(listening):
    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    other = create_tournament(actor=None, slug="other", name="Other Open")
    first = tournament_and_stamp("lotus")
    assert first.asked and first.stamp == change_stamp(lotus)
    _until(lambda: _kept("lotus"), "kept, once the creations' own notices have arrived")

    # another tournament's change leaves it kept
    heard = notices.moment()
    AuditEntry.objects.create(tournament=other, actor_label="x", action="a", summary="a")  # committed at once
    _until(lambda: notices.moment() > heard, "the other tournament's notice")
    assert _kept("lotus")

    # its own change: read again, and the new stamp is the database's
    AuditEntry.objects.create(tournament=lotus, actor_label="x", action="a", summary="a")
    _until(lambda: tournament_and_stamp("lotus").stamp != first.stamp, "lotus's notice")
    assert tournament_and_stamp("lotus").stamp == change_stamp(lotus)
    _until(lambda: _kept("lotus"), "kept again")

    # an entry without a tournament counts for every tournament
    before = tournament_and_stamp("lotus").stamp
    AuditEntry.objects.create(tournament=None, actor_label="x", action="a", summary="a")
    _until(lambda: tournament_and_stamp("lotus").stamp != before, "the notice for every tournament")
    assert tournament_and_stamp("lotus").stamp == change_stamp(lotus)


@pg_only
@pytest.mark.django_db(transaction=True)
def test_a_change_is_heard_when_it_commits_not_before(listening):
    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    _until(lambda: _kept("lotus"), "kept")
    first = tournament_and_stamp("lotus").stamp
    heard = notices.moment()
    with transaction.atomic():
        AuditEntry.objects.create(tournament=lotus, actor_label="x", action="a", summary="a")
        time.sleep(0.2)  # a notice would have arrived by now; it waits for the commit
        assert notices.moment() == heard and notices.known(("slug", "lotus"))[:3] == (
            first.last_id,
            first.at,
            first.entries,
        )
    _until(lambda: tournament_and_stamp("lotus").stamp != first, "the notice at commit")
    assert tournament_and_stamp("lotus").stamp == change_stamp(lotus)


@pg_only
@pytest.mark.django_db(transaction=True)
def test_a_change_to_the_tournaments_own_row_is_heard(listening):
    """The fast path reads the tournament's publication with its stamp: a change to the row is heard too."""
    create_tournament(actor=None, slug="lotus", name="Lotus Open")
    assert tournament_and_stamp("lotus").tournament.is_public is True
    Tournament.objects.filter(slug="lotus").update(is_public=False)  # no entry: the row's own trigger
    _until(lambda: tournament_and_stamp("lotus").tournament.is_public is False, "the row's notice")


@pg_only
@pytest.mark.django_db(transaction=True)
def test_the_sites_stamp_is_kept_until_any_change(listening):
    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    _until(lambda: site_stamp() and notices.known(("site",)) is not None, "the site's stamp kept")
    first = site_stamp()
    AuditEntry.objects.create(tournament=lotus, actor_label="x", action="a", summary="a")
    _until(lambda: site_stamp() != first, "any change")  # read again once the change is heard
    assert site_stamp() == change_stamp_of_site()
    with CaptureQueriesContext(connection) as queries:
        site_stamp()
    assert len(queries) == 0  # then kept


def change_stamp_of_site():
    """The site's stamp as the database has it now."""
    with override_settings(TENBOU_CHANGE_NOTICES=False):
        return site_stamp()


@pg_only
@pytest.mark.django_db(transaction=True)
def test_a_lost_listening_connection_means_reading_every_stamp_until_it_is_back(listening, monkeypatch):
    create_tournament(actor=None, slug="lotus", name="Lotus Open")
    _until(lambda: _kept("lotus"), "kept")
    monkeypatch.setattr(notices, "NOTICE_RETRY_SECONDS", (2, 2))  # time to look while it is away
    lost = notices._heard.backend
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [lost])  # as a database restart would
    _until(lambda: not notices.listening(), "the loss noticed")
    assert tournament_and_stamp("lotus").asked and tournament_and_stamp("lotus").asked  # read, not kept
    _until(notices.listening, "listening again")
    assert notices._heard.backend != lost
    assert tournament_and_stamp("lotus").asked  # nothing from before the loss is trusted
    assert _kept("lotus")


@pg_only
@pytest.mark.django_db(transaction=True)
def test_a_channel_whose_own_notice_does_not_come_back_is_never_trusted(monkeypatch, caplog):
    """Behind a pooler in transaction mode the LISTEN and the notices may be on different server connections: the
    process then hears nothing, and must not keep stamps that nothing would make old. Here the thread listens on
    another channel than the one notified."""
    monkeypatch.setattr(notices, "_LISTEN", "LISTEN tenbou_elsewhere")
    monkeypatch.setattr(notices, "NOTICE_ECHO_SECONDS", 0.2)
    monkeypatch.setattr(notices, "NOTICE_RETRY_SECONDS", (30, 30))
    create_tournament(actor=None, slug="lotus", name="Lotus Open")
    with override_settings(TENBOU_CHANGE_NOTICES=True):
        try:
            tournament_and_stamp("lotus")  # starts the thread
            _until(lambda: "did not come back" in caplog.text, "the echo given up")
            assert not notices.listening()
            assert tournament_and_stamp("lotus").asked and tournament_and_stamp("lotus").asked
        finally:
            notices.stop()


@pg_only
@pytest.mark.django_db(transaction=True)
def test_another_processs_echo_is_no_change(listening):
    create_tournament(actor=None, slug="lotus", name="Lotus Open")
    _until(lambda: _kept("lotus"), "kept")
    heard = notices.moment()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_notify('tenbou_changes', 'echo:1.1')")  # as another process's _echo
        cursor.execute(
            "SELECT pg_notify('tenbou_changes', '0')"
        )  # then a real change, to know it was all heard
    _until(lambda: notices.moment() > heard, "the notices")
    assert notices.moment() == heard + 1  # the echo counted for nothing
