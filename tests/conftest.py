"""Shared fixtures. Tests under tests/scoring need no database; tests under tests/tournament use it."""

import contextlib

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
def demo_archive(django_db_setup, django_db_blocker, tmp_path_factory):
    """The demo event built once per test run (its seating search takes seconds), kept as an archive. Its search
    stops on effort, never on the clock (services/demo.py, DEMO_TIME_BUDGET): on a busy machine (the two
    databases' runs side by side, scripts/test.sh) the demo, its standings and the tests' figures are the same.
    The processes of a run share one build (``shared_build``)."""
    from django.db import connection, transaction

    from tournament.exporters.archive_writer import export_archive
    from tournament.services.demo import create_demo

    def build():
        with django_db_blocker.unblock(), transaction.atomic():
            data = export_archive(create_demo(**DEMO))
            transaction.set_rollback(True)
        return data

    return shared_build(f"demo-archive-{connection.vendor}", build, tmp_path_factory)


DEMO = {"slug": "demo", "n_players": 32, "n_sessions": 8, "played": 5, "seed": 2026}


def shared_build(name: str, build, tmp_path_factory):
    """``build()``'s JSON result made once and read by every other process that asks: the processes of one
    pytest-xdist run share its base directory; a file lock makes the others wait for the first. Alone (no xdist)
    it simply builds."""
    import json

    base = _shared_base(tmp_path_factory)
    if base is None:
        return build()
    path = base / f"{name}.json"
    with _locked(base / f"{name}.lock"):
        if not path.exists():
            written = path.with_suffix(".partial")
            written.write_text(json.dumps(build()), encoding="utf-8")
            written.replace(path)
    return json.loads(path.read_text(encoding="utf-8"))  # the same types in every process


def shared_directory(name: str, make, tmp_path_factory):
    """A directory ``make(path)`` fills once for every process of the run (as ``shared_build``); read only."""
    base = _shared_base(tmp_path_factory)
    if base is None:
        root = tmp_path_factory.mktemp(name)
        make(root)
        return root
    root, done = base / name, base / f"{name}.done"
    with _locked(base / f"{name}.lock"):
        if not done.exists():
            make(root)
            done.touch()
    return root


def _shared_base(tmp_path_factory):
    """The directory the processes share: TENBOU_TEST_SHARED (scripts/test.sh gives both of its runs one, so the
    static files are collected once for the two), else the base directory of one pytest-xdist run (None without
    xdist)."""
    import os
    from pathlib import Path

    if os.environ.get("TENBOU_TEST_SHARED"):
        return Path(os.environ["TENBOU_TEST_SHARED"])
    return tmp_path_factory.getbasetemp().parent if os.environ.get("PYTEST_XDIST_WORKER") else None


@contextlib.contextmanager
def _locked(path):
    """An exclusive lock on ``path`` (a file) while the block runs: the other processes wait."""
    import fcntl

    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield  # closing the file releases the lock


class Layer:
    """An event built once into the test database, in a transaction left open under the tests that share it: each
    such test runs in a savepoint inside it (pytest-django's TestCase atomic nests), so what a test writes is rolled
    back and the next test finds the event as built. Only tests that ask for the layer's fixture without committing
    run on it; before any other test that uses the database the layer is rolled back (an empty database, as before),
    and it is built again when a sharing test comes next (``pytest_collection_modifyitems`` orders them together).
    The layers (``LAYERS``): ``demo_layer`` (the demo, imported from the run's archive), ``played_layer``
    (``played_event``: 32 players, 8 sessions, 5 played, tests/tournament/factories.py) and ``finals_layer``
    (``finals_event``: the hand-worked final's 32 players and 6 sessions, tests/tournament/finals_event.py); one is
    open at a time."""

    def __init__(self, blocker, build):
        self.blocker, self.build, self.atomic, self.pk = blocker, build, None, None

    def open(self):
        from django.db import connection, transaction

        if self.atomic is not None and connection.in_atomic_block:
            return
        self.atomic = None  # a layer the connection lost (closed, or left its outer block) is built again

        with self.blocker.unblock():
            self.atomic = transaction.atomic()
            self.atomic.__enter__()
            if (
                connection.vendor == "postgresql"
            ):  # counted as written, as in each test (changes_counted_at_once)
                with connection.cursor() as cursor:
                    cursor.execute("SET CONSTRAINTS tournament_count_change IMMEDIATE")
            self.pk = self.build().pk

    def close(self):
        from django.db import connection, transaction

        if self.atomic is not None and connection.in_atomic_block:
            with self.blocker.unblock():
                transaction.set_rollback(True)
                self.atomic.__exit__(None, None, None)
        self.atomic = self.pk = None


