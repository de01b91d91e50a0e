"""services.sheets: the digital score sheet of a table. Lines are only added (a hand, the time signal 5.9, the
undoing of the last hand), each checked by replaying the sheet through the rules and audited with who entered it
(a login, or the players of the table through the printed link). A referee's chombo hand records its penalty
(2016 3.4.6: 20,000 after uma); the players' one waits for a referee. Limits of a sheet: test_sheet_limits.py."""

import pytest

from tests.tournament.factories import played_event
from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.models import AuditEntry, Penalty, SheetEntry, Table
from tournament.services import tournaments
from tournament.services.results import SeatScore, enter_table_result
from tournament.services.sheets import add_line, record_sheet_chombo

NOTEN = {"draw": {"tenpai": []}}  # an exhaustive draw, nobody tenpai (3.4.2): nobody pays
CHOMBO_W = {"chombo": "W"}  # West's chombo: a re-deal, not a hand played (5.9)


@pytest.fixture
def event(db):
    """Four players at table 1 of session 1, no result."""
    return played_event("spring", n_players=4, n_sessions=1, played=0)


@pytest.fixture
def table(event) -> Table:
    return Table.objects.select_related("session__tournament").get(session__tournament=event)


@pytest.fixture
def rita(make_user, event):
    return make_user("rita", tournament=event, role="referee")


def line(table, kind="hand", hand=None, *, actor=None, count=None, key=None, by_players=False) -> SheetEntry:
    count = table.sheet_entries.count() if count is None else count
    return add_line(
        actor=actor,
        table=table,
        kind=kind,
        hand=hand,
        expected_count=count,
        submission_key=key or f"line-{count + 1:04d}-{kind}",
        by_players=by_players,
    )


def west(table):
    return table.seats.get(wind="W").registration


# --- lines ---------------------------------------------------------------------------------------------------------


def test_a_hand_is_the_next_line_and_is_audited_with_the_referee(event, table, rita):
    line(table, hand=NOTEN, actor=rita)
    since = last_entry_id()
    entry = line(table, hand=NOTEN, actor=rita, key="sheet-key-02")
    saved = SheetEntry.objects.get(pk=entry.pk)
    assert (saved.seq, saved.kind, saved.hand, saved.submission_key) == (2, "hand", NOTEN, "sheet-key-02")
    assert (saved.entered_by, saved.entered_by_label) == (rita, "rita")
    logged = audited(
        since, "sheet.hand", summary="Session 1, table 1: score sheet, hand", actor=rita, tournament=event
    )
    assert logged.data == {"session": 1, "table": 1, "seq": 2, "hand": NOTEN}


def test_the_time_signal_and_an_undo_are_lines_too(event, table):
    line(table, hand=NOTEN)
    since = last_entry_id()
    line(table, "signal")
    line(table, "undo")
    assert list(table.sheet_entries.values_list("seq", "kind", "hand")) == [
        (1, "hand", NOTEN),
        (2, "signal", None),
        (3, "undo", None),
    ]
    assert new_actions(since) == ["sheet.signal", "sheet.undo"]
    audited(
        since,
        "sheet.signal",
        summary="Session 1, table 1: score sheet, time signal",
        actor=None,
        tournament=event,
    )
    audited(
        since, "sheet.undo", summary="Session 1, table 1: score sheet, undo", actor=None, tournament=event
    )


def test_a_line_by_the_players_names_them_and_no_login(event, table, rita):
    since = last_entry_id()
    entry = line(table, hand=NOTEN, actor=rita, by_players=True)  # the link has no login, whoever holds it
    assert (entry.entered_by, entry.entered_by_label) == (None, "players of table 1")
    logged = AuditEntry.objects.get(pk__gt=since)
    assert (logged.action, logged.actor, logged.actor_label, logged.tournament) == (
        "sheet.hand",
        None,
        "players of table 1",
        event,
    )


def test_a_repost_returns_the_line_it_made(table):
    first = line(table, hand=NOTEN, key="sheet-key-01")
    since = last_entry_id()
    again = line(table, hand=NOTEN, count=0, key="sheet-key-01")  # the phone still shows the empty sheet
    assert again.pk == first.pk and table.sheet_entries.count() == 1 and new_actions(since) == []


# --- chombo hands and their penalties (3.4.6) -----------------------------------------------------------------------


def test_a_referees_chombo_records_its_penalty_and_undoing_it_cancels_that(event, table, rita):
    since = last_entry_id()
    entry = line(table, hand=CHOMBO_W, actor=rita)
    penalty = Penalty.objects.get()
    assert (penalty.registration, penalty.kind, penalty.reason, penalty.created_by) == (
        west(table),
        "chombo",
        "score sheet, hand 1",
        rita,
    )
    assert penalty.submission_key == f"sheet-{entry.pk}-chombo"
    assert penalty.deducted_points(event.rules) == 20_000
    assert new_actions(since) == ["penalty.give", "sheet.hand"]
    line(table, "undo", actor=rita)
    penalty.refresh_from_db()
    assert (penalty.cancelled, penalty.cancel_reason, penalty.cancelled_by) == (
        True,
        "the hand was undone on the score sheet",
        rita,
    )


