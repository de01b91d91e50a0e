"""selectors.hall and presenters.hall: what the hall's screen shows (the reads and the pages built from them), on
the small event of conftest.py (session 1 played, session 2 seated and published; standings by hand there). The
paging of a larger event is in tests/tournament/views/test_hall_display.py (the demo)."""

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from tournament.display.hall_pages import PageLayout, layout
from tournament.models import HallDisplay
from tournament.presenters.hall import HallSeat, HallStanding, Page, seating_pages, standings_pages
from tournament.selectors.hall import hall_display, next_seating_session
from tournament.services import players
from tournament.services.clock import start_clock
from tournament.services.hall_display import set_hall_display

STANDINGS_QUERIES = (
    5  # as selectors.results (no memo): players, current results, seat results, penalties, the cut
)


def test_the_organisers_choice_or_every_page(small, django_assert_num_queries):
    with django_assert_num_queries(1):
        display = hall_display(small.tournament)
    assert (display.pages, display.page_seconds, display.version, display.pk) == (
        list(HallDisplay.PAGES),
        15,
        0,
        None,
    )
    set_hall_display(
        actor=None, tournament=small.tournament, pages=["standings"], page_seconds=30, clock_alone=False
    )
    display = hall_display(small.tournament)
    assert (display.pages, display.page_seconds, display.pk is not None) == (["standings"], 30, True)