def _import_demo(archive):
    import copy

    from tournament.services.archive_import import import_archive

    tournament = import_archive(actor=None, data=copy.deepcopy(archive))
    tournament.sessions.update(seating_published=True)
    return tournament


LAYERS = ("demo_layer", "played_layer", "finals_layer")  # the layers' fixtures, in the order their tests run
_layers: dict[str, Layer] = {}  # the run's layers, once a test asked for one
_item = None  # the test being set up


def _uses_database(item) -> bool:
    return (
        item.get_closest_marker("django_db") is not None
        or not {"_django_db_helper", "django_db_setup"}.isdisjoint(item.fixturenames)
        or _commits(item)
    )


def _commits(item) -> bool:
    """A test that commits (or flushes) cannot run inside the layer's transaction."""
    from pytest_django.fixtures import validate_django_db

    marker = item.get_closest_marker("django_db")
    if marker is not None:
        transaction, reset_sequences, _, serialized_rollback, _ = validate_django_db(marker)
        if transaction or reset_sequences or serialized_rollback:
            return True
    return not {
        "transactional_db",
        "live_server",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
    }.isdisjoint(item.fixturenames)


def shared_layer(item) -> str | None:
    """The layer a test shares (its fixture's name), or None: a test that commits, or asks for no layer (a module's
    own ``demo`` has none), or for both (it builds the second event itself), shares none."""
    if _commits(item):
        return None
    asked = [name for name in LAYERS if name in item.fixturenames]
    return asked[0] if len(asked) == 1 else None


SCOPES = ("all", "sqlite", "postgresql")
# Once, on PostgreSQL, as in production: the browser's and the operations' tests, and the services' (the write
# path's own tests; on SQLite every page's, paper's, file's and command's test writes through the same services).
ONCE_ON_POSTGRESQL = ("tests/browser/", "tests/operations/", "tests/tournament/services/")
# The reads: where the two databases differ (aggregates, ordering, dates, the change count's trigger), so their
# tests run on both. Every other test that uses the database (pages, papers, files, readers, seating pages,
# archives, commands, the admin) goes through these selectors and runs once, on SQLite.
ON_BOTH = (
    "tests/tournament/selectors/",
    "tests/tournament/seating/test_services.py",
)
# A module that asks which database it runs on, or races writers on SQLite's own file (``writers_database``: WAL,
# BEGIN IMMEDIATE, the busy timeout), runs on both: the transactions and locks are where the two differ most.
VENDOR_SPECIFIC = ("connection.vendor", "writers_database")


def _vendor_specific(item) -> bool:
    """A module that asks which database it runs on or races writers (VENDOR_SPECIFIC) runs on both."""
    path = item.path
    if path not in _vendor_specific_modules:
        text = path.read_text(encoding="utf-8")
        _vendor_specific_modules[path] = any(mark in text for mark in VENDOR_SPECIFIC)
    return _vendor_specific_modules[path]


_vendor_specific_modules: dict = {}


def in_scope(item, scope: str) -> bool:
    """Which tests a run of ``make test`` (scripts/test.sh) takes, by TENBOU_TEST_SCOPE:

    - ``all`` (the default): every test, on whatever database DATABASE_URL names;
    - ``sqlite``: every test except the browser's, the operations' and the services' (ONCE_ON_POSTGRESQL: those
      run on PostgreSQL, as in production); the tests without a database run once, here;
    - ``postgresql``: ONCE_ON_POSTGRESQL, and the selectors' tests (ON_BOTH), which run on both;
    - a test of a module that asks for the vendor or races writers (VENDOR_SPECIFIC) runs in both.
    """
    if scope == "all":
        return True
    path = str(item.path.relative_to(item.config.rootpath))
    if _vendor_specific(item):
        return True
    if scope == "sqlite":
        return not path.startswith(ONCE_ON_POSTGRESQL)
    return path.startswith(ONCE_ON_POSTGRESQL) or (_uses_database(item) and path.startswith(ON_BOTH))


