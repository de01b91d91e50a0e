"""selectors.overview: what the public pages show about the results, on the small event of conftest.py (figures
computed there by hand). The ranks after each session are also checked against the standings on the demo in
tests/tournament/views/public/test_overview.py.

The query bound holds without any in-process memo: the tournament, the progress (3), the players, the scored tables
(2), the penalty lines, the penalty notes and the substitutes' names; reading the overview costs nothing more."""

from tests.tournament.selectors.conftest import RANKS, TOTALS, enter, key_of
from tournament.selectors.changes import change_stamp
from tournament.selectors.overview import PenaltyNote, RankPoint, overview
from tournament.services import checks
from tournament.services.tournaments import update_tournament

BUILD_QUERIES = 11  # with the cut (scoring.finals)


def fresh(small, tournament=None):
    tournament = tournament or small.tournament
    return overview(tournament, change_stamp(tournament))


def test_the_overview_of_the_small_event(small, django_assert_max_num_queries):
    stamp = change_stamp(small.tournament)
    with django_assert_max_num_queries(BUILD_QUERIES):
        view = overview(small.tournament, stamp)
    regs = small.regs
    with django_assert_max_num_queries(0):  # everything below is in the overview
        assert view.sessions == (1,) and view.stamp == stamp
        assert [(key_of(small, r.player), r.rank, r.tied) for r in view.latest.rows] == RANKS
        assert {key_of(small, r.player): r.total for r in view.latest.rows} == TOTALS
        assert sorted(view.tables) == [(1, 1), (1, 2)]
        # 3.4.6 chombo 20,000; 5.7 lateness 3 x 1,000; the cancelled obstruction is no note
        assert view.penalties == {
            (regs["p02"].pk, 1): (PenaltyNote("chombo", None, 20_000),),
            (regs["p07"].pk, 1): (PenaltyNote("lateness", 3, 3_000),),
        }
        assert view.substitute_names == {} and view.unconfirmed == frozenset()
        assert [s.number for s in view.progress] == [1, 2] and view.session_progress(1).complete
        assert view.session_progress(2).missing == (1, 2) and view.session_progress(3) is None
        outcome = view.outcome(1, 1, regs["p01"].pk)
        assert (outcome.raw, outcome.place, outcome.uma) == (41_200, 1, 15_000)  # the corrected version
        assert view.outcome(1, 2, regs["p01"].pk) is None and view.outcome(2, 1, regs["p01"].pk) is None
        after = view.row_after(1, regs["p06"].pk)
        assert (after.rank, after.tied, after.total) == (2, True, 15_000)
        assert view.row_after(2, regs["p06"].pk) is None  # session 2 has no results
        assert view.history(regs["p07"].pk) == [RankPoint(1, 4, False, -8_000)]
        assert view.previous_session(1) is None and view.previous_session(2) == 1
        assert view.standings_after(None) is view.latest
        assert [r.total for r in view.standings_after(1).rows] == [r.total for r in view.latest.rows]


def test_the_history_follows_the_ranks_after_each_session(small):
    """Session 2: table 1 four tied at 30,000 (0 each, 3.6.1); table 2 p02 45,000 +30,000, p06 35,000 +10,000,
    p04 25,000 -10,000, p08 15,000 -30,000. After it: p01 26,200, p06 25,000, p02 15,900, p05 15,000, ..."""
    one, two = small.two.tables.order_by("number")
    enter(one, (30_000, 30_000, 30_000, 30_000))
    enter(two, (45_000, 35_000, 25_000, 15_000))
    view = fresh(small)
    assert view.sessions == (1, 2) and view.previous_session(2) == 1
    assert view.history(small.regs["p02"].pk) == [
        RankPoint(1, 6, False, -14_100),
        RankPoint(2, 3, False, 15_900),
    ]
    assert view.history(small.regs["p06"].pk) == [
        RankPoint(1, 2, True, 15_000),
        RankPoint(2, 2, False, 25_000),
    ]
    after_1 = view.standings_after(1)
    assert after_1.after_session == 1 and after_1.sessions == (1,)
    assert {key_of(small, r.player): r.total for r in after_1.rows} == TOTALS


def test_a_session_without_results_is_read_from_the_standings(small, django_assert_max_num_queries):
    view = fresh(small)
    with django_assert_max_num_queries(5):  # the standings' own queries, as selectors.results (the cut too)
        after_2 = view.standings_after(2)
    assert {key_of(small, r.player): r.total for r in after_2.rows} == TOTALS


def test_a_withdrawn_player_has_no_rank_and_a_disqualified_one_is_last(small):
    from tournament.services import players

    players.set_status(actor=None, registration=small.regs["p01"], status="disqualified")
    players.set_status(actor=None, registration=small.regs["p05"], status="withdrawn")
    view = fresh(small)
    assert view.row_after(1, small.regs["p05"].pk) is None and view.history(small.regs["p05"].pk) == []
    last = view.row_after(1, small.regs["p01"].pk)
    assert (last.rank, last.total) == (7, 26_200)
    assert view.row_after(1, small.regs["p06"].pk).rank == 1  # alone at the top now


def test_substitute_names_and_unconfirmed_results(small, make_user):
    """A substitute's name is noted by seat owner and session; with the second check on and unconfirmed results
    counted, the counted tables not confirmed yet are marked."""
    enter(
        small.two.tables.get(number=1),
        (30_000, 25_000, 15_000, 50_000),
        substitutes={"N": ("from_start", "Sam")},
    )
    tournament = update_tournament(
        actor=None, tournament=small.tournament, confirmation_required=True, count_unconfirmed=True
    )
    checker = make_user("carla", tournament=tournament, role="referee")
    checks.check_result(actor=checker, table=small.one.tables.get(number=2), version=1, verdict="confirmed")
    view = fresh(small, tournament)
    assert view.substitute_names == {(small.regs["p07"].pk, 2): "Sam"}
    assert view.unconfirmed == frozenset({(1, 1), (2, 1)})
    assert view.outcome(2, 1, small.regs["p07"].pk).substitute == "from_start"