def test_the_next_seating_is_session_2_until_its_clock_starts(small, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert next_seating_session(small.tournament) == small.two  # session 1 has results
    small.tournament.sessions.filter(number=2).update(seating_published=False)
    assert next_seating_session(small.tournament) is None
    small.tournament.sessions.filter(number=2).update(seating_published=True)
    start_clock(actor=None, session=small.two, at=timezone.now() - timedelta(minutes=1))
    assert next_seating_session(small.tournament) is None


def test_the_seating_by_table_and_by_name(small, django_assert_num_queries):
    with django_assert_num_queries(1):
        by_table, by_name = seating_pages(small.two)
    assert by_table == [
        Page(
            HallDisplay.SEATING_TABLES,
            1,
            1,
            [
                (
                    1,
                    [
                        HallSeat("E", "First01 Last01", "Last01, First01", 1),
                        HallSeat("S", "First05 Last05", "Last05, First05", 1),
                        HallSeat("W", "First03 Last03", "Last03, First03", 1),
                        HallSeat("N", "First07 Last07", "Last07, First07", 1),
                    ],
                ),
                (
                    2,
                    [
                        HallSeat("E", "First02 Last02", "Last02, First02", 2),
                        HallSeat("S", "First06 Last06", "Last06, First06", 2),
                        HallSeat("W", "First04 Last04", "Last04, First04", 2),
                        HallSeat("N", "First08 Last08", "Last08, First08", 2),
                    ],
                ),
            ],
            PageLayout(columns=2, rows=2, cards=True),  # the 2 cards side by side, sized as on a full page
        )
    ]
    (page,) = by_name
    assert (page.kind, page.number, page.count) == (HallDisplay.SEATING_NAMES, 1, 1)
    assert [(seat.listed, seat.table, seat.wind) for seat in page.items[:3]] == [
        ("Last01, First01", 1, "E"),
        ("Last02, First02", 2, "E"),
        ("Last03, First03", 1, "W"),
    ]


def test_the_standings_after_the_last_session_with_results(small, django_assert_max_num_queries):
    with django_assert_max_num_queries(STANDINGS_QUERIES):
        after, pages = standings_pages(small.tournament)
    (page,) = pages
    assert (after, page.kind, page.number, page.count) == (1, HallDisplay.STANDINGS, 1, 1)
    assert page.items[:3] == [
        HallStanding("1", "First01 Last01", "NED", "+26.2", False),
        HallStanding("2=", "First05 Last05", "NED", "+15.0", False),
        HallStanding("2=", "First06 Last06", "GER", "+15.0", False),
    ]
    assert page.items[-1] == HallStanding("8", "First08 Last08", "GER", "\u221225.0", False)
    with translation.override("nl"):  # the page's language
        assert standings_pages(small.tournament)[1][0].items[0].total == "+26,2"


def test_a_disqualified_player_is_marked_last_and_a_withdrawn_one_left_out(small):
    players.set_status(actor=None, registration=small.regs["p01"], status="disqualified")
    players.set_status(actor=None, registration=small.regs["p05"], status="withdrawn")
    items = standings_pages(small.tournament)[1][0].items
    assert len(items) == 7 and items[0] == HallStanding("1", "First06 Last06", "GER", "+15.0", False)
    assert items[-1] == HallStanding("7", "First01 Last01", "NED", "+26.2", True)


def test_no_standings_before_any_result(db):
    from tests.tournament.factories import make_event, numbered_people

    tournament = make_event("empty", numbered_people(4), [[["p01", "p02", "p03", "p04"]]])
    assert standings_pages(tournament) == (0, [])
    assert next_seating_session(tournament) is None  # seated but not published


def test_columns_read_down_then_across_and_are_filled_evenly():
    # 7 items in 3 columns: 3, 2, 2 (not 3, 3, 1), the longer first, still read down then across
    assert PageLayout(columns=3, rows=3).column_lists(list(range(7))) == [[0, 1, 2], [3, 4], [5, 6]]
    assert PageLayout(columns=3, rows=3).column_lists([]) == []
    assert PageLayout(columns=3, rows=3).column_lists([0, 1]) == [[0], [1]]


def test_24_names_fill_the_3_columns_of_the_seating_by_name():
    # issue 21 item 10: 24 names on a grid of 3 columns of 12 were 12 + 12 + nothing
    (page,) = layout(HallDisplay.SEATING_NAMES).pages(list(range(24)))
    assert [len(column) for column in layout(HallDisplay.SEATING_NAMES).column_lists(page)] == [8, 8, 8]


def test_the_pages_share_the_rows_evenly():
    # issue 21 item 10: 24 players on pages of 20 were 20 + 4; now 12 + 12, each page 2 columns of 6
    standings = layout(HallDisplay.STANDINGS)
    pages = standings.pages(list(range(24)))
    assert pages == [list(range(12)), list(range(12, 24))]
    assert [[len(column) for column in standings.column_lists(page)] for page in pages] == [[6, 6], [6, 6]]
    # 41 rows need 3 pages of 20: 14 + 14 + 13, in order
    assert [len(page) for page in standings.pages(list(range(41)))] == [14, 14, 13]
    assert sum(standings.pages(list(range(41))), []) == list(range(41))
    # never more pages than a full grid needs, and never a page over the grid
    for count in range(1, 130):
        pages = standings.pages(list(range(count)))
        assert len(pages) == -(-count // standings.per_page)
        assert max(len(page) for page in pages) - min(len(page) for page in pages) <= 1
        assert all(len(column) <= standings.rows for page in pages for column in standings.column_lists(page))
    assert standings.pages([]) == []


@pytest.mark.parametrize(
    ("tables", "rows_of_cards"),
    [
        (8, [[2, 2], [2, 2]]),  # the demo's 8 tables: 2 pages of 4, each 2 + 2 (issue 21: 3 + 1)
        (4, [[2, 2]]),
        (5, [[3, 2]]),
        (6, [[3, 3]]),
        (7, [[2, 2], [3]]),  # 4 + 3: the second page one row of 3
        (3, [[3]]),
        (2, [[2]]),
    ],
)
def test_the_table_cards_of_a_page_lie_in_even_rows(tables, rows_of_cards):
    """A page of table cards is laid out on as few rows as it needs, the cards shared evenly over them: the
    grid the screen is told (data-columns) holds as many cards across as the fullest row."""
    grid = layout(HallDisplay.SEATING_TABLES)
    pages = grid.pages(list(range(tables)))
    found = []
    for page in pages:
        fitted = grid.page_grid(len(page))
        assert fitted.rows == grid.rows  # the type is sized from the grid's rows, the same on every page
        found.append([len(row) for row in spread_rows(page, fitted.columns)])
    assert found == rows_of_cards


def spread_rows(cards: list, across: int) -> list[list]:
    return [cards[start : start + across] for start in range(0, len(cards), across)]
