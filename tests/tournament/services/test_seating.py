"""services.seating: writing a seating plan (generated, imported, by the standings), swapping two players,
publishing, and keeping a withdrawn player's seats for a substitute (5.8). Each change audited; each refusal
writes nothing. How plans are made (the generator, the standings) is in tests/tournament/seating/."""

import pytest

from tests.tournament.factories import played_event
from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.models import Registration
from tournament.selectors.seating_plan import SeatingPlan, stored_seating
from tournament.services import players
from tournament.services import seating as service


@pytest.fixture
def event(db):
    """Eight players p01..p08 (First01 Last01 ...), two seated and published sessions; session 1 has results."""
    return played_event("spring", n_players=8, n_sessions=2, played=1)


def pks(event, *keys) -> list[int]:
    by_key = dict(event.registrations.values_list("key", "pk"))
    return [by_key[key] for key in keys]


def registration(event, key) -> Registration:
    return event.registrations.select_related("player").get(key=key)


def place(event, session: int, key: str) -> tuple[int, str]:
    seat = registration(event, key).seats.select_related("table").get(session__number=session)
    return seat.table.number, seat.wind


def plan(event, *numbers, source="imported", **options) -> SeatingPlan:
    tables = [pks(event, "p08", "p07", "p06", "p05"), pks(event, "p04", "p03", "p02", "p01")]
    return SeatingPlan(dict.fromkeys(numbers, tables), source=source, **options)


# --- apply_seating_plan --------------------------------------------------------------------------------------------


def test_a_plan_is_written_with_its_new_sessions_and_audited(event, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    numbers = service.apply_seating_plan(
        actor=olga,
        tournament=event,
        plan=plan(event, 2, 3, source="generated", kept=(1,), seed=7, avoid="club"),
    )
    assert numbers == [2, 3]
    seating = stored_seating(event)
    assert seating[2] == seating[3] == plan(event, 2).seating[2]
    assert new_actions(since) == ["session.create", "seating.set", "seating.set", "seating.generated"]
    entry = audited(
        since, "seating.generated", summary="Seating of sessions 2, 3 generated", actor=olga, tournament=event
    )
    assert entry.data == {"sessions": [2, 3], "kept": [1], "seed": 7, "avoid": "club"}
    audited(since, "session.create", summary="Created sessions 3", actor=olga, tournament=event)


@pytest.mark.parametrize(
    ("source", "how"), [("imported", "imported from a file"), ("standings", "seated by the standings")]
)
def test_the_audit_entry_says_where_the_plan_came_from(event, source, how):
    since = last_entry_id()
    service.apply_seating_plan(actor=None, tournament=event, plan=plan(event, 2, source=source))
    audited(since, f"seating.{source}", summary=f"Seating of sessions 2 {how}", actor=None, tournament=event)


def test_a_plan_for_a_session_with_results_writes_nothing(event):
    """Session 3 is created before session 1's seating is refused: the refusal takes it back."""
    refused(
        lambda: service.apply_seating_plan(actor=None, tournament=event, plan=plan(event, 3, 1)),
        "session_has_results",
        "Session 1 has results; its seating cannot change.",
    )


def test_a_plan_that_leaves_a_gap_in_the_sessions_is_refused(event):
    refused(
        lambda: service.apply_seating_plan(actor=None, tournament=event, plan=plan(event, 4)),
        "session_number",
        "Session 4 cannot be added: this tournament has 2 sessions and session 3 would have no seating.",
    )


def test_a_plan_made_before_a_player_withdrew_is_refused(event):
    players.set_status(actor=None, registration=registration(event, "p03"), status="withdrawn")
    refused(
        lambda: service.apply_seating_plan(actor=None, tournament=event, plan=plan(event, 2)),
        "plan_outdated",
        "Session 2: First03 Last03 is not (or no longer) playing in this tournament.",
    )


# --- swap_players --------------------------------------------------------------------------------------------------


def test_two_players_swap_table_and_wind_and_it_is_audited(event, make_user):
    olga = make_user("olga")
    service.apply_seating_plan(
        actor=None, tournament=event, plan=plan(event, 2)
    )  # p08 at table 1 E, p01 at 2 N
    since = last_entry_id()
    service.swap_players(
        actor=olga,
        session=event.sessions.get(number=2),
        first=registration(event, "p08"),
        second=registration(event, "p01"),
    )
    assert (place(event, 2, "p08"), place(event, 2, "p01")) == ((2, "N"), (1, "E"))
    entry = audited(
        since,
        "seating.swap",
        summary="Session 2: First08 Last08 (table 1 E) and First01 Last01 (table 2 N) swapped",
        actor=olga,
        tournament=event,
    )
    assert entry.data == {
        "session": 2,
        "players": ["p08", "p01"],
        "first": "First08 Last08",
        "first_table": 1,
        "first_wind": "E",
        "second": "First01 Last01",
        "second_table": 2,
        "second_wind": "N",
    }


def test_a_swap_in_a_session_with_results_is_refused(event):
    refused(
        lambda: service.swap_players(
            actor=None,
            session=event.sessions.get(number=1),
            first=registration(event, "p01"),
            second=registration(event, "p02"),
        ),
        "session_has_results",
        "Session 1 has results; its seating cannot change.",
    )


def test_a_swap_with_oneself_is_refused(event):
    p01 = registration(event, "p01")
    refused(
        lambda: service.swap_players(actor=None, session=event.sessions.get(number=2), first=p01, second=p01),
        "same_player",
        "Choose two different players to swap.",
    )


def test_a_swap_with_a_player_without_a_seat_is_refused(event):
    newcomer = players.register_player(actor=None, tournament=event, first_name="Nieuw", last_name="Speler")
    refused(
        lambda: service.swap_players(
            actor=None,
            session=event.sessions.get(number=2),
            first=registration(event, "p01"),
            second=newcomer,
        ),
        "not_seated",
        "Nieuw Speler has no seat in session 2.",
    )


# --- publish_seating -----------------------------------------------------------------------------------------------


def test_hiding_and_publishing_are_stored_and_audited(event, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    assert service.publish_seating(actor=olga, tournament=event, numbers=[1, 2], published=False) == [1, 2]
    assert not event.sessions.filter(seating_published=True).exists()
    audited(
        since, "seating.unpublish", summary="Seating of sessions 1, 2 hidden", actor=olga, tournament=event
    )
    since = last_entry_id()
    assert service.publish_seating(actor=None, tournament=event, numbers=[2]) == [2]
    assert list(event.sessions.filter(seating_published=True).values_list("number", flat=True)) == [2]
    entry = audited(
        since, "seating.publish", summary="Seating of sessions 2 published", actor=None, tournament=event
    )
    assert entry.data == {"sessions": [2]}


def test_publishing_what_is_published_writes_nothing(event):
    since = last_entry_id()
    assert service.publish_seating(actor=None, tournament=event, numbers=[1, 2]) == []
    assert new_actions(since) == []


def test_a_session_without_seating_is_not_published(event):
    service.publish_seating(actor=None, tournament=event, numbers=[2], published=False)
    event.sessions.create(number=3)
    refused(
        lambda: service.publish_seating(actor=None, tournament=event, numbers=[2, 3]),
        "no_seating",
        "Session 3 has no seating yet; there is nothing to publish.",
    )
