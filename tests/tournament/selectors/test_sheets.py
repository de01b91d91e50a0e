"""selectors.sheets: the hands on a digital score sheet, the hand log they add up to, the finished game and the
chombos the players entered that wait for a referee; on session 2 of the small event of conftest.py (table 1:
E p01, S p05, W p03, N p07).

The game by hand (2016 rules, section 6 tables): the time signal sounds during hand 1, so the game ends after
hand 1 and one more (5.9). Hand 1: South wins 3 fan 40 minipoints by ron on West's discard: 40 x 2^5 = 1,280,
x 4 = 5,120, rounded up to 5,200 (4.1). South is not East, so the deal passes (3.4.10). Hand 2: East, now a
non-dealer, wins 2 fan 30 minipoints by self-draw: 30 x 2^4 = 480; the dealer (South) pays 960 -> 1,000, the
others 480 -> 500 each. Final: E 32,000, S 34,200, W 24,300, N 29,500 (120,000 in all)."""

import pytest

from tournament.models import Penalty, SheetEntry, Table
from tournament.selectors.sheets import (
    ProposedChombo,
    by_the_players,
    chombo_key,
    finished_sheet,
    proposed_chombos,
    proposed_chombos_by_table,
    sheet_hands,
    sheet_log,
    signal_sounded,
)
from tournament.services import penalties, sheets
from tournament.services.tournaments import set_ruleset

RON = {"ron": [{"seat": "S", "fan": 3, "fu": 40}], "from": "W"}
TSUMO = {"tsumo": {"seat": "E", "fan": 2, "fu": 30}}


@pytest.fixture
def table(small):
    return Table.objects.select_related("session__tournament").get(session=small.two, number=1)


def add(table, kind, hand=None, *, by_players=False):
    count = table.sheet_entries.count()
    return sheets.add_line(
        actor=None,
        table=table,
        kind=kind,
        expected_count=count,
        submission_key=f"line-{table.pk}-{count}",
        hand=hand,
        by_players=by_players,
    )


def entries(table):
    return list(table.sheet_entries.order_by("seq"))


def test_a_finished_game_gives_its_log_and_final_points(table, django_assert_num_queries):
    add(table, SheetEntry.SIGNAL)
    add(table, SheetEntry.HAND, RON)
    assert finished_sheet(table) is None  # the hand in progress at the signal and one more (5.9)
    add(table, SheetEntry.HAND, TSUMO)
    with django_assert_num_queries(1):
        log, final = finished_sheet(table)
    assert log == {"hands": [RON, TSUMO], "time_signal": 1}
    assert final == {"E": 32_000, "S": 34_200, "W": 24_300, "N": 29_500}


def test_an_undo_takes_back_the_last_hand_and_the_signal_stays(table):
    add(table, SheetEntry.HAND, RON)
    add(table, SheetEntry.SIGNAL)  # sounded after hand 1: hand 2 is in progress
    add(table, SheetEntry.HAND, TSUMO)
    add(table, SheetEntry.UNDO)
    lines = entries(table)
    hands, signal = sheet_hands(lines)
    assert [entry.hand for entry in hands] == [RON] and signal == 2 and signal_sounded(lines)
    assert sheet_log(lines) == {"hands": [RON]}  # hand 2 is not played yet: no time_signal in the log
    assert finished_sheet(table) is None
    assert sheet_hands([]) == ([], None) and sheet_log([]) == {"hands": []} and not signal_sounded([])


def test_the_players_chombo_waits_for_the_referee(table, django_assert_num_queries):
    """3.4.6: a chombo the players enter counts only once a referee records it; one recorded and cancelled later is
    decided all the same. A referee's own chombo line records its penalty at once (services.sheets)."""
    add(table, SheetEntry.HAND, RON)
    players_line = add(table, SheetEntry.HAND, {"chombo": "N"}, by_players=True)
    add(table, SheetEntry.HAND, {"chombo": "W"})  # the referee's: recorded at once
    assert by_the_players(players_line, table) and not by_the_players(entries(table)[2], table)
    with django_assert_num_queries(2):  # the sheet's lines, the penalties recorded for them
        assert proposed_chombos(table) == [ProposedChombo(line=2, hand=2, wind="N")]
    recorded = sheets.record_sheet_chombo(actor=None, table=table, line=2)
    assert recorded.submission_key == chombo_key(players_line) == f"sheet-{players_line.pk}-chombo"
    assert proposed_chombos(table) == []
    penalties.cancel_penalty(actor=None, penalty=recorded, reason="not a chombo after all")
    assert proposed_chombos(table) == []
    assert Penalty.objects.filter(session=table.session, kind="chombo", cancelled=False).count() == 1  # W's


def test_an_undone_chombo_is_no_proposal(table):
    add(table, SheetEntry.HAND, {"chombo": "S"}, by_players=True)
    add(table, SheetEntry.UNDO, by_players=True)
    assert proposed_chombos(table) == []


def test_several_tables_in_two_queries(small, table, django_assert_num_queries):
    other = Table.objects.select_related("session__tournament").get(session=small.two, number=2)
    played = Table.objects.select_related("session__tournament").get(session=small.one, number=1)
    add(table, SheetEntry.HAND, {"chombo": "E"}, by_players=True)
    add(other, SheetEntry.HAND, {"chombo": "S"}, by_players=True)
    add(other, SheetEntry.HAND, {"chombo": "S"}, by_players=True)
    with django_assert_num_queries(2):
        found = proposed_chombos_by_table([table, other, played])
    assert found == {
        table.pk: [ProposedChombo(1, 1, "E")],
        other.pk: [ProposedChombo(1, 1, "S"), ProposedChombo(2, 2, "S")],
    }


def test_under_the_2008_rules_a_chombo_is_paid_at_the_table(db, django_assert_num_queries):
    """2008 3.4.6: a reverse mangan at the table, no penalty after uma: nothing waits for a referee."""
    from tests.tournament.factories import make_event, numbered_people

    tournament = make_event("old", numbered_people(4), [[["p01", "p02", "p03", "p04"]]])
    set_ruleset(actor=None, tournament=tournament, ruleset="ema-2008")
    table = Table.objects.select_related("session__tournament").get(session__tournament=tournament)
    add(table, SheetEntry.HAND, {"chombo": "S"}, by_players=True)
    with django_assert_num_queries(0):
        assert proposed_chombos(table) == [] and proposed_chombos_by_table([table]) == {}
