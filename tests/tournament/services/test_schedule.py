"""services.schedule: sessions made to exist, and the seating of one session (four players a table, in wind
order E, S, W, N; never changed once the session has a result)."""

from datetime import UTC, datetime

import pytest

from tests.tournament.factories import make_event, numbered_people, played_event
from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.models import Registration, Seat, Session
from tournament.services import schedule, tournaments

NINE = datetime(2026, 5, 9, 9, 0, tzinfo=UTC)


@pytest.fixture
def event(db):
    """Eight players p01..p08 (First01 Last01 ...), no sessions; sessions last 75 minutes."""
    tournament = make_event("spring", numbered_people(8))
    return tournaments.update_tournament(actor=None, tournament=tournament, session_minutes=75)


def players(tournament, *keys) -> list[Registration]:
    by_key = {r.key: r for r in tournament.registrations.select_related("player")}
    return [by_key[key] for key in keys]


def two_tables(tournament) -> list[list[Registration]]:
    return [players(tournament, "p01", "p02", "p03", "p04"), players(tournament, "p05", "p06", "p07", "p08")]


# --- ensure_sessions -----------------------------------------------------------------------------------------------


def test_missing_sessions_are_created_with_their_starts_and_the_tournaments_length(event, make_user):
    olga = make_user("olga")
    schedule.ensure_sessions(actor=None, tournament=event, count=1)
    since = last_entry_id()
    sessions = schedule.ensure_sessions(actor=olga, tournament=event, count=3, starts=[None, NINE])
    assert [s.number for s in sessions] == [1, 2, 3]
    assert list(event.sessions.values_list("number", "starts_at", "duration_minutes")) == [
        (1, None, 75),
        (2, NINE, 75),
        (3, None, 75),
    ]
    entry = audited(since, "session.create", summary="Created sessions 2, 3", actor=olga, tournament=event)
    assert entry.data == {"sessions": [2, 3]}


def test_existing_sessions_are_kept_and_not_audited_again(event):
    schedule.ensure_sessions(actor=None, tournament=event, count=4)
    since = last_entry_id()
    sessions = schedule.ensure_sessions(actor=None, tournament=event, count=2, starts=[NINE])
    assert [s.number for s in sessions] == [1, 2]  # the first two, as asked
    assert event.sessions.count() == 4
    assert event.sessions.get(number=1).starts_at is None  # an existing session keeps its start
    assert new_actions(since) == []


@pytest.mark.parametrize("count", [0, 41])
def test_a_session_count_outside_1_to_40_is_refused(event, count):
    refused(
        lambda: schedule.ensure_sessions(actor=None, tournament=event, count=count),
        "bad_session_count",
        "The number of sessions must be between 1 and 40.",
    )


def test_a_start_outside_the_years_is_refused_naming_its_session(event):
    late = datetime(2101, 1, 1, 9, 0, tzinfo=UTC)
    refused(
        lambda: schedule.ensure_sessions(actor=None, tournament=event, count=3, starts=[NINE, None, late]),
        "bad_session_start",
        "Session 3: the start must be in the years 2000 to 2100.",
    )


# --- set_session_seating -------------------------------------------------------------------------------------------


