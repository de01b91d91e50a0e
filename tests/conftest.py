"""Shared fixtures. Tests under tests/scoring need no database; tests under tests/tournament use it."""

import pytest


@pytest.fixture(autouse=True)
def english_by_default():
    """A request in Dutch activates Dutch for the thread; every test starts in English again."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def fresh_page_cache():
    """Each test starts with nothing kept: rendered pages are kept by the tournament's change stamp
    (operations.caching), which only the services' audit entries move, and a test that writes rows directly (no
    entry) under a slug an earlier test used would read that test's page."""
    from django.core.cache import cache

    from tournament.selectors import memo

    cache.clear()
    memo.forget_all()
    yield


@pytest.fixture(autouse=True)
def changes_counted_at_once(request):
    """PostgreSQL counts a tournament's audit entries when their transaction commits (``ChangeCount``, migration
    0014: what the public pages' change stamp reads). A test's transaction is rolled back, never committed, so there
    the count is taken as each entry is written, and the stamp moves as it does after a commit in production. Tests
    that really commit (``transaction=True``) keep production's timing (tests/tournament/selectors/test_changes.py)."""
    from django.db import connection

    if connection.vendor != "postgresql" or not (
        "_django_db_helper" in request.fixturenames or request.node.get_closest_marker("django_db")
    ):
        yield
        return
    request.getfixturevalue(
        "_django_db_helper"
    )  # the test's transaction first (the db fixture would come later)
    if connection.in_atomic_block:
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS tournament_count_change IMMEDIATE")
    yield


@pytest.fixture(scope="session")
def demo_archive(django_db_setup, django_db_blocker):
    """The demo event built once per test run (its seating search takes seconds), kept as an archive."""
    from django.db import transaction

    from tournament.exporters.archive_writer import export_archive
    from tournament.services.demo import create_demo

    with django_db_blocker.unblock(), transaction.atomic():
        data = export_archive(create_demo(slug="demo", n_players=32, n_sessions=8, played=5, seed=2026))
        transaction.set_rollback(True)
    return data


@pytest.fixture
def demo(db, demo_archive):
    """The demo event (32 players, 8 sessions, 5 played; a tie, a chombo, a late player, both substitutes),
    seating published, loaded from the archive of the one built for this test run."""
    import copy

    from tournament.services.archive_import import import_archive

    tournament = import_archive(actor=None, data=copy.deepcopy(demo_archive))
    tournament.sessions.update(seating_published=True)
    return tournament


@pytest.fixture
def make_user(db, django_user_model):
    def make(username: str, *, tournament=None, role: str | None = None):
        user = django_user_model.objects.create_user(username=username, password="secret-pass-123")
        if tournament is not None and role is not None:
            from tournament.models import TournamentRole

            TournamentRole.objects.create(tournament=tournament, user=user, role=role)
        return user

    return make


@pytest.fixture
def organiser_client(client, demo, make_user):
    client.force_login(make_user("org", tournament=demo, role="organiser"))
    return client


@pytest.fixture
def referee_client(client, demo, make_user):
    client.force_login(make_user("ref", tournament=demo, role="referee"))
    return client


MANIFEST_STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory):
    """``collectstatic`` with the production storage, run once per test run into a temporary STATIC_ROOT."""
    from io import StringIO

    from django.core.management import call_command
    from django.test import override_settings

    root = tmp_path_factory.mktemp("staticfiles")
    with override_settings(STATIC_ROOT=root, STORAGES=MANIFEST_STORAGES):
        call_command("collectstatic", interactive=False, verbosity=0, stdout=StringIO())
    return root


@pytest.fixture
def manifest_static(settings, collected_static):
    """Production static files: DEBUG off, the manifest storage (hashed names from ``{% static %}``) over the
    files ``collectstatic`` wrote, as a server runs after the README's production steps."""
    settings.DEBUG = False
    settings.STATIC_ROOT = collected_static
    settings.STORAGES = MANIFEST_STORAGES
    return collected_static


@pytest.fixture
def writers_database(tmp_path):
    """The concurrency tests ("two phones at once, one result, nothing lost") on both databases. PostgreSQL's test
    database serves every thread's connection as it is. SQLite's test database is in memory, where each thread's
    connection shares one cache whose table locks fail at once instead of waiting; production runs SQLite from a
    file (WAL, ``BEGIN IMMEDIATE``, a busy timeout: settings.py), one writing transaction at a time. So on SQLite
    the test runs on a copy of the migrated test database in a file, with production's connection options, and
    the in-memory database is given back untouched afterwards (the test's threads open their own connections to
    the file; the in-memory one is kept open meanwhile, or SQLite would drop it)."""
    import sqlite3

    from django.db import connection

    if connection.vendor != "sqlite" or not connection.is_in_memory_db():
        yield None
        return
    connection.ensure_connection()
    memory, settings = connection.connection, connection.settings_dict
    path = tmp_path / "writers.sqlite3"
    with sqlite3.connect(path) as copy:
        memory.backup(copy)
    copy.close()
    name, connection.connection = settings["NAME"], None  # forgotten, not closed: closing drops it
    settings["NAME"] = str(path)  # the one settings dict of every thread's connection
    try:
        yield path
    finally:
        connection.close()
        settings["NAME"] = name
        connection.connection = memory
