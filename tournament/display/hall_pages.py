"""How the hall's screen cuts its lists into pages: the one home of the page sizes and the rows of a column.

Each kind of page is a grid of ``columns`` by ``rows``: the seating by table is cards three across and two down
(a page of fewer cards shares its rows evenly: ``page_grid``), the seating by name three columns of twelve, the
standings and each side ranking two columns of ten. A page holds at most one grid
(``per_page``); the items are shared evenly over as few pages as they need and over a page's columns (``pages``,
``column_lists``), so a last page is never a few stray rows and no column stays empty while another is full.
``tournament.presenters.hall`` cuts the lists with these; templates/display/_pages.html gives each page its ``data-columns`` and ``data-rows``, which
static/js/display.js hands to static/css/display.css as ``--columns`` and ``--rows`` (the style sheet lays the grid
out and sizes the type from them, so neither holds a count of its own). The screen's sizes are in screen heights,
so 1920x1080 and 1280x720 show the same rows.
"""

from typing import NamedTuple

from tournament.models import HallDisplay


def spread(items: list, parts: int) -> list[list]:
    """``items`` cut in order into ``parts`` runs whose lengths differ by at most one, the longer runs first."""
    size, longer = divmod(len(items), parts)
    runs, start = [], 0
    for part in range(parts):
        end = start + size + (part < longer)
        runs.append(items[start:end])
        start = end
    return runs


class PageLayout(NamedTuple):
    columns: int
    rows: int
    cards: bool = False  # one item a cell (the table cards); otherwise each column lists up to ``rows`` items

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def pages(self, items: list) -> list[list]:
        """The items on as few pages as the grid needs, shared evenly (24 on pages of 20: 12 and 12, not 20 and 4)."""
        count = -(-len(items) // self.per_page)
        return spread(items, count) if items else []

    def page_grid(self, count: int) -> "PageLayout":
        """The grid a page of ``count`` items is laid out on. Cards fill as few rows as they need and share them
        evenly: 4 cards on a grid 3 across are 2 + 2 (not 3 + 1), 5 are 3 + 2, 3 are one row. The rows stay the
        grid's, so the type (sized from a row's height) is the same on every page. A list page keeps the grid:
        ``column_lists`` shares its items over the columns."""
        if not self.cards or count < 1:
            return self
        rows_needed = -(-count // self.columns)
        return self._replace(columns=-(-count // rows_needed))

    def column_lists(self, items: list) -> list[list]:
        """A page's items shared evenly over the columns (read down, then across): 24 names in 3 columns are 8, 8
        and 8, not 12, 12 and nothing. A page holds at most ``per_page`` items, so no column is over ``rows``."""
        return spread(items, min(self.columns, len(items))) if items else []


LAYOUTS = {
    HallDisplay.SEATING_TABLES: PageLayout(columns=3, rows=2, cards=True),
    HallDisplay.SEATING_NAMES: PageLayout(columns=3, rows=12),
    HallDisplay.STANDINGS: PageLayout(columns=2, rows=10),
    HallDisplay.RANKINGS: PageLayout(columns=2, rows=10),  # each side ranking: teams, a category's players
}


def layout(kind: str) -> PageLayout:
    return LAYOUTS[kind]
