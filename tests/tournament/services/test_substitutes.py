"""services.substitutes: a seat played from the start by a reserve or a guest (EMA 2016 5.8; rules-interpretation
section 2); each refusal names what, in English and Dutch, and writes nothing; the result then follows 5.8."""

import pytest
from django.utils import translation

from scoring.standings import RESERVE, WITHDRAWN
from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tests.tournament.substitute_event import seat, substitute_event
from tournament import selectors
from tournament.errors import DomainError
from tournament.errors.messages import results, sessions
from tournament.models import Attendance, Registration, SeatResult
from tournament.services import players
from tournament.services.results import SeatScore, enter_table_result
from tournament.services.substitutes import remove_substitute, reserve_for_withdrawn, substitute


@pytest.fixture
def event(db):
    return substitute_event()


def test_a_reserve_substitutes_from_the_start_audited_and_the_player_marked_absent(event, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    substitute(tournament=event, session_number=1, player_key="p02", reserve_key="r01", actor=olga)
    found = seat(event, 1, "p02")
    assert (found.substitute_reserve.key, found.substitute_guest, found.substitute_label) == (
        "r01",
        "",
        "Jan Jansen",
    )
    absent = Attendance.objects.get(session__number=1, registration__key="p02")
    assert (absent.present, absent.marked_by, absent.marked_by_label) == (False, olga, "olga")
    audited(
        since,
        "seat.substitute",
        summary="Session 1, table 1: Jan Jansen substitutes for First02 Last02 from the start",
        actor=olga,
        tournament=event,
    )


def test_a_guest_substitutes_and_an_attendance_row_already_there_is_kept(event):
    registration = Registration.objects.get(tournament=event, key="p03")
    session = event.sessions.get(number=2)
    Attendance.objects.create(
        session=session, registration=registration, present=True, marked_at="2026-05-02T09:00Z"
    )
    substitute(tournament=event, session_number=2, player_key="p03", guest="  Piet Gast ", actor=None)
    assert seat(event, 2, "p03").substitute_label == "Piet Gast"
    assert Attendance.objects.get(session=session, registration=registration).present is True


def test_a_substitute_is_replaced_and_removed(event):
    substitute(tournament=event, session_number=1, player_key="p02", reserve_key="r01", actor=None)
    substitute(tournament=event, session_number=1, player_key="p02", guest="Piet Gast", actor=None)
    assert (seat(event, 1, "p02").substitute_reserve, seat(event, 1, "p02").substitute_label) == (
        None,
        "Piet Gast",
    )
    since = last_entry_id()
    remove_substitute(tournament=event, session_number=1, player_key="p02", actor=None)
    assert seat(event, 1, "p02").substitute_label == ""
    audited(
        since,
        "seat.substitute_removed",
        summary="Session 1, table 1: First02 Last02 plays after all (Piet Gast does not)",
        actor=None,
        tournament=event,
    )


def call(event, **given):
    arguments = {"tournament": event, "session_number": 1, "player_key": "p02", "actor": None, **given}
    return lambda: substitute(**arguments)


def test_refusals_name_what_and_write_nothing(event):
    substitute(tournament=event, session_number=1, player_key="p05", reserve_key="r02", actor=None)
    refused(call(event, session_number=9, reserve_key="r01"), "substitute_no_session", "session 9")
    refused(call(event, player_key="p99", reserve_key="r01"), "substitute_not_seated", "Session 1", "p99")
    refused(call(event, player_key="r01", reserve_key="r02"), "substitute_not_seated", "r01")
    refused(call(event, reserve_key="x07"), "substitute_not_reserve", "x07")
    refused(call(event, reserve_key="p03"), "substitute_not_reserve", "p03")  # an active player is no reserve
    refused(call(event, reserve_key="r02"), "substitute_reserve_busy", "Kees Klaassen", "table 2")
    refused(call(event, guest=""), "substitute_guest_blank", "First02 Last02")
    refused(call(event, guest="   "), "substitute_guest_blank", "guest's name")
    refused(call(event, guest="G" * 200), "too_long", "100 characters")  # the column's max_length
    refused(call(event, reserve_key="r01", guest="Piet"), "substitute_choose_one", "one of the two")
    refused(call(event), "substitute_choose_one", "First02 Last02")
    remove = lambda: remove_substitute(tournament=event, session_number=1, player_key="p03", actor=None)  # noqa: E731
    refused(remove, "substitute_none", "First03 Last03")


def test_a_reserve_seated_in_the_session_is_busy(event):
    """A reserve who has a seat of their own in that session (seated by hand before they became a reserve)."""
    Registration.objects.filter(tournament=event, key="p06").update(status=RESERVE)
    refused(call(event, reserve_key="p06"), "substitute_reserve_busy", "First06 Last06", "table 2")


def test_a_guest_of_100_characters_is_the_limit(event):
    substitute(tournament=event, session_number=1, player_key="p02", guest="G" * 100, actor=None)
    assert seat(event, 1, "p02").substitute_guest == "G" * 100


def scores(*raws) -> list[SeatScore]:
    return [SeatScore(wind, raw) for wind, raw in zip("ESWN", raws, strict=True)]


def table_one(event):
    return event.sessions.get(number=1).tables.get(number=1)


def test_a_table_with_a_result_is_refused_unless_a_correction(event):
    """Issue 20, "Bad input": a seat whose table has a result changes only as a correction; the refusal names the
    table and the way to correct, and writes nothing (neither the plan nor a version nor attendance)."""
    enter_table_result(actor=None, table=table_one(event), scores=scores(40_000, 35_000, 25_000, 20_000))
    message = refused(call(event, guest="Piet Gast"), "substitute_table_has_result", "table 1", "--correct")
    assert "correct the result" in message
    refused(
        lambda: remove_substitute(tournament=event, session_number=1, player_key="p02", actor=None),
        "substitute_none",
    )


def test_a_planned_substitute_at_a_table_with_a_result_is_removed_only_as_a_correction(event):
    substitute(tournament=event, session_number=1, player_key="p02", reserve_key="r01", actor=None)
    enter_table_result(actor=None, table=table_one(event), scores=scores(35_000, 40_000, 25_000, 20_000))
    remove = lambda: remove_substitute(tournament=event, session_number=1, player_key="p02", actor=None)  # noqa: E731
    refused(remove, "substitute_table_has_result", "Session 1, table 1", "--correct")


def totals(event) -> dict[str, int]:
    standings = selectors.standings(event)
    found = {standings.player(row).key: row.total for row in standings.rows}
    return {key: found[key] for key in ("p01", "p02", "p03", "p04")}


def test_a_correction_writes_a_new_version_substituted_from_the_start_and_the_standings_follow_5_8(
    event, make_user
):
    """5.8 and rules-interpretation section 2. Table 1 of session 1, raws E p01 35,000, S p02 40,000, W p03
    25,000, N p04 20,000 (120,000, 3.6). Version 1, p02 played: places p02, p01, p03, p04; uma (3.6.1)
    +15,000/+5,000/-5,000/-15,000: p02 10,000 + 15,000 = +25.0, p01 5,000 + 5,000 = +10.0, p03 -5,000 - 5,000 =
    -10.0, p04 -10,000 - 15,000 = -25.0. Version 2, Jan Jansen substituted from the start with the same 40,000: the
    other three are placed with his raw points as if he were a player (Jan 1st, p01 2nd, p03 3rd, p04 4th), so they
    keep +10.0, -10.0, -25.0; p02 records score -15,000 and uma -15,000 = -30.0."""
    olga = make_user("olga")
    first = enter_table_result(
        actor=None, table=table_one(event), scores=scores(35_000, 40_000, 25_000, 20_000), leftover_sticks=0
    )
    assert totals(event) == {"p01": 10_000, "p02": 25_000, "p03": -10_000, "p04": -25_000}
    since = last_entry_id()
    substitute(
        tournament=event, session_number=1, player_key="p02", reserve_key="r01", correct=True, actor=olga
    )
    assert seat(event, 1, "p02").substitute_label == "Jan Jansen"
    versions = list(table_one(event).results.order_by("version"))
    assert [(v.pk, v.version, v.is_current) for v in versions] == [
        (first.pk, 1, False),
        (versions[1].pk, 2, True),
    ]
    rows = {
        r.seat.wind: (r.raw_score, r.substitute, r.substitute_name) for r in versions[1].seat_results.all()
    }
    assert rows == {
        "E": (35_000, "", ""),
        "S": (40_000, "from_start", "Jan Jansen"),
        "W": (25_000, "", ""),
        "N": (20_000, "", ""),
    }
    assert {r.seat.wind: r.substitute for r in first.seat_results.all()}["S"] == ""  # the old version is kept
    assert totals(event) == {"p01": 10_000, "p02": -30_000, "p03": -10_000, "p04": -25_000}
    audited(
        since, "result.enter", summary="session 1, table 1: result version 2", actor=olga, tournament=event
    )
    entry = audited(
        since,
        "seat.substitute",
        summary="Session 1, table 1: Jan Jansen substitutes for First02 Last02 from the start",
        actor=olga,
        tournament=event,
    )
    assert entry.data["corrected_version"] == 2


def test_removing_a_substitute_as_a_correction_writes_a_version_without_them(event):
    """The registered player played after all: version 3 has the same raws and no substitute, so p02 is first
    again with 10,000 + 15,000 = +25.0 (3.6, 3.6.1)."""
    substitute(tournament=event, session_number=1, player_key="p02", guest="Piet Gast", actor=None)
    enter_table_result(actor=None, table=table_one(event), scores=scores(35_000, 40_000, 25_000, 20_000))
    assert totals(event)["p02"] == -30_000
    since = last_entry_id()
    remove_substitute(tournament=event, session_number=1, player_key="p02", correct=True, actor=None)
    current = table_one(event).results.get(is_current=True)
    assert current.version == 2
    assert current.seat_results.get(seat__wind="S").substitute == ""
    assert totals(event) == {"p01": 10_000, "p02": 25_000, "p03": -10_000, "p04": -25_000}
    assert new_actions(since) == ["result.enter", "seat.substitute_removed"]


def test_correct_at_a_table_without_a_result_only_plans(event):
    substitute(
        tournament=event, session_number=1, player_key="p02", reserve_key="r01", correct=True, actor=None
    )
    assert seat(event, 1, "p02").substitute_label == "Jan Jansen"
    assert not table_one(event).results.exists()


def test_every_sentence_has_dutch():
    params = {"tournament": "T", "session": 3, "table": 4, "player": "Anna", "reserve": "Jan"}
    params |= {"title": "X", "ranking": "r", "known": "k", "place": 0, "limit": 9, "category": "c"}
    params |= {"count": 1, "adding": 1}
    codes = ("substitute_", "arrival_", "attendance_", "lateness_", "not_withdrawn", "withdraw_", "prize_")
    for code, template in {**sessions.MESSAGES, **results.MESSAGES}.items():
        if not code.startswith(codes) and code != "too_many_prizes":
            continue
        with translation.override("nl"):
            dutch = str(template)
        assert dutch != str(template), code
        english = DomainError.coded(code, **params).message
        with translation.override("nl"):
            dutch_message = DomainError.coded(code, **params).message
        if english.startswith(("T ", "Session 3", "Anna ")):  # the Dutch names what and where first too
            assert dutch_message.startswith(("T ", "Sessie 3", "Anna ")), code


def test_the_result_follows_5_8_from_the_start_and_the_standings_give_minus_30(event):
    """5.8 and rules-interpretation section 2: the substitute's raw points place the other three as if they were
    a player; the substituted player records score -15,000 and uma -15,000 (-30.0); the substitute is not ranked.
    Table 1 of session 1, raws E p01 35,000, S p02 (Jan Jansen substituting) 40,000, W p03 25,000, N p04 20,000
    (120,000, 3.6). Places: Jan 1st, p01 2nd, p03 3rd, p04 4th; uma +15,000/+5,000/-5,000/-15,000 (3.6):
    p01 5,000 + 5,000 = +10.0, p03 -5,000 - 5,000 = -10.0, p04 -10,000 - 15,000 = -25.0, p02 -30.0."""
    substitute(tournament=event, session_number=1, player_key="p02", reserve_key="r01", actor=None)
    table = event.sessions.get(number=1).tables.get(number=1)
    result = enter_table_result(actor=None, table=table, scores=scores(35_000, 40_000, 25_000, 20_000))
    south = SeatResult.objects.get(result=result, seat__wind="S")
    assert (south.substitute, south.substitute_name) == ("from_start", "Jan Jansen")
    standings = selectors.standings(event)
    totals = {standings.player(row).key: row.total for row in standings.rows}
    assert {key: totals[key] for key in ("p01", "p02", "p03", "p04")} == {
        "p01": 10_000,
        "p02": -30_000,
        "p03": -10_000,
        "p04": -25_000,
    }
    assert "r01" not in totals  # a reserve is never ranked


def test_the_referee_may_say_the_registered_player_played_after_all(event):
    substitute(tournament=event, session_number=1, player_key="p02", guest="Piet Gast", actor=None)
    table = event.sessions.get(number=1).tables.get(number=1)
    given = scores(35_000, 40_000, 25_000, 20_000)
    given[1] = SeatScore("S", 40_000, "")  # "" = no substitute: the referee changed the preset
    result = enter_table_result(actor=None, table=table, scores=given)
    assert SeatResult.objects.get(result=result, seat__wind="S").substitute == ""


def test_a_withdrawn_players_remaining_seats_go_to_one_reserve(event):
    """Issue 20, item 5: the reserve takes every seat of the withdrawn player in the sessions without results."""
    table = event.sessions.get(number=1).tables.get(number=1)
    enter_table_result(actor=None, table=table, scores=scores(40_000, 35_000, 25_000, 20_000))
    registration = withdrawn(event, "p02")
    done = reserve_for_withdrawn(actor=None, registration=registration, reserve_key="r01")
    assert [seat.session.number for seat in done] == [2]  # session 1 has its result and stays
    assert seat(event, 2, "p02").substitute_label == "Jan Jansen"


def test_no_free_reserve_refuses_the_withdrawal_substitute_and_writes_nothing(event):
    substitute(tournament=event, session_number=2, player_key="p05", reserve_key="r01", actor=None)
    registration = withdrawn(event, "p02")
    refused(
        lambda: reserve_for_withdrawn(actor=None, registration=registration, reserve_key="r01"),
        "withdraw_no_free_reserve",
        "Session 2",
        "First02 Last02",
    )


def test_a_player_who_has_not_withdrawn_keeps_their_seats(event):
    registration = Registration.objects.get(tournament=event, key="p02")
    refused(
        lambda: reserve_for_withdrawn(actor=None, registration=registration, reserve_key="r01"),
        "not_withdrawn",
        "First02 Last02",
    )


def withdrawn(event, key: str) -> Registration:
    registration = Registration.objects.get(tournament=event, key=key)
    players.set_status(actor=None, registration=registration, status=WITHDRAWN)
    return registration
