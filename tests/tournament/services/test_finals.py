"""services.finals and selectors.finals on the hand-worked event (tests/scoring/finals_event.py, every figure worked
by hand there): the cut with the tie at 8/9 broken by best_session, the final seated by place and played with a
substitute (5.8), the final ranking in the standings, the prizes and the EMA file; the tie the organiser decides,
audited; the refusals, nothing written; undo before the first final result."""

import csv
import io

import pytest
from django.utils import translation

from scoring.standings import FINAL, OUT
from tests.scoring.finals_event import CARRY, FINAL_RANKING, FINAL_TABLES
from tests.tournament.finals_event import enter, finals_event, play_the_final
from tests.tournament.services.expect import refused
from tournament import selectors
from tournament.display.audit_words import describe
from tournament.exporters.catalogue import build_exporter
from tournament.models import AuditEntry, Cut, Registration, Session
from tournament.selectors.changes import change_stamp
from tournament.selectors.ema_results import ema_results
from tournament.selectors.finals import preview_cut
from tournament.selectors.overview import overview
from tournament.selectors.prizes import prize_list
from tournament.selectors.problems import dashboard_problems
from tournament.selectors.progress import tournament_progress
from tournament.selectors.side_rankings import group_ranking, prize_places
from tournament.services import finals, prizes, substitutes

pytestmark = pytest.mark.django_db

HALVED_TOP_8 = {"after_session": 6, "top": 8, "carry": "halved"}


def keyed(standings) -> list[tuple]:
    return [(row.rank, row.tied, standings.player(row).key, row.total) for row in standings.rows]


def seating(tournament, number: int) -> list[list[str]]:
    session = tournament.sessions.get(number=number)
    return [
        [seat.registration.key for seat in table.seats.select_related("registration")]
        for table in session.tables.all()
    ]


def test_the_hand_worked_final(finals_open):
    tournament = finals_open
    preview = preview_cut(tournament, **HALVED_TOP_8)
    assert [(t.player.key, t.place, t.total, t.carry, t.how) for t in preview.finalists][-2:] == [
        ("p25", 7, 25_000, 12_500, "total"),
        ("p21", 8, 20_000, 10_000, "best_session"),  # 8= with p22, best session +30,000 against +10,000
    ]
    assert not Cut.objects.exists()  # the preview writes nothing
    finals.make_cut(actor=None, tournament=tournament, **HALVED_TOP_8)
    assert seating(tournament, 7) == FINAL_TABLES  # by place: table 1 the first four, E S W N
    entry = AuditEntry.objects.filter(action="finals.cut").get()
    assert entry.data["finalists"]["p21"] == "best_session" and entry.data["carry"] == "halved"
    assert describe(entry) == "Cut after session 6: the top 8 play the final, scores halved"
    with translation.override("de"):
        assert describe(entry) == "Schnitt nach Runde 6: die besten 8 spielen das Finale, Punkte halbiert"
    substitutes.substitute(
        tournament=tournament, session_number=7, player_key="p25", guest="Gast Speler", actor=None
    )
    play_the_final(tournament)
    standings = selectors.standings(tournament)
    assert keyed(standings) == FINAL_RANKING
    assert {standings.player(r).key: r.carry for r in standings.rows if r.group == FINAL} == CARRY
    assert {r.group for r in standings.rows[8:]} == {OUT}
    # the standings after the cut's session are the standings as they stood; the plain totals stay for the side
    # rankings (p09: 55,000 + 30,000 = 85,000)
    assert keyed(selectors.standings(tournament, after_session=6))[7:9] == [
        (8, True, "p21", 20_000),
        (8, True, "p22", 20_000),
    ]
    totals = {standings.player(r).key: r.total for r in standings.by_totals}
    assert totals["p09"] == 85_000 and totals["p25"] == -5_000  # 25,000 - 30,000 (the substitute's seat)
    # prizes follow the final ranking; the EMA file's places are the final ranking's
    places = prize_places(standings)
    assert {standings.players[p].key: place.rank for p, place in places.items() if place.rank <= 9} == {
        "p09": 1,
        "p13": 2,
        "p05": 3,
        "p17": 4,
        "p01": 5,
        "p14": 6,
        "p25": 7,
        "p21": 8,
        "p22": 9,
    }
    ema = [(row.place, row.first_name, row.score) for row in ema_results(tournament).rows]
    assert ema[:10] == [
        (1, "First09", 57_500),
        (2, "First13", 47_500),
        (3, "First05", 35_000),
        (4, "First17", 25_000),
        (5, "First01", 20_000),
        (6, "First14", -11_500),
        (7, "First25", -17_500),
        (8, "First21", -20_000),
        (9, "First22", 20_000),
        (10, "First10", 17_000),
    ]
    written = list(
        csv.reader(io.StringIO(build_exporter("ema-csv", tournament, force=True).render().decode("utf-8")))
    )
    assert [(row[2], row[3]) for row in written[1:4]] == [
        ("1", "First09"),
        ("2", "First13"),
        ("3", "First05"),
    ]
    # the standings file names each player's group and the carry beside a finalist's total (points as the table counts)
    standings_file = list(
        csv.DictReader(io.StringIO(build_exporter("standings-csv", tournament).render().decode("utf-8")))
    )
    assert [(r["player"], r["total"], r["group"], r["carry"]) for r in standings_file[:2]] == [
        ("p09", "57500", "final", "27500"),  # CARRY: 27,500 carried, 57,500 in all
        ("p13", "47500", "final", "17500"),
    ]
    assert (standings_file[8]["player"], standings_file[8]["group"], standings_file[8]["carry"]) == (
        "p22",
        "out",
        "",
    )
    # the side rankings follow the totals: the countries' best 3 (odd keys NED, even GER), every session in full
    ned = next(group for group in group_ranking(standings, "country") if group.name == "NED")
    assert ned.total == 85_000 + 65_000 + 60_000  # p09 55+30, p13 35+30, p05 50+10 (p01 60-10 = 50 is 4th)
    # undo is refused once a final result is in
    refused(lambda: finals.undo_cut(actor=None, tournament=tournament), "cut_final_played", "6")