def pytest_collection_modifyitems(config, items):
    """Keeps the tests of TENBOU_TEST_SCOPE (``in_scope``), and puts the tests that share a layer after the others,
    layer by layer (in their order), so each layer is built once and not again after every test that needs it
    gone."""
    import os

    from django.db import connection

    scope = os.environ.get("TENBOU_TEST_SCOPE", "all") or "all"
    if scope not in SCOPES:
        raise pytest.UsageError(f"TENBOU_TEST_SCOPE={scope}: one of {', '.join(SCOPES)}")
    if scope != "all" and connection.vendor != scope:
        raise pytest.UsageError(
            f"TENBOU_TEST_SCOPE={scope}, but DATABASE_URL names a {connection.vendor} database"
        )
    kept = [item for item in items if in_scope(item, scope)]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[item for item in items if not in_scope(item, scope)])
    order = {None: 0} | {name: number for number, name in enumerate(LAYERS, start=1)}
    items[:] = sorted(kept, key=lambda item: order[shared_layer(item)])  # stable: in their order within each


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Before a test's fixtures: its layer open for a test that shares one, the others rolled back for any test
    that uses the database."""
    global _item
    _item = item
    shared = shared_layer(item)
    if shared is not None or _uses_database(item):
        for name, layer in _layers.items():
            if name != shared:
                layer.close()
        if shared in _layers:
            _layers[shared].open()


def _layer(name: str, blocker, build):
    for other in _layers.values():
        other.close()
    _layers[name] = layer = Layer(blocker, build)
    if _item is not None and shared_layer(_item) == name:
        layer.open()
    return layer


@pytest.fixture(scope="session")
def demo_layer(django_db_setup, django_db_blocker, demo_archive):
    yield _layer("demo_layer", django_db_blocker, lambda: _import_demo(demo_archive))
    _layers.pop("demo_layer").close()


def _built(name: str, build):
    """A session fixture ``name``: the layer of ``build()``'s tournament."""

    @pytest.fixture(scope="session", name=name)
    def layer(django_db_setup, django_db_blocker):
        yield _layer(name, django_db_blocker, build)
        _layers.pop(name).close()

    return layer


def _played_event():
    from tests.tournament.factories import played_event

    return played_event("event")


def _finals_event():
    from tests.tournament.finals_event import finals_event

    return finals_event()


played_layer = _built("played_layer", _played_event)
finals_layer = _built("finals_layer", _finals_event)


def _on_layer(layer, build):
    from tournament.models import Tournament

    return Tournament.objects.get(pk=layer.pk) if layer.pk is not None else build()


@pytest.fixture
def played(db, played_layer):
    """``played_event("event")`` (tests/tournament/factories.py: players p01..p32, 8 sessions seated and published,
    1-5 with results): the layer's (built once, each test rolled back), or built for a test that commits."""
    return _on_layer(played_layer, _played_event)


@pytest.fixture
def finals_open(db, finals_layer):
    """``finals_event()`` (tests/tournament/finals_event.py: the hand-worked final's event "open", 6 sessions
    played): the layer's (built once, each test rolled back), or built for a test that commits."""
    return _on_layer(finals_layer, _finals_event)


@pytest.fixture
def demo(db, demo_layer, demo_archive):
    """The demo event (32 players, 8 sessions, 5 played; a tie, a chombo, a late player, both substitutes),
    seating published: the layer's (imported once, each test rolled back), or for a test that commits its own
    import of the archive of the one built for this test run."""
    from tournament.models import Tournament

    if demo_layer.pk is not None:
        return Tournament.objects.get(pk=demo_layer.pk)
    return _import_demo(demo_archive)


@pytest.fixture
def quick_search(monkeypatch):
    """The seating generator's search on a small budget (scoring/seating/generator.py ``default_effort``), for the
    tests of pages and flows: they check what is offered, shown and written, not how good the schedule is (that is
    tests/scoring/seating's, on the real budget)."""
    from scoring.seating import generator

    monkeypatch.setattr(generator, "default_effort", lambda n_players, n_sessions: 50_000)


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
    "staticfiles": {"BACKEND": "tournament.operations.static_files.CompressedManifestStorage"},
}


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory):
    """``collectstatic`` with the production storage, run once per test run (``shared_directory``: one for all
    its processes) into a temporary STATIC_ROOT."""

    def collect(root):
        from io import StringIO

        from django.core.management import call_command
        from django.test import override_settings

        with override_settings(STATIC_ROOT=root, STORAGES=MANIFEST_STORAGES):
            call_command("collectstatic", interactive=False, verbosity=0, stdout=StringIO())

    return shared_directory("staticfiles", collect, tmp_path_factory)


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
