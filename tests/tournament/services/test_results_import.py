"""services.results_import: a results file's tables through the referee's write path (versions, audit, chombos as
penalties), all or nothing; the same file again writes nothing; a different result needs ``correct``."""

import pytest

from tests.tournament.factories import played_event
from tests.tournament.results_files import HEADER, RAWS, csv_bytes, lines, seats
from tests.tournament.services.expect import database, last_entry_id, new_actions, refused
from tournament.models import AuditEntry, Penalty, TableResult
from tournament.readers.results_file import read_results_file
from tournament.selectors.results import standings
from tournament.services.penalties import give_penalty
from tournament.services.results_import import import_results

CHOMBO_HEADER = [*HEADER, "chombo"]


@pytest.fixture
def event(db):
    """Eight players, two sessions seated (two tables each), no results."""
    return played_event("paper", n_players=8, n_sessions=2, played=0)


def run(event, rows, header=CHOMBO_HEADER, actor=None, correct=False):
    tables = read_results_file(event, "day1.csv", csv_bytes(header, rows)).tables
    return import_results(actor=actor, tournament=event, tables=tables, correct=correct, source="day1.csv")


def good_rows(event):
    return lines(event, 1, 1, chombos={"W": 1}) + lines(event, 1, 2, chombos={})


def test_a_good_file_writes_results_and_chombos_scored_by_the_rules(event, make_user):
    org = make_user("org")
    since = last_entry_id()
    outcome = run(event, good_rows(event), actor=org)
    assert [(t.session, t.table) for t in outcome.entered] == [(1, 1), (1, 2)]
    assert (outcome.corrected, outcome.unchanged, outcome.chombos_given) == ([], [], 1)
    results = TableResult.objects.filter(table__session__tournament=event)
    assert [(r.table.number, r.version, r.entered_by) for r in results.order_by("table__number")] == [
        (1, 1, org),
        (2, 1, org),
    ]
    assert new_actions(since) == ["result.enter", "penalty.give", "result.enter", "results.import"]
    # Table 1 by hand: score = raw - 30,000 (EMA 2016 3.6); uma +15,000 / +5,000 / -5,000 / -15,000 by place
    # (3.6.1); West's chombo -20,000 after uma (3.4.6, 5.6; rules-interpretation.md section 3):
    # E 45,000: +15,000 + 15,000 = 30,000; S 35,000: +5,000 + 5,000 = 10,000;
    # W 25,000: -5,000 - 5,000 - 20,000 = -30,000; N 15,000: -15,000 - 15,000 = -30,000.
    totals = {row.player: row.total for row in standings(event).rows}
    east, south, west, north = seats(event)
    assert [totals[s.registration_id] for s in (east, south, west, north)] == [
        30_000,
        10_000,
        -30_000,
        -30_000,
    ]
    chombo = Penalty.objects.get(registration=west.registration)
    assert (chombo.kind, chombo.session.number, chombo.reason) == ("chombo", 1, "results file day1.csv")


def test_one_table_with_a_different_result_writes_nothing_at_all(event):
    """Table 2 is new, table 1 differs: refused as a whole, the new table not written either."""
    run(event, lines(event, 1, 1), header=HEADER)
    different = lines(event, 1, 1, raws={"E": 25_000, "S": 35_000, "W": 45_000, "N": 15_000})
    tables = read_results_file(event, "day1.csv", csv_bytes(HEADER, different + lines(event, 1, 2))).tables
    refused(
        lambda: import_results(actor=None, tournament=event, tables=tables, source="day1.csv"),
        "results_differ",
        "session 1, table 1",
    )


def test_the_same_file_again_writes_nothing_new(event):
    run(event, good_rows(event))
    before, since = database(), last_entry_id()
    outcome = run(event, good_rows(event))
    assert not outcome.wrote_anything
    assert len(outcome.unchanged) == 2
    assert database() == before and new_actions(since) == []


def test_a_different_result_is_refused_then_corrected_as_a_new_version(event, make_user):
    run(event, good_rows(event))
    rows = lines(event, 1, 1, raws={"E": 25_000, "S": 35_000, "W": 45_000, "N": 15_000}, chombos={})
    message = refused(lambda: run(event, rows), "results_differ", "session 1, table 1")
    assert "table 2" not in message
    org = make_user("org")
    since = last_entry_id()
    outcome = run(event, rows, actor=org, correct=True)
    assert [(t.session, t.table) for t in outcome.corrected] == [(1, 1)]
    assert outcome.chombos_cancelled == 1
    versions = TableResult.objects.filter(table__session__tournament=event, table__number=1).order_by(
        "version"
    )
    assert [(r.version, r.is_current) for r in versions] == [(1, False), (2, True)]
    assert new_actions(since) == ["result.enter", "penalty.cancel", "results.import"]
    cancelled = Penalty.objects.get()
    assert cancelled.cancelled and cancelled.cancel_reason == "corrected by the results file day1.csv"
    entry = AuditEntry.objects.get(pk__gt=since, action="results.import")
    assert entry.summary == "Results file day1.csv: 0 tables entered, 1 table corrected, 0 tables unchanged"
    assert entry.actor == org


def test_a_chombo_recorded_on_the_day_is_not_given_twice(event):
    west = seats(event)[2]
    give_penalty(actor=None, registration=west.registration, session=west.session, kind="chombo")
    outcome = run(event, lines(event, 1, 1, chombos={"W": 1}))
    assert [(t.session, t.table) for t in outcome.entered] == [(1, 1)]
    assert outcome.chombos_given == 0
    assert Penalty.objects.filter(registration=west.registration, cancelled=False).count() == 1


def test_more_chombos_than_recorded_on_a_table_with_a_result_is_a_correction(event):
    run(event, lines(event, 1, 1), header=HEADER)
    rows = lines(event, 1, 1, chombos={"N": 2})
    refused(lambda: run(event, rows), "results_differ", "session 1, table 1")
    outcome = run(event, rows, correct=True)
    assert (outcome.chombos_given, len(outcome.corrected)) == (2, 1)
    assert TableResult.objects.filter(table__session__tournament=event).count() == 1  # same raws: no version


def test_without_a_chombo_column_chombos_are_left_alone(event):
    west = seats(event)[2]
    give_penalty(actor=None, registration=west.registration, session=west.session, kind="chombo")
    outcome = run(event, lines(event, 1, 1), header=HEADER)
    assert (len(outcome.entered), outcome.chombos_given, outcome.chombos_cancelled) == (1, 0, 0)
    assert RAWS  # the raws written are the file's
