"""selectors.memo: one value per name, built once per change stamp, one build at a time per name; a new stamp (a
change by any process, a restored backup) builds again, so nothing is ever stale and nothing needs a restart."""

import threading
import time
from datetime import UTC, datetime

from tournament.selectors import memo
from tournament.selectors.changes import Stamp

FIRST = Stamp(3, 7, datetime(2026, 5, 1, 12, 0, tzinfo=UTC))
SECOND = Stamp(4, 8, datetime(2026, 5, 1, 12, 1, tzinfo=UTC))


def counted(value):
    calls = []

    def build():
        calls.append(1)
        return value

    return build, calls


def test_a_value_is_built_once_per_stamp():
    build, calls = counted({"figures": [1, 2]})
    assert memo.remembered("test once", FIRST, build) == {"figures": [1, 2]}
    assert memo.remembered("test once", FIRST, build) is memo.remembered("test once", FIRST, build)
    assert len(calls) == 1
    memo.remembered("test once", SECOND, build)
    assert len(calls) == 2


def test_a_new_stamp_answers_the_new_data():
    """What a restore or another process's change does: the data under the name changed, and so did the stamp."""
    assert memo.remembered("test new", FIRST, lambda: "before") == "before"
    assert memo.remembered("test new", SECOND, lambda: "after") == "after"
    assert memo.remembered("test new", SECOND, lambda: "never built") == "after"


def test_each_name_keeps_one_value():
    """The memo holds the current value of a name, not one per change: an older stamp is built again."""
    memo.remembered("test one", FIRST, lambda: "first")
    memo.remembered("test one", SECOND, lambda: "second")
    assert memo.remembered("test one", FIRST, lambda: "first again") == "first again"
    assert memo.remembered("test other", FIRST, lambda: "other") == "other"
    assert [name for name in memo._LATEST if name.startswith("test one")] == ["test one"]


def test_a_crowd_after_a_change_waits_for_one_build():
    builds = []

    def slow_build():
        builds.append(1)
        time.sleep(0.05)
        return "built"

    found = []
    crowd = [
        threading.Thread(target=lambda: found.append(memo.remembered("test crowd", FIRST, slow_build)))
        for _ in range(8)
    ]
    for person in crowd:
        person.start()
    for person in crowd:
        person.join()
    assert found == ["built"] * 8 and builds == [1]


WAIT = 10  # seconds: generous, only so that a broken memo fails instead of hanging


def blocked_build(value, started: threading.Event, release: threading.Event, builds: list):
    def build():
        builds.append(value)
        started.set()
        assert release.wait(WAIT), "never released"
        return value

    return build


def in_thread(target) -> tuple[threading.Thread, list]:
    found = []
    thread = threading.Thread(target=lambda: found.append(target()), daemon=True)
    thread.start()
    return thread, found


def test_one_tournaments_build_does_not_wait_for_anothers():
    """Issue 29: one build at a time per name (a tournament's overview), not one for the whole process."""
    started, release, builds = threading.Event(), threading.Event(), []
    first, first_found = in_thread(
        lambda: memo.remembered("overview|1", FIRST, blocked_build("one", started, release, builds))
    )
    try:
        assert started.wait(WAIT)
        second, second_found = in_thread(lambda: memo.remembered("overview|2", FIRST, lambda: "two"))
        second.join(WAIT)
        assert not second.is_alive() and second_found == ["two"]  # while the first build is still going
        assert first.is_alive() and first_found == []
    finally:
        release.set()
    first.join(WAIT)
    assert first_found == ["one"] and builds == ["one"]


def test_two_callers_of_one_name_still_build_once(monkeypatch):
    started, release, builds = threading.Event(), threading.Event(), []
    asked, callers = threading.Event(), []
    name_lock = memo._name_lock

    def watched(name):
        callers.append(name)
        if len(callers) == 2:
            asked.set()  # the second caller is at the name's lock, which the first build holds
        return name_lock(name)

    monkeypatch.setattr(memo, "_name_lock", watched)
    first, first_found = in_thread(
        lambda: memo.remembered("overview|3", FIRST, blocked_build("built", started, release, builds))
    )
    try:
        assert started.wait(WAIT)
        second, second_found = in_thread(
            lambda: memo.remembered("overview|3", FIRST, blocked_build("again", started, release, builds))
        )
        assert asked.wait(WAIT)
    finally:
        release.set()
    first.join(WAIT)
    second.join(WAIT)
    assert first_found == second_found == ["built"] and builds == ["built"]


def test_every_name_in_the_code_holds_its_tournaments_id():
    """Issue 33: one build at a time per tournament, never across tournaments. The memo locks per name, so every
    name the code asks for must hold the id of the tournament it is built from (``f"overview|{tournament.pk}"``):
    a name shared by two tournaments would make one wait for the other's build (and hold one value for both)."""
    import ast
    from pathlib import Path

    root = Path(memo.__file__).resolve().parents[2]
    names = []
    for path in (root / "tournament").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == (
                "remembered"
            ):
                names.append((path.name, ast.unparse(node.args[0])))
    assert len(names) >= 5  # overview, statistics, the hall display, the session times, a series' entry
    assert [name for name in names if not name[1].startswith("f") or ".pk}" not in name[1]] == []
