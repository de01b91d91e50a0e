"""services.results: a table's raw points as a new version (a correction never overwrites), checked against the
rules (EMA 2016 3.6: four raw scores adding up to 4 x 30,000 = 120,000, multiples of 100) and against the hand log
when one was kept; each version audited with who entered it."""

import pytest

from tests.tournament.factories import played_event
from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.models import SeatResult, Table, TableResult
from tournament.services import tournaments
from tournament.services.results import SeatScore, enter_table_result

RAWS = (45_000, 35_000, 25_000, 15_000)  # 120,000 = 4 x 30,000 (3.6)
# Two exhaustive draws after the time signal sounded in the first (5.9: the hand in progress and one more): East
# tenpai alone in the first gets 3,000 from the three noten players, 1,000 each (3.4.2); nobody in the second.
HANDS = {"hands": [{"draw": {"tenpai": ["E"]}}, {"draw": {"tenpai": []}}], "time_signal": 1}
HAND_RAWS = (33_000, 29_000, 29_000, 29_000)


def scores(*raws, substitutes=None) -> list[SeatScore]:
    substitutes = substitutes or {}
    return [SeatScore(wind, raw, *substitutes.get(wind, ())) for wind, raw in zip("ESWN", raws, strict=True)]


@pytest.fixture
def event(db):
    """Eight players, two tables in session 1, no results."""
    return played_event("spring", n_players=8, n_sessions=1, played=0)


@pytest.fixture
def table(event) -> Table:
    return Table.objects.select_related("session__tournament").get(session__tournament=event, number=1)


def enter(table, actor=None, raws=RAWS, **options) -> TableResult:
    return enter_table_result(actor=actor, table=table, scores=scores(*raws), **options)


def stored(result: TableResult) -> list[tuple]:
    rows = result.seat_results.select_related("seat__registration").order_by("seat__order")
    return [
        (r.seat.wind, r.seat.registration.key, r.raw_score, r.substitute, r.substitute_name) for r in rows
    ]


def test_a_result_is_stored_seat_by_seat_and_audited(table, make_user):
    rita = make_user("rita")
    keys = [seat.registration.key for seat in table.seats.order_by("order")]
    since = last_entry_id()
    result = enter(table, rita, expected_version=0, submission_key="form-0001", note="fast table")
    saved = TableResult.objects.get(pk=result.pk)
    assert (saved.version, saved.is_current, saved.entered_by, saved.entered_by_label) == (
        1,
        True,
        rita,
        "rita",
    )
    assert (saved.submission_key, saved.note, saved.leftover_sticks, saved.hands) == (
        "form-0001",
        "fast table",
        0,
        None,
    )
    assert stored(saved) == [
        (wind, key, raw, "", "") for wind, key, raw in zip("ESWN", keys, RAWS, strict=True)
    ]
    entry = audited(
        since,
        "result.enter",
        summary="session 1, table 1: result version 1",
        actor=rita,
        tournament=table.session.tournament,
    )
    assert entry.data == {
        "session": 1,
        "table": 1,
        "version": 1,
        "scores": {"E": [45_000, ""], "S": [35_000, ""], "W": [25_000, ""], "N": [15_000, ""]},
        "leftover_sticks": 0,
    }


def test_a_correction_is_version_2_and_keeps_version_1(table):
    first = enter(table)
    since = last_entry_id()
    second = enter(table, raws=(15_000, 25_000, 35_000, 45_000), expected_version=1)
    assert list(TableResult.objects.filter(table=table).values_list("pk", "version", "is_current")) == [
        (second.pk, 2, True),
        (first.pk, 1, False),
    ]
    assert [raw for _w, _k, raw, *_ in stored(first)] == list(RAWS)  # version 1 as it was
    audited(
        since,
        "result.enter",
        summary="session 1, table 1: result version 2",
        actor=None,
        tournament=table.session.tournament,
    )


def test_substitutes_are_stored_with_their_names(table):
    # 5.8: the raw points of the substitute's game still count in the table sum
    result = enter_table_result(
        actor=None,
        table=table,
        scores=scores(
            *RAWS, substitutes={"S": ("from_start", "Kees Reserve"), "N": ("mid_session", "Ria Reserve")}
        ),
    )
    assert [(wind, sub, name) for wind, _k, _raw, sub, name in stored(result)] == [
        ("E", "", ""),
        ("S", "from_start", "Kees Reserve"),
        ("W", "", ""),
        ("N", "mid_session", "Ria Reserve"),
    ]


def test_a_result_with_its_hands_is_stored_with_them(table):
    result = enter(table, raws=HAND_RAWS, hands=HANDS)
    assert TableResult.objects.get(pk=result.pk).hands == HANDS