def test_the_seating_is_stored_table_by_table_in_wind_order_and_audited(event, make_user):
    olga = make_user("olga")
    (session,) = schedule.ensure_sessions(actor=None, tournament=event, count=1)
    since = last_entry_id()
    schedule.set_session_seating(actor=olga, session=session, tables=two_tables(event))
    seats = Seat.objects.filter(session=session).order_by("table__number", "order")
    assert [(s.table.number, s.wind, s.order, s.registration.key) for s in seats] == [
        (1, "E", 0, "p01"),
        (1, "S", 1, "p02"),
        (1, "W", 2, "p03"),
        (1, "N", 3, "p04"),
        (2, "E", 0, "p05"),
        (2, "S", 1, "p06"),
        (2, "W", 2, "p07"),
        (2, "N", 3, "p08"),
    ]
    entry = audited(
        since, "seating.set", summary="Seating of session 1 set (2 tables)", actor=olga, tournament=event
    )
    assert entry.data == {
        "session": 1,
        "tables": [["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]],
    }


def test_a_new_seating_replaces_the_old_one(event):
    (session,) = schedule.ensure_sessions(actor=None, tournament=event, count=1)
    schedule.set_session_seating(actor=None, session=session, tables=two_tables(event))
    mixed = [players(event, "p08", "p01", "p06", "p03"), players(event, "p02", "p07", "p04", "p05")]
    schedule.set_session_seating(actor=None, session=session, tables=mixed)
    assert session.tables.count() == 2
    assert list(
        session.seats.order_by("table__number", "order").values_list("registration__key", flat=True)
    ) == [
        "p08",
        "p01",
        "p06",
        "p03",
        "p02",
        "p07",
        "p04",
        "p05",
    ]


@pytest.mark.django_db
def test_the_seating_of_a_session_with_a_result_is_refused():
    event = played_event("played", n_players=8, n_sessions=1, played=1)
    session = event.sessions.get()
    tables = [[seat.registration for seat in table.seats.order_by("order")] for table in session.tables.all()]
    refused(
        lambda: schedule.set_session_seating(actor=None, session=session, tables=tables[::-1]),
        "session_has_results",
        "Session 1 has results; its seating cannot change.",
    )


def test_a_table_of_three_is_refused_naming_session_and_table(event):
    (session,) = schedule.ensure_sessions(actor=None, tournament=event, count=1)
    schedule.set_session_seating(actor=None, session=session, tables=two_tables(event))
    short = [players(event, "p01", "p02", "p03", "p04"), players(event, "p05", "p06", "p07")]
    refused(
        lambda: schedule.set_session_seating(actor=None, session=session, tables=short),
        "table_size",
        "Session 1, table 2: a table seats four players, not 3.",
    )


def test_a_player_of_another_tournament_is_refused(event):
    other = make_event("autumn", [("x1", "Xavier", "Vreemd", "BEL", "")])
    stranger = other.registrations.get()
    (session,) = schedule.ensure_sessions(actor=None, tournament=event, count=1)
    tables = [players(event, "p01", "p02", "p03", "p04"), [*players(event, "p05", "p06", "p07"), stranger]]
    refused(
        lambda: schedule.set_session_seating(actor=None, session=session, tables=tables),
        "foreign_player",
        "Session 1, table 2: Xavier Vreemd is not registered in this tournament.",
    )


def test_a_player_at_two_tables_is_refused_and_the_old_seating_stays(event):
    (session,) = schedule.ensure_sessions(actor=None, tournament=event, count=1)
    schedule.set_session_seating(actor=None, session=session, tables=two_tables(event))
    twice = [players(event, "p01", "p02", "p03", "p04"), players(event, "p05", "p06", "p07", "p02")]
    refused(
        lambda: schedule.set_session_seating(actor=None, session=session, tables=twice),
        "seated_twice",
        "Session 1: First02 Last02 is seated at table 1 and at table 2.",
    )
    assert Session.objects.get(pk=session.pk).tables.count() == 2


def test_a_start_without_offset_is_the_halls_clock_and_must_exist_once(db):
    """Issue 28: the same check as the pages for any caller that passes the hall's clock time (no offset): a time
    the clocks skip or show twice is refused, naming the session, and nothing is written."""
    event = make_event("clocks", numbered_people(4))
    refused(
        lambda: schedule.ensure_sessions(
            actor=None, tournament=event, count=1, starts=[datetime(2027, 3, 28, 2, 30)]
        ),
        "start_skipped",
        "Session 1",
        "03:30",
    )
    refused(
        lambda: schedule.ensure_sessions(
            actor=None, tournament=event, count=1, starts=[datetime(2026, 10, 25, 2, 30)]
        ),
        "start_twice",
        "UTC+02:00",
        "UTC+01:00",
    )
    assert schedule.hall_start(1, datetime(2026, 10, 25, 3, 30)).utcoffset().total_seconds() == 3600