def test_a_tie_the_tie_breaks_leave_is_refused_naming_the_players_then_decided_by_the_organiser():
    tournament = finals_event(tie_breaks=("fewest_fourths",))
    refused(
        lambda: finals.make_cut(actor=None, tournament=tournament, **HALVED_TOP_8),
        "cut_tie",
        "First21 Last21 (p21)",
        "First22 Last22 (p22)",
        "place 8",
    )
    finals.make_cut(actor=None, tournament=tournament, decided=("p22",), **HALVED_TOP_8)
    assert seating(tournament, 7)[1] == ["p13", "p17", "p25", "p22"]
    entry = AuditEntry.objects.filter(action="finals.cut").get()
    assert entry.data["finalists"]["p22"] == "organiser" and entry.data["decided"] == ["p22"]
    assert [row.group for row in selectors.standings(tournament).rows[:9]] == [FINAL] * 8 + [OUT]


@pytest.mark.parametrize(
    ("change", "code", "word"),
    [
        ({"top": 6}, "cut_top_tables", "6"),
        ({"top": 36}, "cut_top_field", "32"),
        ({"after_session": 5}, "cut_later_results", "6"),
        ({"after_session": 7}, "cut_not_played", "7"),
        ({"sessions": 5}, "cut_sessions", "4"),
    ],
)
def test_a_cut_that_cannot_be_made_is_refused_and_writes_nothing(change, code, word, finals_open):
    tournament = finals_open
    refused(lambda: finals.make_cut(actor=None, tournament=tournament, **(HALVED_TOP_8 | change)), code, word)


def test_a_session_after_the_cut_with_results_is_refused(finals_open):
    tournament = finals_open
    finals.make_cut(actor=None, tournament=tournament, **HALVED_TOP_8)
    refused(lambda: finals.make_cut(actor=None, tournament=tournament, **HALVED_TOP_8), "cut_exists", "6")
    enter(tournament, 7, 1, (25_000, 45_000, 35_000, 15_000))
    refused(
        lambda: preview_cut(tournament.__class__.objects.get(pk=tournament.pk), **HALVED_TOP_8), "cut_exists"
    )


