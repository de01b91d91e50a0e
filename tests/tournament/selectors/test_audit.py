"""selectors.audit: the tournament's audit log newest first, filtered by session, table, player and person; on the
small event of conftest.py, whose entries are (oldest first): the tournament, eight registrations, the two
sessions, the seating of sessions 1 and 2, three result versions (session 1 table 1 twice, table 2 once), p02's
chombo, p07's lateness, p05's obstruction and its cancelling."""

import pytest

from tournament.models import AuditEntry
from tournament.selectors.audit import LogFilter, audit_entries, latest_entries, people
from tournament.services import penalties, players
from tournament.services.tournaments import create_tournament


def actions(entries):
    return [(entry.action, entry.data.get("key") or entry.data.get("table")) for entry in entries]


def test_the_latest_entries_newest_first(small, django_assert_num_queries):
    with django_assert_num_queries(1):
        found = latest_entries(small.tournament, 3)
    assert actions(found) == [("penalty.cancel", "p05"), ("penalty.give", "p05"), ("penalty.give", "p07")]
    assert len(latest_entries(small.tournament)) == 10
    assert latest_entries(create_tournament(actor=None, slug="other", name="Other Open"), 5)[0].action == (
        "tournament.create"
    )  # another tournament's log is its own


def test_a_session_and_table(small, django_assert_num_queries):
    """Session 1, table 1: its two result versions and the chombo of p02, who sat there; not the seating of the
    whole session (it names no table)."""
    with django_assert_num_queries(5):  # seats, penalties, players; the entries' data; the entries
        found = list(audit_entries(small.tournament, LogFilter(session=1, table=1)))
    assert actions(found) == [("penalty.give", "p02"), ("result.enter", 1), ("result.enter", 1)]


def test_a_player(small):
    """p05: the registration, the result of the table (session 1, table 2), the obstruction and its cancelling."""
    found = audit_entries(small.tournament, LogFilter(player="p05"))
    assert [entry.action for entry in found] == [
        "penalty.cancel",
        "penalty.give",
        "result.enter",
        "player.register",
    ]
    players.update_person(
        actor=None,
        player=small.regs["p05"].player,
        first_name="Five",
        last_name="Last05",
        ema_id=None,
        country="NED",
    )
    assert audit_entries(small.tournament, LogFilter(player="p05"))[0].action == "player.update"


def test_a_session_alone_and_a_table_in_every_session(small):
    assert [e.action for e in audit_entries(small.tournament, LogFilter(session=2))] == [
        "seating.set",
        "session.create",
    ]
    penalties.give_penalty(
        actor=None, registration=small.regs["p02"], session=small.two, kind="lateness", minutes=1
    )
    # table 2: session 1's result, p07's and p05's penalties (both at table 2 in session 1) and the cancelling;
    # p02 sits at table 2 in session 2: his lateness there too
    found = [(e.action, e.data.get("session")) for e in audit_entries(small.tournament, LogFilter(table=2))]
    assert found == [
        ("penalty.give", 2),
        ("penalty.cancel", 1),
        ("penalty.give", 1),
        ("penalty.give", 1),
        ("result.enter", 1),
    ]
    assert list(audit_entries(small.tournament, LogFilter(session=3))) == []


def test_by_person_and_the_people(small, make_user, django_assert_num_queries):
    rita = make_user("rita", tournament=small.tournament, role="referee")
    penalties.give_penalty(
        actor=rita, registration=small.regs["p08"], session=small.two, kind="lateness", minutes=2
    )
    with django_assert_num_queries(1):
        assert people(small.tournament) == ["command line", "rita"]
    with django_assert_num_queries(1):  # no lookup for a person alone
        found = list(audit_entries(small.tournament, LogFilter(person="rita")))
    assert actions(found) == [("penalty.give", "p08")]
    assert list(audit_entries(small.tournament, LogFilter(person="rita", session=1))) == []


def test_no_filter_is_every_entry(small):
    assert not LogFilter().active and not LogFilter(player="").active and LogFilter(table=2).active
    assert (
        audit_entries(small.tournament).count()
        == AuditEntry.objects.filter(tournament=small.tournament).count()
    )


@pytest.mark.parametrize(
    "data", [None, [], "text", {"session": "1", "table": True, "keys": "p01", "penalty": 99}]
)
def test_odd_data_matches_nothing_and_breaks_nothing(small, data):
    AuditEntry.objects.create(
        tournament=small.tournament, actor_label="x", action="odd", summary="odd", data=data or {}
    )
    if data is not None:
        AuditEntry.objects.filter(action="odd").update(data=data)
    assert [e.action for e in audit_entries(small.tournament, LogFilter(session=1, player="p01"))][:1] != [
        "odd"
    ]
