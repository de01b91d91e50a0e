"""The overview behind the public pages: one per change stamp, and its ranks after each session are the ranks
of the standings after that session."""

from tournament import selectors
from tournament.selectors.changes import change_stamp
from tournament.selectors.overview import overview
from tournament.services import players


def test_the_ranks_after_each_session_are_the_standings_ranks(demo):
    players.set_status(actor=None, registration=demo.registrations.get(key="p03"), status="disqualified")
    players.set_status(actor=None, registration=demo.registrations.get(key="p04"), status="withdrawn")
    view = overview(demo, change_stamp(demo))
    assert view.sessions == (1, 2, 3, 4, 5)
    for session in view.sessions:
        expected = {
            row.player: (row.rank, row.tied, row.total)
            for row in selectors.standings(demo, after_session=session).rows
        }
        found = {player: view.row_after(session, player) for player in expected}
        assert {player: (row.rank, row.tied, row.total) for player, row in found.items()} == expected
        assert view.row_after(session, demo.registrations.get(key="p04").pk) is None  # withdrawn: not ranked


def test_one_overview_per_stamp(demo):
    stamp = change_stamp(demo)
    first = overview(demo, stamp)
    assert overview(demo, stamp) is first
    players.set_status(actor=None, registration=demo.registrations.get(key="p03"), status="disqualified")
    assert overview(demo, change_stamp(demo)) is not first


def test_ranks_of_sessions_a_result_does_not_touch_are_remembered(demo):
    from tests.tournament.views.public.conftest import enter

    before = overview(demo, change_stamp(demo))
    after_4 = {player: before.row_after(4, player) for player in before.latest.players}
    enter(demo, 6, 1, {"E": 45_000, "S": 35_000, "W": 25_000, "N": 15_000})
    later = overview(demo, change_stamp(demo))
    assert later is not before
    assert all(later.row_after(4, player) is row for player, row in after_4.items())  # the same objects
