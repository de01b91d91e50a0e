"""One build at a time per tournament, never across tournaments (issue 33, item 2): while tournament A's page is
being built (its overview in the memo, selectors/memo.py; its rendering under the page cache's build marker,
operations/caching.py ``once``), tournament B's page is served, and a second reader of A's page waits for that
build instead of building again.

Real public pages through the test client, each reader in a thread of its own (as gunicorn's threads): the
database is committed (``transaction=True``) so that their connections see the two small events."""

import threading

import pytest
from django.db import connection
from django.test import Client

from tests.tournament.factories import played_event
from tournament.operations import caching
from tournament.selectors import memo
from tournament.selectors import overview as overview_module
from tournament.views.public import live

pytestmark = pytest.mark.django_db(transaction=True)
WAIT = 30  # seconds: generous, only so that a broken lock fails instead of hanging


@pytest.fixture(autouse=True)
def patient_markers(monkeypatch):
    """A build marker lasts longer than the test's waits (5 s in production, on a busy test machine B's first
    page can take that long, and A's marker would be gone)."""
    monkeypatch.setattr(caching, "BUILD_WAIT_SECONDS", 2 * WAIT)


@pytest.fixture
def two():
    """Two public events of 8 players, session 1 of 2 played."""
    return played_event("alpha", n_players=8, n_sessions=2, played=1), played_event(
        "beta", n_players=8, n_sessions=2, played=1
    )


def reading(url: str) -> tuple[threading.Thread, list]:
    """A reader without a session asking for ``url`` in a thread of its own: (the thread, [its answer])."""
    found = []

    def read():
        try:
            found.append(Client().get(url))
        finally:
            connection.close()  # the thread's own

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread, found


class Held:
    """A build of tournament A that waits for ``release`` once it ``started``; ``builds`` counts A's builds."""

    def __init__(self, tournament):
        self.pk, self.builds = tournament.pk, []
        self.started, self.release = threading.Event(), threading.Event()

    def hold(self, pk: int) -> None:
        if pk == self.pk:
            self.builds.append(pk)
            self.started.set()
            assert self.release.wait(WAIT), "never released"


def waiting(monkeypatch, module, name: str, when) -> threading.Event:
    """An event set when ``module.name`` is called with arguments ``when`` accepts (then it runs as it was)."""
    called, original = threading.Event(), getattr(module, name)

    def watched(*args):
        if when(*args):
            called.set()
        return original(*args)

    monkeypatch.setattr(module, name, watched)
    return called


def served_while_held(held: Held, b_url: str, waiters: list[tuple[str, threading.Event]], a_url: str) -> None:
    """A's page asked and held in its build; B's page served meanwhile; each waiter's page of A waits (its event
    set, its thread still going); then A's build released: every reader of A gets the one build's page."""
    first = reading(a_url)
    try:
        assert held.started.wait(WAIT)
        other = Client().get(b_url)
        assert other.status_code == 200 and "Event beta" in other.content.decode()
        readers = []
        for url, asked in waiters:
            readers.append(reading(url))
            assert asked.wait(WAIT), f"{url} did not wait for A's build"
        assert first[0].is_alive() and all(thread.is_alive() for thread, _found in readers)
    finally:
        held.release.set()
    for thread, found in [first, *readers]:
        thread.join(WAIT)
        assert not thread.is_alive() and found[0].status_code == 200
        assert "Event alpha" in found[0].content.decode()
    assert held.builds == [held.pk]  # built once, for every reader of A


def test_bs_page_is_served_while_as_overview_is_built(two, monkeypatch):
    """The memo: A's overview held in its build (under the name ``overview|<A>``); B's standings come; A's
    standings asked again wait for the page being built, A's player page (the same overview) at the memo."""
    alpha, _beta = two
    held = Held(alpha)
    build = overview_module.build_overview

    def held_build(tournament, stamp):
        held.hold(tournament.pk)
        return build(tournament, stamp)

    monkeypatch.setattr(overview_module, "build_overview", held_build)
    at_marker = waiting(monkeypatch, caching, "_built_elsewhere", lambda key, version, marker: True)
    at_memo = threading.Event()
    name_lock, names = memo._name_lock, []

    def watched(name):
        names.append(name)
        if names.count(f"overview|{alpha.pk}") == 2:
            at_memo.set()  # the second caller is at the name's lock, which A's build holds
        return name_lock(name)

    monkeypatch.setattr(memo, "_name_lock", watched)
    waiters = [("/t/alpha/standings/", at_marker), ("/t/alpha/players/p01/", at_memo)]
    served_while_held(held, "/t/beta/standings/", waiters, "/t/alpha/standings/")


def test_bs_page_is_served_while_as_page_is_rendered(two, monkeypatch):
    """The page cache's build marker: A's standings held in their rendering (the overview built); B's standings
    come; A's standings asked again wait for that rendering (at the marker) instead of rendering again."""
    alpha, _beta = two
    held = Held(alpha)
    render = live.render_to_string

    def held_render(template, context, request):
        held.hold(context["tournament"].pk)
        return render(template, context, request)

    monkeypatch.setattr(live, "render_to_string", held_render)
    at_marker = waiting(monkeypatch, caching, "_built_elsewhere", lambda key, version, marker: True)
    served_while_held(held, "/t/beta/standings/", [("/t/alpha/standings/", at_marker)], "/t/alpha/standings/")