def test_the_players_chombo_waits_for_the_referee_who_records_it_once(event, table, rita):
    entry = line(table, hand=CHOMBO_W, by_players=True)
    assert not Penalty.objects.exists()
    since = last_entry_id()
    penalty = record_sheet_chombo(actor=rita, table=table, line=entry.seq)
    again = record_sheet_chombo(actor=rita, table=table, line=entry.seq)  # a second tap
    assert again.pk == penalty.pk and Penalty.objects.count() == 1
    assert (penalty.registration, penalty.created_by, penalty.reason) == (
        west(table),
        rita,
        "score sheet, hand 1",
    )
    audited(
        since,
        "penalty.give",
        summary=f"session 1, {west(table).player}: chombo, 20000 points",
        actor=rita,
        tournament=event,
    )


def test_no_chombo_penalty_where_a_chombo_is_paid_at_the_table(event, table, rita):
    """2008 3.4.6: a chombo is a reverse mangan in the raw points; the sheet records no penalty."""
    tournaments.set_ruleset(actor=None, tournament=event, ruleset="ema-2008")
    table = Table.objects.select_related("session__tournament").get(pk=table.pk)
    entry = line(table, hand=CHOMBO_W, actor=rita)
    assert not Penalty.objects.exists()
    refused(
        lambda: record_sheet_chombo(actor=rita, table=table, line=entry.seq),
        "chombo_at_table",
        "Session 1, table 1: under these rules a chombo is paid at the table; there is no penalty to record.",
    )


def test_recording_a_line_that_is_no_chombo_is_refused(table, rita):
    line(table, hand=NOTEN, by_players=True)
    chombo = line(table, hand=CHOMBO_W, by_players=True)
    line(table, "undo", by_players=True)
    for number in (1, chombo.seq):  # a draw; a chombo undone
        refused(
            lambda number=number: record_sheet_chombo(actor=rita, table=table, line=number),
            "no_such_chombo",
            f"Session 1, table 1: line {number} of the score sheet is no chombo (any more); nothing was recorded.",
        )


# --- refusals of add_line ------------------------------------------------------------------------------------------


def test_a_sheet_changed_on_another_phone_is_refused(table):
    line(table, hand=NOTEN)
    refused(
        lambda: line(table, hand=NOTEN, count=0, key="other-phone-01"),
        "stale_sheet",
        "Session 1, table 1: the sheet changed on another device meanwhile; nothing was added.",
    )


def test_an_unknown_kind_of_line_is_refused(table):
    refused(lambda: line(table, "riichi"), "bad_line", "Unknown kind of line riichi.")


def test_a_hand_without_its_data_is_refused(table):
    refused(lambda: line(table, hand=None), "bad_hand", "Session 1, table 1: the hand is missing.")


def test_an_impossible_hand_is_refused_by_the_rules(table):
    # 3.3: a win needs at least one fan
    refused(
        lambda: line(table, hand={"tsumo": {"seat": "E", "fan": 0, "fu": 30}}), "winner_without_fan", "Hand 1"
    )


def test_nothing_to_undo_and_a_second_signal_are_refused(table):
    refused(lambda: line(table, "undo"), "nothing_to_undo", "Session 1, table 1: there is no hand to undo.")
    line(table, "signal")
    refused(
        lambda: line(table, "signal"),
        "signal_twice",
        "Session 1, table 1: the time signal is on the sheet already.",
    )


def test_nothing_is_added_once_the_game_is_over(table):
    """5.9: after the signal the hand in progress is finished and one more is played; a chombo does not count."""
    line(table, "signal")
    line(table, hand=NOTEN)
    line(table, hand=CHOMBO_W)
    line(table, hand=NOTEN)
    for kind, hand in (("hand", NOTEN), ("signal", None)):
        refused(
            lambda kind=kind, hand=hand: line(table, kind, hand),
            "game_over",
            "Session 1, table 1: the game is over",
        )
    line(table, "undo")  # the last hand can still be taken back


def test_a_form_used_at_another_table_is_refused(db):
    event = played_event("two", n_players=8, n_sessions=1, played=0)
    first, second = Table.objects.select_related("session__tournament").filter(session__tournament=event)
    line(first, hand=NOTEN, key="sheet-key-01")
    refused(
        lambda: line(second, hand=NOTEN, key="sheet-key-01"),
        "submission_reused",
        "This form was already used for another table.",
    )


def test_a_damaged_submission_key_is_refused(table):
    refused(lambda: line(table, hand=NOTEN, key="k" * 65), "bad_submission_key")


def test_the_players_add_nothing_once_the_table_has_a_result(table):
    scores = [SeatScore(w, 30_000) for w in "ESWN"]
    enter_table_result(actor=None, table=table, scores=scores)
    refused(
        lambda: line(table, hand=NOTEN, by_players=True),
        "sheet_closed",
        "Session 1, table 1 already has a result: the score sheet can no longer be changed here.",
    )


def test_the_players_undo_neither_a_referees_hand_nor_a_recorded_chombo(table, rita):
    line(table, hand=NOTEN, actor=rita)
    refused(
        lambda: line(table, "undo", by_players=True),
        "not_yours",
        "Session 1, table 1: hand 1 cannot be undone here: the referee entered it. Ask the referee.",
    )
    chombo = line(table, hand=CHOMBO_W, by_players=True)
    record_sheet_chombo(actor=rita, table=table, line=chombo.seq)
    refused(
        lambda: line(table, "undo", by_players=True),
        "chombo_recorded",
        "Session 1, table 1: hand 2 cannot be undone here: the referee has recorded its chombo as a penalty.",
    )
