"""selectors.memo: one value per name, built once per change stamp, one build at a time; a new stamp (a change by
any process, a restored backup) builds again, so nothing is ever stale and nothing needs a restart."""

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
