"""The score sheet's grid: its columns and rows, every line of it drawn once as an SVG image.

The words on the grid (seats, column headings, row labels) are laid over the image at the same column widths and
row heights, so lines and words agree by construction. As table cells with borders, the 600 boxes of a page
made a 100-table session take half a minute to lay out; as one image they cost almost nothing.
"""

import base64
from itertools import accumulate
from typing import NamedTuple

LINE, STRONG = "#555", "#000"
THIN, THICK = 0.25, 0.6  # mm: grid lines; player and section boundaries
HEADING_FILL, TOTAL_FILL = "#e8e8e8", "#f3f3f3"


class Column(NamedTuple):
    width: float  # mm
    kind: str  # "left", "riichi" (a player's first column), "change" or "total"


# hand number, round, dealer, counters, won, dealt in (wide enough for the Dutch headings too)
LEFT = tuple(Column(width, "left") for width in (6, 8.5, 9.5, 11, 10.5, 9.5))
PLAYER = (Column(5, "riichi"), Column(14.25, "change"), Column(14.5, "total"))
COLUMNS = LEFT + PLAYER * 4
EDGES = (0, *accumulate(column.width for column in COLUMNS))
WIDTH = EDGES[-1]  # 190 mm: A4 less 10 mm margins
LEFT_WIDTH = EDGES[len(LEFT)]
PLAYER_STARTS = tuple(EDGES[i] for i, column in enumerate(COLUMNS) if column.kind == "riichi")
TOTALS = tuple((EDGES[i], column.width) for i, column in enumerate(COLUMNS) if column.kind == "total")


class Layout(NamedTuple):
    left_columns: bool  # the left part is divided into its columns (else one box)
    player_columns: bool  # each player's part is divided into its columns (else one box)
    fill: str  # "", "row" (a heading row) or "totals" (the running-total columns)


LAYOUTS = {
    "seats": Layout(False, False, ""),
    "headings": Layout(True, True, "row"),
    "start": Layout(False, True, "totals"),
    "hand": Layout(True, True, "totals"),
    "final": Layout(False, False, ""),
}


class Row(NamedTuple):
    kind: str  # a key of LAYOUTS
    height: float  # mm
    label: str = ""
    hint: str = ""
    strong_above: bool = False  # a strong line above the row: the start of a section

    @property
    def layout(self) -> Layout:
        return LAYOUTS[self.kind]


def grid_svg(rows: list[Row]) -> str:
    """The grid as four paths (two fills, thin lines, strong lines); a vertical line or a shaded column that runs
    through several rows is one segment, so each page draws a few hundred path commands."""
    height = sum(row.height for row in rows)
    tops = [0, *accumulate(row.height for row in rows)]
    thin = [f"M0 {top:g}H{WIDTH:g}" for row, top in zip(rows, tops, strict=False) if not row.strong_above]
    strong = [f"M0 {top:g}H{WIDTH:g}" for row, top in zip(rows, tops, strict=False) if row.strong_above]
    thin.append(f"M0 {height:g}H{WIDTH:g}")
    for x in EDGES:
        runs = _runs(rows, tops, lambda row, x=x: x in _edges(row.layout))
        (strong if x in PLAYER_STARTS else thin).extend(f"M{x:g} {y0:g}V{y1:g}" for y0, y1 in runs)
    headings = [
        _box(0, y0, WIDTH, y1 - y0) for y0, y1 in _runs(rows, tops, lambda row: row.layout.fill == "row")
    ]
    totals = [
        _box(x, y0, width, y1 - y0)
        for x, width in TOTALS
        for y0, y1 in _runs(rows, tops, lambda row: row.layout.fill == "totals")
    ]
    paths = [
        f'<path d="{"".join(headings)}" fill="{HEADING_FILL}"/>',
        f'<path d="{"".join(totals)}" fill="{TOTAL_FILL}"/>',
        f'<path d="{"".join(thin)}" stroke="{LINE}" stroke-width="{THIN:g}" fill="none"/>',
        f'<path d="{"".join(strong)}" stroke="{STRONG}" stroke-width="{THICK:g}" fill="none"/>',
    ]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:g}mm" height="{height:g}mm" '
        f'viewBox="0 0 {WIDTH:g} {height:g}">{"".join(paths)}</svg>'
    )


def _runs(rows: list[Row], tops: list[float], wanted) -> list[tuple[float, float]]:
    """The vertical stretches (top, bottom) made of consecutive rows for which ``wanted(row)`` holds."""
    runs: list[tuple[float, float]] = []
    for row, top, bottom in zip(rows, tops, tops[1:], strict=False):
        if not wanted(row):
            continue
        if runs and runs[-1][1] == top:
            runs[-1] = (runs[-1][0], bottom)
        else:
            runs.append((top, bottom))
    return runs


def _edges(layout: Layout) -> set[float]:
    edges = {0.0, LEFT_WIDTH, WIDTH, *PLAYER_STARTS}
    if layout.left_columns:
        edges |= set(EDGES[: len(LEFT)])
    if layout.player_columns:
        edges |= set(EDGES[len(LEFT) :])
    return edges


def _box(x: float, y: float, width: float, height: float) -> str:
    return f"M{x:g} {y:g}h{width:g}v{height:g}h{-width:g}z"


def grid_data_uri(rows: list[Row]) -> str:
    encoded = base64.b64encode(grid_svg(rows).encode()).decode()
    return f"data:image/svg+xml;base64,{encoded}"
