"""The score sheet's grid image: it spans the printable width of A4 and draws the lines where the columns are."""

import re

from tournament.printing.score_grid import COLUMNS, PLAYER_STARTS, WIDTH, Row, grid_svg


def rows() -> list[Row]:
    return [
        Row("seats", 14),
        Row("headings", 7),
        Row("start", 6),
        Row("hand", 7),
        Row("hand", 7),
        Row("final", 7),
    ]


def paths(svg: str) -> dict[str, str]:
    """Each path's d attribute, by its stroke colour or fill."""
    found = re.findall(r'<path d="([^"]*)" (?:fill="(#\w+)"|stroke="(#\w+)")', svg)
    return {fill or stroke: d for d, fill, stroke in found}


def test_the_grid_is_as_wide_as_a4_less_the_margins():
    assert WIDTH == 210 - 2 * 10
    assert sum(column.width for column in COLUMNS) == WIDTH
    assert 'width="190mm" height="48mm"' in grid_svg(rows())


def test_vertical_lines_run_through_consecutive_rows():
    thin = paths(grid_svg(rows()))["#555"]
    # The round column (x = 6) is divided in the headings and the two hand rows, not in the start row:
    # two segments, 7 mm and then 14 mm long.
    assert re.findall(r"M6 ([\d.]+)V([\d.]+)", thin) == [("14", "21"), ("27", "41")]
    # Every row has a line at its top, and the grid one at its bottom.
    assert len(re.findall(r"M0 [\d.]+H190", thin)) == len(rows()) + 1


def test_player_boundaries_are_strong_from_top_to_bottom():
    strong = paths(grid_svg(rows()))["#000"]
    for x in PLAYER_STARTS:
        assert f"M{x:g} 0V48" in strong
