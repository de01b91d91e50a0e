"""The overview behind the public pages: one per change stamp (selectors.memo), and its ranks
after each session are the ranks of the standings after that session (scoring.standings.ranks_after_sessions)."""

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


def test_one_overview_per_stamp(demo, django_assert_num_queries):
    stamp = change_stamp(demo)
    first = overview(demo, stamp)
    with django_assert_num_queries(0):  # from the cache: nothing is read or scored again
        again = overview(demo, stamp)
    assert again == first
    players.set_status(actor=None, registration=demo.registrations.get(key="p03"), status="disqualified")
    later = overview(demo, change_stamp(demo))
    assert later.stamp != first.stamp
    assert (
        later.latest.rows[-1].player == demo.registrations.get(key="p03").pk
    )  # disqualified: last (section 4)
