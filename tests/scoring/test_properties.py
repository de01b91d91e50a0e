"""Properties that hold for every table and every event (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.ruleset import EMA_2008, EMA_2016
from scoring.standings import DISQUALIFIED, Entrant, PenaltyLine, TablePlay, compute_standings
from scoring.table import SeatInput, score_table

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


@settings(max_examples=60)
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


@settings(max_examples=60)
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