def test_leftover_sticks_where_they_are_lost(event, table):
    """A ruleset where leftover riichi bets leave the game: the table sums to 120,000 - 1,000 per stick."""
    tournaments.set_ruleset(
        actor=None, tournament=event, ruleset="ema-2016", overrides={"leftover_riichi": "lost"}
    )
    table = Table.objects.select_related("session__tournament").get(pk=table.pk)
    since = last_entry_id()
    result = enter(table, raws=(45_000, 35_000, 25_000, 13_000), leftover_sticks=2)
    assert TableResult.objects.get(pk=result.pk).leftover_sticks == 2
    entry = audited(
        since, "result.enter", summary="session 1, table 1: result version 1", actor=None, tournament=event
    )
    assert entry.data["leftover_sticks"] == 2


# --- refusals ------------------------------------------------------------------------------------------------------


def test_a_sum_other_than_120000_is_refused_with_the_difference(table):
    refused(
        lambda: enter(table, raws=(45_000, 35_000, 25_000, 14_000)),
        "table_sum",
        "Session 1, table 1: the scores add up to 119,000; they must add up to 120,000 (1,000 short)",
    )


def test_a_score_that_is_no_multiple_of_100_is_refused_naming_the_seat(table):
    refused(
        lambda: enter(table, raws=(45_050, 34_950, 25_000, 15_000)),
        "score_unit",
        "Session 1, table 1, seat East: 45,050 is not a multiple of 100",
    )


def test_a_missing_wind_is_refused(table):
    four = [SeatScore("E", 45_000), SeatScore("S", 35_000), SeatScore("W", 25_000), SeatScore("E", 15_000)]
    refused(
        lambda: enter_table_result(actor=None, table=table, scores=four),
        "winds",
        "Session 1, table 1: give one score for each of the winds E, S, W and N.",
    )


def test_a_table_without_its_four_seats_is_refused(event):
    empty = Table.objects.create(session=event.sessions.get(), number=9)
    refused(lambda: enter(empty), "no_seating", "Session 1, table 9 has no complete seating yet.")


def test_leftover_sticks_where_they_go_to_the_winner_are_refused(table):
    refused(
        lambda: enter(table, raws=(45_000, 35_000, 25_000, 14_000), leftover_sticks=1),
        "leftover_sticks",
        "Session 1, table 1",
    )


def test_a_stale_form_is_refused_naming_who_changed_the_table(table, make_user):
    enter(table, make_user("olga"), expected_version=0)
    message = refused(
        lambda: enter(table, raws=RAWS[::-1], expected_version=0),
        "stale_result",
        "Session 1, table 1 was changed by olga at",
    )
    assert "(now version 1)" in message and "Nothing was saved" in message


def test_a_form_used_at_another_table_is_refused(event, table):
    enter(table, submission_key="form-0001")
    other = Table.objects.get(session__tournament=event, number=2)
    refused(
        lambda: enter(other, submission_key="form-0001"),
        "submission_reused",
        "This form was already used for another table.",
    )


def test_a_damaged_submission_key_is_refused(table):
    refused(lambda: enter(table, submission_key="k" * 65), "bad_submission_key", "longer than 64 characters")


def test_raw_points_other_than_the_hands_give_are_refused(table):
    refused(
        lambda: enter(table, raws=(32_000, 30_000, 29_000, 29_000), hands=HANDS),
        "hands_mismatch",
        "Session 1, table 1: seat East has 32,000 raw points but its hands give 33,000",
    )


def test_a_hand_log_of_an_unfinished_game_is_refused(table):
    refused(
        lambda: enter(table, raws=HAND_RAWS, hands={"hands": HANDS["hands"]}),
        "game_not_over",
        "Session 1, table 1: the game is not over",
    )


def test_the_same_result_again_writes_nothing(table):
    enter(table)
    since = last_entry_id()
    again = enter(table)
    assert again.version == 1 and TableResult.objects.filter(table=table).count() == 1
    assert new_actions(since) == []
    assert SeatResult.objects.filter(result__table=table).count() == 4


# --- texts longer than their column: PostgreSQL refuses them with an error (a 500), SQLite stores them --------------


def test_a_note_longer_than_300_characters_is_refused(table):
    refused(
        lambda: enter(table, note="n" * 301),
        "too_long",
        "Session 1, table 1: the note is longer than 300 characters.",
    )
    assert enter(table, note="n" * 300).note == "n" * 300


def test_a_substitutes_name_longer_than_200_characters_is_refused_naming_the_seat(table):
    def with_name(name):
        return enter_table_result(
            actor=None, table=table, scores=scores(*RAWS, substitutes={"S": ("from_start", name)})
        )

    refused(
        lambda: with_name("K" * 201),
        "too_long",
        "Session 1, table 1, seat South: the substitute's name is longer than 200 characters.",
    )
    assert stored(with_name("K" * 200))[1][4] == "K" * 200


def test_the_refusal_of_a_long_name_in_dutch(table):
    from django.utils import translation

    long_name = scores(*RAWS, substitutes={"W": ("mid_session", "K" * 201)})
    with translation.override("nl"):
        message = refused(lambda: enter_table_result(actor=None, table=table, scores=long_name), "too_long")
    assert message == "Sessie 1, tafel 1, plaats West: de naam van de reservespeler is langer dan 200 tekens."
