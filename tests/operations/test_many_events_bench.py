"""The pure parts of bench/many_events.py (issue 33): its options, the figures it prints (percentiles, rates,
errors, the isolation ratio) and the count of requests per gunicorn process. The bench itself is never run here."""

import importlib
import sys
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

BENCH = Path(settings.BASE_DIR) / "bench"


@pytest.fixture(scope="module")
def bench():
    """bench/many_events.py and its helpers as modules; the folders they put on sys.path taken off again."""
    saved = list(sys.path)
    sys.path.insert(0, str(BENCH))
    try:
        modules = {
            name: importlib.import_module(name) for name in ("many_events", "_events", "_spread", "_http")
        }
    finally:
        sys.path[:] = saved
    return modules


def test_the_defaults_are_the_issues_weekend_and_each_can_be_scaled_down(bench):
    args = bench["many_events"].parse_args([])
    assert (args.tournaments, args.players, args.phones, args.referees) == (10, 200, 100, 10)
    assert (args.cold_burst, args.spread, args.poll) == (False, False, None)  # phones at live.js's pace
    small = bench["many_events"].parse_args(["--tournaments", "2", "--phones", "5", "--duration", "3"])
    assert (small.tournaments, small.phones, small.duration) == (2, 5, 3.0)
    assert bench["many_events"].slugs(3) == ["open-01", "open-02", "open-03"]
    assert bench["many_events"].prefix("open-02") == "open02ref"  # a valid user name


@pytest.mark.parametrize("argv", [["--referees", "0"], ["--duration", "0"], ["--phones", "-1"]])
def test_an_option_that_measures_nothing_is_refused(bench, argv):
    with pytest.raises(SystemExit):
        bench["many_events"].parse_args(argv)


def test_a_phone_asks_only_for_its_tournaments_live_pages(bench):
    import random

    page = bench["many_events"].live_page(16)
    rng = random.Random(1)
    seen = {page("open-03", rng) for _ in range(500)}
    assert {
        "/t/open-03/standings/",
        "/t/open-03/",
        "/t/open-03/sessions/9/",
        "/t/open-03/sessions/8/",
    } <= seen
    players = {path for path in seen if "/players/" in path}
    assert players and all(path.startswith("/t/open-03/players/p") for path in players)
    assert all(path.startswith("/t/open-03/") for path in seen)


def test_the_percentile_is_the_nearest_rank(bench):
    percentile = bench["_http"].percentile
    values = [v / 1000 for v in range(100, 0, -1)]  # 1 ms .. 100 ms, in any order
    # index round(share * (n - 1)): p50 -> index 50 (49.5 rounds to even 50), p95 -> 94, p99 -> 98
    assert [percentile(values, share) for share in (0.5, 0.95, 0.99)] == [0.051, 0.095, 0.099]


def test_the_summary_counts_failures_and_error_answers_not_redirects_or_304s(bench):
    events = bench["_events"]
    rows = [events.Row("phone poll", "open-01", "alone", seconds, status)
            for seconds, status in [(0.01, 304), (0.02, 200), (0.03, 302), (0.04, 0), (0.05, 500)]]  # fmt: skip
    found = events.summarise(rows, 2.0)
    assert (found.requests, found.per_second, found.errors) == (5, 2.5, 2)
    assert (found.p50, found.p95) == (0.03, 0.05)
    assert found.statuses == Counter({304: 1, 200: 1, 302: 1, 0: 1, 500: 1})
    lines = events.table(events.by_kind(rows, 2.0))
    assert lines[1].split()[:8] == ["phone", "poll", "5", "2.5", "30", "50", "50", "2"]
    assert lines[1].endswith("  failed: 1, 200: 1, 302: 1, 304: 1, 500: 1")


def test_the_isolation_ratio_is_the_p95_together_over_the_p95_alone(bench):
    isolation = bench["_events"].isolation
    alone = [0.010] * 19 + [0.100]  # p95: index round(0.95 * 19) = 18 -> 10 ms
    assert isolation(alone, [0.012] * 20, 1.25) == pytest.approx((0.010, 0.012, 1.2, True))
    assert isolation(alone, [0.013] * 20, 1.25)[2:] == pytest.approx((1.3, False))


def test_requests_are_counted_per_process_from_the_access_log(bench):
    spread = bench["_spread"]
    lines = ["pid=<101> 304", "pid=<102> 304", "pid=<101> 304", "pid=<101> 200", "[INFO] Booting worker", ""]
    assert spread.per_process(lines, 3) == [
        3,
        1,
        0,
    ]  # the busiest first, a process that answered nothing as 0
    rounds = [spread.Round(4, [3, 1, 0], 0), spread.Round(6, [2, 2, 2], 1)]
    assert rounds[0].shares() == [0.75, 0.25, 0.0]
    described = spread.describe(rounds, 3)
    assert described[0] == "  round 1: 4 requests, per process 75% 25% 0%"
    assert described[1] == "  round 2: 6 requests, per process 33% 33% 33%, 1 failed"
    assert described[2] == (
        "  busiest process's share: mean 54%, worst 75% (even: 33%); rounds where one process took over half: 1 of 2"
    )


def test_the_bench_asks_gunicorn_for_the_process_of_each_answer(bench):
    # gunicorn's access-log atom for the process id; given on the command line, it takes precedence over the file's
    options = bench["_spread"].ACCESS_LOG_OPTIONS
    assert options[options.index("--access-logformat") + 1].startswith("pid=%(p)s")


class Answers:
    """A referee's client that answers every POST with one redirect."""

    def __init__(self, location):
        self.location = location

    def request(self, kind, method, path, body=None, headers=None):
        return 302, {"location": self.location}, ""


class Counts(Counter):
    def count(self, what, key=None):
        self[what] += 1


@pytest.mark.parametrize(
    "location, saved",
    [
        ("/t/open-01/referee/sessions/9/#table-3", True),
        # the log-in page names the table's address in ?next=: the save never happened
        ("/accounts/login/?next=/t/open-01/referee/sessions/9/tables/3/", False),
    ],
)
def test_a_save_counts_only_when_sent_on_to_the_sessions_page(bench, location, saved):
    http_load = importlib.import_module("http_load")
    counts = Counts()
    assert (
        http_load.post_save(Answers(location), "/t/open-01/referee/sessions/9/tables/3/", {}, counts, "save")
        is saved
    )
    assert counts == ({} if saved else {"sent to /accounts/login/": 1})
