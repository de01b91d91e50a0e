"""Properties that hold for every table and every event (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.finals import CARRIES, Cut, final_ranking
from scoring.ruleset import EMA_2008, EMA_2016
from scoring.side_rankings import rank_groups
from scoring.standings import (
    ACTIVE,
    CONSOLATION,
    DISQUALIFIED,
    FINAL,
    GROUPS,
    OUT,
    Entrant,
    PenaltyLine,
    SessionLine,
    StandingRow,
    TablePlay,
    compute_standings,
    place_entries,
)
from scoring.table import SeatInput, score_table
from scoring.uma import places
from tests.scoring.conftest import examples

hundreds = st.integers(min_value=-400, max_value=1_000).map(lambda n: n * 100)


@st.composite
def table_raws(draw):
    """Four raw scores, multiples of 100, adding up to 120,000 (ties are likely: values are drawn from few)."""
    first_three = draw(
        st.lists(st.sampled_from([0, 15_000, 25_000, 30_000, 41_200]) | hundreds, min_size=3, max_size=3)
    )
    return [*first_three, 120_000 - sum(first_three)]


def seat_inputs(raws, players="abcd"):
    return [SeatInput(wind, player, raw) for wind, player, raw in zip("ESWN", players, raws, strict=True)]


@given(table_raws(), st.sampled_from([EMA_2016, EMA_2008]))
def test_uma_sums_to_zero_without_substitutes(raws, ruleset):
    outcomes = score_table(ruleset, seat_inputs(raws))
    assert sum(o.uma for o in outcomes) == 0
    assert sum(o.result for o in outcomes) == 0


@given(table_raws())
def test_a_higher_raw_score_never_gets_less_uma(raws):
    outcomes = score_table(EMA_2016, seat_inputs(raws))
    for one in outcomes:
        for other in outcomes:
            if one.raw > other.raw:
                assert one.uma > other.uma
            if one.raw == other.raw:
                assert one.uma == other.uma


@st.composite
def events(draw):
    """Eight players, one to three sessions of two tables with random seatings, random statuses."""
    players = list("abcdefgh")
    tables = []
    for session in range(1, draw(st.integers(1, 3)) + 1):
        order = draw(st.permutations(players))
        for table in (1, 2):
            chosen = order[4 * (table - 1) : 4 * table]
            tables.append(TablePlay(session, table, seat_inputs(draw(table_raws()), chosen)))
    statuses = draw(st.lists(st.sampled_from(["active", "active", "disqualified"]), min_size=8, max_size=8))
    return [Entrant(p, s) for p, s in zip(players, statuses, strict=True)], tables


@settings(max_examples=examples(60))
@given(events(), st.sampled_from("abcdefgh"), st.integers(1, 3), st.integers(1, 480).map(lambda n: n * 100))
def test_a_penalty_changes_nobody_elses_result(event, player, session, points):
    entrants, tables = event
    before = {row.player: row.total for row in compute_standings(EMA_2016, entrants, tables)}
    after = {
        row.player: row.total
        for row in compute_standings(EMA_2016, entrants, tables, [PenaltyLine(player, session, points)])
    }
    for other, total in before.items():
        assert after[other] == (total - points if other == player else total)


@settings(max_examples=examples(60))
@given(events())
def test_ranks_agree_with_totals(event):
    entrants, tables = event
    rows = compute_standings(EMA_2016, entrants, tables)
    assert [row.rank for row in rows] == sorted(row.rank for row in rows)
    for one in rows:
        for other in rows:
            same_group = (one.status == DISQUALIFIED) == (other.status == DISQUALIFIED)
            if same_group and one.total > other.total:
                assert one.rank < other.rank
            if same_group and one.total == other.total and one is not other:
                assert one.rank == other.rank and one.tied and other.tied
            if one.status != DISQUALIFIED and other.status == DISQUALIFIED:
                assert one.rank < other.rank
    ranks_in_order = [row.rank for row in rows]
    for position, row in enumerate(rows, start=1):
        assert row.rank <= position
        assert row.rank == position or ranks_in_order[position - 2] == row.rank


# -- issue 32: the invariants every rule keeps ---------------------------------------------------------------------


@given(table_raws(), st.sampled_from([EMA_2016, EMA_2008]))
def test_the_points_stay_on_the_table(raws, ruleset):
    """3.6: the four scores are the raw points less the starting points, so they add up to 0 like the raw points
    add up to 120,000; the uma (3.6.1) adds up to 0 too, ties split or not."""
    outcomes = score_table(ruleset, seat_inputs(raws))
    assert sum(o.raw for o in outcomes) == 120_000
    assert sum(o.score for o in outcomes) == 0
    assert sum(o.uma for o in outcomes) == 0
    if len(set(raws)) == 4:  # no tie: each place keeps its own uma
        assert sorted(o.uma for o in outcomes) == sorted(ruleset.uma)


@given(st.lists(st.integers(-3, 3), min_size=1, max_size=12))
def test_shared_places_never_skip_more_than_the_tie(scores):
    """3.6.1 and section 4: a place shared by k players is followed by the place k further on (1, 2, 2, 4), never
    by more or fewer; the first place is 1."""
    held = sorted(places(scores))
    assert held[0] == 1
    for place in set(held):
        following = [p for p in held if p > place]
        if following:
            assert min(following) == place + held.count(place)
    assert held == [places(scores)[i] for i in sorted(range(len(scores)), key=lambda i: -scores[i])]


@given(st.lists(st.tuples(st.booleans(), st.integers(-3, 3)), min_size=1, max_size=12))
def test_the_ranking_rule_never_skips_more_than_the_tie(entries):
    """Section 4 (``place_entries``): ranks run 1.. in ranked order, a rank shared by k entries is followed by the
    rank k further on, and the last group (the disqualified) goes on from the first."""
    placed = place_entries([(last, (key,)) for last, key in entries])
    ranks = [rank for _, rank, _ in placed]
    assert sorted(index for index, _, _ in placed) == list(range(len(entries)))
    assert ranks[0] == 1
    for position, (index, rank, tied) in enumerate(placed, start=1):
        assert rank <= position
        assert rank == position or ranks[position - 2] == rank
        assert tied == (ranks.count(rank) > 1)
        if position > 1:
            previous = entries[placed[position - 2][0]]
            assert (previous[0], previous[1]) <= (entries[index][0], entries[index][1])


@st.composite
def penalty_lines(draw, players="abcdefgh"):
    return draw(
        st.lists(
            st.builds(
                PenaltyLine,
                st.sampled_from(players),
                st.integers(1, 4),
                st.integers(0, 40).map(lambda n: n * 500),
            ),
            max_size=6,
        )
    )


@settings(max_examples=examples(60))
@given(events(), penalty_lines())
def test_a_players_total_is_the_sum_of_their_sessions(event, penalties):
    """Section 4: a player's total is the sum of their session results, each score + uma - penalties (3.6, 3.6.1,
    3.4.6); every penalty of a player in a session counts, a session without a table result too."""
    entrants, tables = event
    rows = compute_standings(EMA_2016, entrants, tables, penalties)
    results = {}
    for play in tables:
        for outcome in score_table(EMA_2016, play.seats):
            results[outcome.player, play.session] = outcome.result
    for row in rows:
        assert row.total == sum(line.total for line in row.sessions)
        for line in row.sessions:
            assert line.total == line.score + line.uma - line.penalties
            deducted = sum(p.points for p in penalties if (p.player, p.session) == (row.player, line.session))
            assert line.penalties == deducted
            assert line.total == results.get((row.player, line.session), 0) - deducted
        sessions = {s for player, s in results if player == row.player}
        sessions |= {p.session for p in penalties if p.player == row.player}
        assert [line.session for line in row.sessions] == sorted(sessions)


@settings(max_examples=examples(60))
@given(events(), penalty_lines(), st.randoms(use_true_random=False))
def test_the_standings_are_the_same_whatever_the_order_the_results_were_entered_in(event, penalties, random):
    """The standings depend on the results, not on the order tables and penalties were entered in."""
    entrants, tables = event
    shuffled_tables, shuffled_penalties = list(tables), list(penalties)
    random.shuffle(shuffled_tables)
    random.shuffle(shuffled_penalties)
    assert compute_standings(EMA_2016, entrants, shuffled_tables, shuffled_penalties) == compute_standings(
        EMA_2016, entrants, tables, penalties
    )


@settings(max_examples=examples(60))
@given(
    events(),
    st.lists(st.sampled_from(["Lotus", "lotus ", "Bamboo", "", "Dragons"]), min_size=8, max_size=8),
    st.none() | st.integers(1, 4),
)
def test_a_groups_best_k_never_counts_more_than_k(event, names, best):
    """Side rankings: a group's total is the sum of its best K members (the first K in standings order), never of
    more; with K not given, of every member. Every ranked player with a group is in exactly one."""
    entrants, tables = event
    rows = compute_standings(EMA_2016, entrants, tables)
    group_of = dict(zip("abcdefgh", names, strict=True))
    totals = {row.player: row.total for row in rows}
    groups = rank_groups(rows, group_of, best=best)
    for group in groups:
        assert group.counted == group.members[: len(group.counted)]
        assert len(group.counted) == (len(group.members) if best is None else min(best, len(group.members)))
        assert group.total == sum(totals[player] for player in group.counted)
        assert group.short == (best is not None and len(group.members) < best)
    members = [player for group in groups for player in group.members]
    assert sorted(members) == sorted(row.player for row in rows if group_of[row.player].strip())


@st.composite
def cut_events(draw):
    """Twelve players with two sessions' results each (in thousands, few values: ties are likely), a cut after
    session 1 with a random top 4 or 8 as finalists, some of the rest in a consolation group, one maybe
    disqualified."""
    totals = st.sampled_from([-30_000, -10_000, 0, 5_000, 10_000, 30_000])
    rows = []
    for index in range(12):
        lines = tuple(SessionLine(session, 1, "E", None, 0, 0, 0, None, draw(totals)) for session in (1, 2))
        rows.append(StandingRow(0, False, index, ACTIVE, lines, sum(line.total for line in lines)))
    disqualified = draw(st.sampled_from([None, *range(12)]))
    if disqualified is not None:
        rows[disqualified] = rows[disqualified]._replace(status=DISQUALIFIED)
    chosen = draw(st.permutations(range(12)))
    top = draw(st.sampled_from([4, 8]))
    groups = dict.fromkeys(chosen[:top], FINAL)
    groups |= {player: CONSOLATION for player in chosen[top:] if draw(st.booleans())}
    return rows, Cut(1, draw(st.sampled_from(CARRIES)), groups)


@settings(max_examples=examples(60))
@given(cut_events())
def test_the_final_ranking_puts_each_group_before_the_next_and_shares_only_equal_totals(event):
    rows, cut = event
    ranked = final_ranking(rows, cut)
    assert sorted(row.player for row in ranked) == list(range(12))
    order = [(row.status == DISQUALIFIED, GROUPS.index(row.group), -row.total) for row in ranked]
    assert order == sorted(
        order
    )  # the disqualified last, then finalists, consolation, the rest; best total first
    for before, after in zip(ranked, ranked[1:], strict=False):
        same = (before.status, before.group, before.total) == (after.status, after.group, after.total)
        assert (after.rank == before.rank) == same
    for row in ranked:
        at_cut = row.sessions[0].total
        if row.group == OUT:
            assert row.carry is None and row.total == at_cut
        else:
            assert row.total == row.carry + row.sessions[1].total
            assert abs(row.carry) <= abs(
                at_cut
            )  # kept, halved or cleared: never more than the total at the cut
