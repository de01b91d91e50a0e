"""Reading a results file (cli.md import_results; the paper fallback): CSV or XLSX, English or Dutch headers, every
row checked against the seating and the rules first, each problem named with its row, column and reason."""

import pytest

from tests.tournament.factories import played_event
from tests.tournament.results_files import HEADER, RAWS, csv_bytes, lines, seats, xlsx_bytes
from tournament.readers.results_file import ResultsFileError, read_results_file
from tournament.selectors.results_import import ImportedSeat


@pytest.fixture
def event(db):
    """Eight players, two sessions seated (two tables each), no results."""
    return played_event("paper", n_players=8, n_sessions=2, played=0)


def problems(event, rows, header=HEADER, name="results.csv") -> list[tuple]:
    with pytest.raises(ResultsFileError) as caught:
        read_results_file(event, name, csv_bytes(header, rows))
    return [(e.row, e.column, e.reason) for e in caught.value.errors]


def test_a_good_csv_gives_each_table_in_wind_order(event):
    rows = lines(event, 1, 1) + lines(event, 1, 2)[::-1]
    read = read_results_file(event, "results.csv", csv_bytes(HEADER, rows))
    assert [(t.session, t.table, t.row) for t in read.tables] == [(1, 1, 2), (1, 2, 6)]
    assert read.tables[1].seats == tuple(
        ImportedSeat(s.wind, s.registration.key, RAWS[s.wind], None) for s in seats(event, 1, 2)
    )
    assert not read.has_chombos


def test_a_good_xlsx_with_chombos_and_numbers_as_typed(event):
    rows = lines(event, 2, 1, chombos={"W": 1})
    rows[0][4] = "45,000"  # as a referee types it
    read = read_results_file(event, "results.xlsx", xlsx_bytes([*HEADER, "chombo"], rows))
    assert read.has_chombos and read.reading is None
    assert [(s.wind, s.raw, s.chombos) for s in read.tables[0].seats] == [
        ("E", 45_000, 0),
        ("S", 35_000, 0),
        ("W", 25_000, 1),
        ("N", 15_000, 0),
    ]


def test_dutch_headers_and_the_ema_number(event):
    seat = seats(event)[0]
    seat.registration.player.ema_id = "08010039"
    seat.registration.player.save()
    rows = lines(event)
    rows[0][3] = "8010039"  # the spreadsheet dropped the leading zero
    rows = [[*row, ""] for row in rows]
    read = read_results_file(
        event, "uitslagen.csv", csv_bytes(["Sessie", "Tafel", "Wind", "Speler", "Punten", "Chombo"], rows)
    )
    assert read.tables[0].seats[0].player == seat.registration.key
    assert read.has_chombos  # the column is given, its cells empty: no chombo
    assert [s.chombos for s in read.tables[0].seats] == [0, 0, 0, 0]


def test_an_unknown_player_is_named_at_its_row(event):
    rows = lines(event)
    rows[2][3] = "nobody"
    assert problems(event, rows) == [(4, "player", "No player with the key or EMA number 'nobody'.")]


def test_a_player_at_another_table_or_wind(event):
    other = seats(event, 1, 2)[0].registration
    rows = lines(event)
    rows[1][3] = other.key
    assert problems(event, rows) == [
        (3, "table", f"{other.player} sits at table 2 in session 1, not at table 1."),
    ]
    rows = lines(event)
    rows[0][2], rows[1][2] = "S", "E"
    first, second = seats(event)[:2]
    assert problems(event, rows) == [
        (2, "wind", f"{first.registration.player} sits at E at table 1 in session 1, not at S."),
        (3, "wind", f"{second.registration.player} sits at S at table 1 in session 1, not at E."),
    ]


def test_a_table_that_does_not_add_up_gives_the_difference(event):
    # EMA 2016 3.6: the four raw scores add up to 4 x 30,000 = 120,000; here 119,800, 200 short
    rows = lines(event, raws={**RAWS, "N": 14_800})
    assert problems(event, rows) == [
        (
            2,
            "score",
            "Session 1, table 1: the scores add up to 119,800; they must add up to 120,000 (200 short)",
        )
    ]


def test_the_figures_of_a_refusal_in_dutch(event):
    """Issue 21, item 2: every number of a refusal in the reader's format (scoring.limits: +-1,000,000)."""
    from django.utils import translation

    rows = lines(event)
    rows[0][4] = "2000000"
    with translation.override("nl"):
        found = problems(event, rows)
    assert found == [(2, "score", "2000000: ruwe punten liggen tussen \u22121.000.000 en 1.000.000.")]


def test_a_score_off_the_unit_or_not_a_number(event):
    # 3.6: raw scores are multiples of 100
    rows = lines(event, raws={"E": 45_050, "S": 34_950, "W": 25_000, "N": 15_000})
    assert problems(event, rows) == [
        (2, "score", "Session 1, table 1, seat East: 45,050 is not a multiple of 100")
    ]
    rows = lines(event)
    rows[1][4] = "32.5"
    assert problems(event, rows) == [
        (3, "score", "'32.5' is not a whole number of points (for example 32500 or -4300)."),
    ]


def test_lines_not_filled_in_are_left_out_but_a_table_needs_all_four(event):
    blank = [[*row[:4], ""] for row in lines(event, 1, 2)]  # the prefilled file's lines of table 2
    read = read_results_file(event, "results.csv", csv_bytes(HEADER, lines(event) + blank))
    assert [(t.session, t.table) for t in read.tables] == [(1, 1)]
    rows = lines(event)
    rows[2][4] = ""
    assert problems(event, rows) == [(2, "table", "Session 1, table 1 has 3 rows; a table has four seats.")]


def test_duplicate_seats_and_players(event):
    rows = lines(event) + [lines(event)[0]]
    assert problems(event, rows) == [(6, "wind", "Session 1, table 1, E is given already in row 2.")]


def test_a_table_with_fewer_than_four_rows(event):
    rows = lines(event)[:3]
    assert problems(event, rows) == [(2, "table", "Session 1, table 1 has 3 rows; a table has four seats.")]


def test_a_session_without_seating(event):
    rows = [[3, 1, "E", seats(event)[0].registration.key, 30000]]
    assert problems(event, rows) == [
        (2, "session", "Session 3 has no seating; its results cannot be entered.")
    ]


def test_a_bad_chombo_count(event):
    rows = lines(event, chombos={"E": "-1", "S": "two", "W": 21})
    assert [(row, column) for row, column, _reason in problems(event, rows, [*HEADER, "chombo"])] == [
        (2, "chombo"),
        (3, "chombo"),
        (4, "chombo"),
    ]
    assert problems(event, rows, [*HEADER, "chombo"])[2][2] == "'21' is not a number of chombos from 0 to 20."


def test_every_problem_is_listed_at_once(event):
    rows = lines(event, raws={**RAWS, "N": 14_800}) + lines(event, 1, 2)
    rows[5][3] = "nobody"
    found = problems(event, rows)
    assert [(row, column) for row, column, _reason in found] == [(2, "score"), (7, "player")]


def test_a_missing_column_is_named(event):
    assert problems(event, lines(event), header=["session", "table", "wind", "player"]) == [
        (1, "score", "There is no column score / punten / Punkte / points in the first row.")
    ]


def test_a_player_given_twice_in_a_session(event):
    rows = lines(event)
    again = list(rows[0])
    again[2] = "S"  # the same player at a second seat of the table
    assert problems(event, [*rows, again])[0][:2] == (6, "wind")
