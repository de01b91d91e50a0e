"""How the hall's screen cuts its lists into pages: the one home of the page sizes and the rows of a column.

Each kind of page is a grid of ``columns`` by ``rows``: the seating by table is cards three across and two down,
the seating by name three columns of twelve, the standings two columns of ten. A page holds exactly one grid
(``per_page``), so the rows of a column always divide a page. ``tournament.selectors.hall`` cuts the lists with
these; templates/display/_pages.html gives each page its ``data-columns`` and ``data-rows``, which
static/js/display.js hands to static/css/display.css as ``--columns`` and ``--rows`` (the style sheet lays the grid
out and sizes the type from them, so neither holds a count of its own). The screen's sizes are in screen heights,
so 1920x1080 and 1280x720 show the same rows.
"""

from typing import NamedTuple

from tournament.models import HallDisplay


class PageLayout(NamedTuple):
    columns: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def column_lists(self, items: list) -> list[list]:
        """A page's items cut into columns of ``rows`` (read down, then across)."""
        return [items[start : start + self.rows] for start in range(0, len(items), self.rows)]


LAYOUTS = {
    HallDisplay.SEATING_TABLES: PageLayout(columns=3, rows=2),  # table cards
    HallDisplay.SEATING_NAMES: PageLayout(columns=3, rows=12),
    HallDisplay.STANDINGS: PageLayout(columns=2, rows=10),
}


def layout(kind: str) -> PageLayout:
    return LAYOUTS[kind]