def test_undo_before_the_first_final_result(finals_open):
    tournament = finals_open
    finals.make_cut(actor=None, tournament=tournament, sessions=2, consolation=True, **HALVED_TOP_8)
    assert [len(seating(tournament, 7)), Session.objects.filter(tournament=tournament).count()] == [8, 8]
    assert seating(tournament, 7)[2][:2] == [
        "p22",
        "p10",
    ]  # the consolation group after the finalists, by place
    finals.undo_cut(actor=None, tournament=tournament)
    assert not Cut.objects.exists()
    assert Session.objects.filter(tournament=tournament).count() == 6  # the sessions it created are gone
    assert keyed(selectors.standings(tournament))[7] == (8, True, "p21", 20_000)
    assert AuditEntry.objects.filter(action="finals.undo").get().data["removed"] == [7, 8]
    refused(lambda: finals.undo_cut(actor=None, tournament=tournament), "no_cut")


def test_a_second_final_session_is_seated_by_the_standings_within_the_final(finals_open):
    tournament = finals_open
    finals.make_cut(actor=None, tournament=tournament, sessions=2, **HALVED_TOP_8)
    refused(
        lambda: finals.seat_final_session(actor=None, tournament=tournament, number=8),
        "cut_previous_unplayed",
        "7",
    )
    play_the_final(tournament)
    tables = finals.seat_final_session(actor=None, tournament=tournament, number=8)
    seated = seating(tournament, 8)
    # the standings within the final after session 7: p09 57,500, p13 47,500, p05 35,000, p17 25,000 | p01
    # 20,000, p14 -11,500, p25 -17,500, p21 -20,000 (the substituted seat is p25's). Two tables of four from two
    # tables of four: the fewest meetings again is two of each first-final table at each table (2 + 2 pairs met),
    # and the leader p09 at table 1 (Swiss seating starts from the rank bands)
    assert len(tables) == 2 and {key for table in seated for key in table} == set(CARRY)
    assert [len(set(table) & set(FINAL_TABLES[0])) for table in seated] == [2, 2]
    assert "p09" in seated[0]
    assert AuditEntry.objects.filter(action="finals.seat").exists()


def test_the_dashboard_expects_only_the_finalists_in_the_final_session(finals_open):
    tournament = finals_open
    finals.make_cut(actor=None, tournament=tournament, **HALVED_TOP_8)
    progress = list(tournament_progress(tournament))
    assert not [
        problem for problem in dashboard_problems(tournament, progress) if "no seat" in problem.message
    ]


def test_planned_final_sessions_lose_the_seating_of_everybody():
    tournament = finals_event(seated=8)  # sessions 7 and 8 planned for all 32 before the cut
    finals.make_cut(actor=None, tournament=tournament, sessions=2, **HALVED_TOP_8)
    assert seating(tournament, 7) == FINAL_TABLES
    assert seating(tournament, 8) == []  # seated by the standings within the final once session 7 has results
    assert Session.objects.filter(tournament=tournament).count() == 8
    assert Cut.objects.get().created == []
    finals.undo_cut(actor=None, tournament=tournament)
    assert Session.objects.filter(tournament=tournament).count() == 8  # it created none: they stay, unseated


def test_prizes_of_the_standings_follow_the_final_ranking_and_a_categorys_its_totals(finals_open):
    tournament = finals_open
    Registration.objects.filter(tournament=tournament, key__in=["p22", "p25"]).update(categories=["newcomer"])
    finals.make_cut(actor=None, tournament=tournament, **HALVED_TOP_8)
    substitutes.substitute(
        tournament=tournament, session_number=7, player_key="p25", guest="Gast", actor=None
    )
    play_the_final(tournament)
    prizes.add_prize(actor=None, tournament=tournament, title="Champion", ranking="overall", place=1)
    prizes.add_prize(
        actor=None, tournament=tournament, title="", ranking="category", category="newcomer", place=1
    )
    champion, newcomer = prize_list(overview(tournament, change_stamp(tournament))).prizes
    assert [(w.name, w.total, w.rank) for w in champion.winners] == [("First09 Last09", 57_500, 1)]
    # p25 is 7th in the final ranking (-17,500), p22 9th (20,000 as at the cut); by their totals, every session in
    # full, p25 has 25,000 - 30,000 = -5,000 and p22 20,000: the best newcomer is p22, 6th of the totals (p09
    # 55 + 30 = 85, p13 35 + 30 = 65, p05 50 + 10 = 60, p01 60 - 10 = 50, p17 30 + 10 = 40, then p22 20, thousands)
    assert [(w.name, w.total, w.rank) for w in newcomer.winners] == [("First22 Last22", 20_000, 6)]
