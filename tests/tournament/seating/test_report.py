"""The seating quality report on hand-made schedules, as the product computes it from the database and shows it.

The eight players and two sessions below are small enough to count by hand:

    session 1: table 1 E p1 S p2 W p3 N p4    table 2 E p5 S p6 W p7 N p8
    session 2: table 1 E p1 S p2 W p5 N p6    table 2 E p3 S p4 W p7 N p8

Pairs meeting twice: p1-p2 (table 1 both times), p3-p4, p5-p6, p7-p8 -> 4 repeated pairs, 4 excess meetings,
most meetings of one pair 2. Lower bound for 8 players x 2 sessions: 3*2 - 7 < 0 -> 0.
Winds: p1 E E, p2 S S, p3 W E, p4 N S, p5 E W, p6 S N, p7 W W, p8 N N -> largest difference 2 (p1, p2, p7, p8).
Clubs: p1, p2 "Club A" (and "club a ", the same club), p3, p7 "Club B": p1-p2 meet twice, p3-p7 once -> 3.
Countries: p1, p5 NED (meet in session 2), p2 BEL, others none -> 1.
Table numbers: p1 sits at table 1 in both sessions (so do p2, p7, p8) -> 2.
"""

from io import StringIO

import pytest
from django.core.management import call_command

from tests.tournament.factories import make_event
from tournament.selectors.seating_plan import seating_report, stored_seating

PEOPLE = [
    # key, first, last, country, club
    ("p1", "Anna", "Aalders", "NED", "Club A"),
    ("p2", "Bert", "Bakker", "BEL", "club a "),
    ("p3", "Cees", "Claes", "", "Club B"),
    ("p4", "Dirk", "Dekker", "", ""),
    ("p5", "Eva", "Evers", "NED", ""),
    ("p6", "Fien", "Fokker", "", ""),
    ("p7", "Gijs", "Gerrits", "", "Club B"),
    ("p8", "Hans", "Hendriks", "", ""),
]
SESSIONS = [
    [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8"]],
    [["p1", "p2", "p5", "p6"], ["p3", "p4", "p7", "p8"]],
]


@pytest.fixture
def hand_made(db):
    return make_event("hand-made", PEOPLE, SESSIONS)


def test_report_counts_repeats_winds_clubs_and_countries(hand_made):
    report = seating_report(hand_made, stored_seating(hand_made))
    quality = report.quality
    assert (quality.players, quality.sessions, report.tables) == (8, 2, 2)
    assert (quality.excess_meetings, quality.repeated_pairs, quality.max_pair_meetings) == (4, 4, 2)
    assert quality.lower_bound == 0
    assert [(p.first.key, p.second.key, p.meetings) for p in report.worst_pairs] == [
        ("p1", "p2", 2),
        ("p3", "p4", 2),
        ("p5", "p6", 2),
        ("p7", "p8", 2),
    ]
    winds = {line.player.key: line.counts for line in report.winds}
    assert winds == {
        "p1": (2, 0, 0, 0),
        "p2": (0, 2, 0, 0),
        "p3": (1, 0, 1, 0),
        "p4": (0, 1, 0, 1),
        "p5": (1, 0, 1, 0),
        "p6": (0, 1, 0, 1),
        "p7": (0, 0, 2, 0),
        "p8": (0, 0, 0, 2),
    }
    assert quality.wind_spread == 2
    assert (report.club_meetings, report.country_meetings) == (3, 1)
    assert quality.max_table_visits == 2


def test_report_text_names_the_players(hand_made):
    text = seating_report(hand_made, stored_seating(hand_made)).format_text()
    assert "8 players, 2 sessions (1, 2), 2 tables" in text
    assert (
        "excess meetings: 4 (lower bound 0); pairs meeting more than once: 4; most meetings of one pair: 2"
        in text
    )
    assert "Anna Aalders & Bert Bakker x2" in text
    assert "meetings within the same club: 3; within the same country: 1" in text
    assert "largest difference for one player: 2" in text
    line = next(line for line in text.splitlines() if line.startswith("  Cees Claes"))
    assert line.split()[-4:] == ["1", "0", "1", "0"]


def test_report_page_shows_the_hand_counted_figures(client, hand_made, make_user):
    client.force_login(make_user("org", tournament=hand_made, role="organiser"))
    html = client.get("/t/hand-made/organise/seating/").content.decode()
    assert '<span class="figure">4</span><span class="label">repeated meetings (lower bound 0)' in html
    assert "Anna Aalders &amp; Bert Bakker (2 times)" in html
    assert '<span class="figure">3</span><span class="label">meetings of players of the same club' in html
    assert '<span class="figure">1</span><span class="label">meetings of players of the same country' in html
    assert html.count('<tr class="uneven') == 4  # p1, p2, p7, p8 sat one wind twice


def test_empty_seating_has_no_report(db):
    tournament = make_event("empty", PEOPLE)
    assert seating_report(tournament, stored_seating(tournament)) is None


def test_generate_seating_prints_the_report_of_what_it_stored(db):
    people = [(f"k{i:02d}", "Player", f"Number {i:02d}", "", "") for i in range(1, 17)]
    tournament = make_event("sixteen", people)
    out = StringIO()
    call_command("generate_seating", "sixteen", "--sessions", "4", "--seed", "3", stdout=out)
    report = seating_report(tournament, stored_seating(tournament))
    assert report.quality.excess_meetings == 0  # 16 players meet 12 others in 4 sessions: no repeats needed
    assert out.getvalue().splitlines()[0] == "Event sixteen: seated sessions 1, 2, 3, 4 (seed 3)."
    assert report.format_text() in out.getvalue()
