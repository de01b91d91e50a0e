"""selectors.memo: one value per name, built once per change stamp, kept in Django's cache (shared by the
processes that share the cache), one build at a time."""

import threading
from datetime import UTC, datetime

import pytest
from django.core.cache import cache

from tournament.selectors import memo
from tournament.selectors.changes import Stamp

FIRST = Stamp(3, 7, datetime(2026, 5, 1, 12, 0, tzinfo=UTC))
SECOND = Stamp(4, 8, datetime(2026, 5, 1, 12, 1, tzinfo=UTC))


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def counted(value):
    calls = []

    def build():
        calls.append(1)
        return value

    return build, calls


def test_a_value_is_built_once_per_stamp():
    build, calls = counted({"figures": [1, 2]})
    assert memo.remembered("page", FIRST, build) == {"figures": [1, 2]}
    assert memo.remembered("page", FIRST, build) == {"figures": [1, 2]}
    assert len(calls) == 1
    assert memo.remembered("page", SECOND, build) == {"figures": [1, 2]}
    assert len(calls) == 2


def test_a_new_stamp_answers_the_new_data():
    """What a restore or another process's change does: the data under the name changed, and so did the stamp."""
    assert memo.remembered("page", FIRST, lambda: "before") == "before"
    assert memo.remembered("page", SECOND, lambda: "after") == "after"
    assert memo.remembered("page", SECOND, lambda: "never built") == "after"


def test_each_name_keeps_one_value():
    """The cache holds the current value of a name, not one per change: an older stamp is built again."""
    memo.remembered("page", FIRST, lambda: "first")
    memo.remembered("page", SECOND, lambda: "second")
    assert cache.get(value_key("page", FIRST)) is None and cache.get(value_key("page", SECOND)) == "second"
    assert memo.remembered("page", FIRST, lambda: "first again") == "first again"
    assert memo.remembered("other page", FIRST, lambda: "other") == "other"


def test_another_process_sees_the_value_in_the_shared_cache():
    """A second process sharing the cache (file, database, Redis) finds what the first one stored."""
    memo.remembered("page", FIRST, lambda: "built by the first")
    assert memo.remembered("page", FIRST, lambda: "built by the second") == "built by the first"


def value_key(name: str, stamp: Stamp) -> str:
    return f"{memo.PREFIX}{memo._digest(name)}:{memo._digest(stamp.token)}"


def test_a_value_another_caller_is_building_is_waited_for():
    key = value_key("page", FIRST)
    cache.add(key + memo._MARKER, 1, 5)  # another process started building
    threading.Timer(0.05, lambda: cache.set(key, "built elsewhere")).start()
    build, calls = counted("built here")
    assert memo.remembered("page", FIRST, build) == "built elsewhere"
    assert calls == []


def test_a_caller_that_gives_up_is_not_waited_for():
    """The other caller's build refused (its marker is gone, nothing stored): this one builds at once."""
    marker = value_key("page", FIRST) + memo._MARKER
    cache.add(marker, 1, 5)
    threading.Timer(0.05, lambda: cache.delete(marker)).start()
    assert memo.remembered("page", FIRST, lambda: "built here") == "built here"


def test_a_refused_build_leaves_no_marker_behind():
    from django.http import Http404

    def refuse():
        raise Http404

    with pytest.raises(Http404):
        memo.remembered("page", FIRST, refuse)
    assert cache.get(value_key("page", FIRST) + memo._MARKER) is None
    assert memo.remembered("page", FIRST, lambda: "now") == "now"
