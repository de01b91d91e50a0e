"""The rank chart in Dutch (issue 21, item 1): an SVG is read by the browser, not by a person, so its coordinates
are written for machines in every language (never '24,0'); only the labels are for people, and the end label is the
rank the standings show, a shared one with '='. Figures by hand in conftest.py."""

import xml.etree.ElementTree as ET

import pytest

from tests.tournament.views.public.conftest import enter

SVG = "{http://www.w3.org/2000/svg}"
COORDINATES = {"x", "y", "x1", "x2", "y1", "y2", "cx", "cy", "r"}


def chart_svg(client, key: str) -> ET.Element:
    html = client.get(f"/t/hand-worked/players/{key}/", headers={"accept-language": "nl"}).content.decode()
    svg = html.split('<figure class="rank-chart">', 1)[1].split("</svg>", 1)[0] + "</svg>"
    return ET.fromstring(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


def texts(svg: ET.Element, kind: str) -> list[tuple[float, float, str]]:
    return [
        (float(t.get("x")), float(t.get("y")), t.text)
        for t in svg.iter(f"{SVG}text")
        if t.get("class") == kind
    ]


@pytest.fixture
def tied_fourth(hand_worked):
    """Session 3 entered (EMA 2016: start 30,000, uma +15/+5/-5/-15, 3.6.1):
    table 1: g 43,200 1st +13.2+15 = +28.2 -> -17.0 + 28.2 = +11.2; e 30,000 2nd +5.0 -> +45.0;
             f 25,000 3rd -5.0-5 = -10.0 -> +22.0; h 21,800 4th -8.2-15 = -23.2 -> -73.2
    table 2: b 40,000 1st +25.0 -> +42.9; c 37,000 2nd +12.0 -> -15.3; a 35,000 3rd +5.0-5 = 0.0 -> +11.2;
             d 8,000 4th -22.0-15 = -37.0 -> -66.8
    after 3: e 1, b 2, f 3, a and g 4= (+11.2 each), c 6, d 7, h 8."""
    enter(hand_worked, 3, 1, {"E": 21_800, "S": 43_200, "W": 25_000, "N": 30_000})
    enter(hand_worked, 3, 2, {"E": 8_000, "S": 37_000, "W": 40_000, "N": 35_000})
    return hand_worked


def test_every_coordinate_is_a_plain_number_in_dutch(client, hand_worked):
    svg = chart_svg(client, "a")
    width, height = (float(n) for n in svg.get("viewBox").split()[2:])
    for element in svg.iter():
        for name in COORDINATES & set(element.keys()):
            assert 0 <= float(element.get(name)) <= max(width, height), (element.tag, name, element.get(name))
    for element in svg.iter(f"{SVG}polyline"):
        pairs = element.get("points").split()
        assert len(pairs) == 2 and all(len([float(n) for n in pair.split(",")]) == 2 for pair in pairs)


def test_the_axis_reads_the_ranks_and_the_sessions(client, hand_worked):
    svg = chart_svg(client, "a")
    ticks = texts(svg, "tick")
    # 8 players: ticks at 1, 2.75, 4.5, 6.25 and 8, rounded (half to even)
    assert [label for _, _, label in ticks] == ["1", "3", "4", "6", "8"]
    assert [y for _, y, _ in ticks] == sorted(y for _, y, _ in ticks)  # rank 1 at the top
    sessions = texts(svg, "session")
    assert [label for _, _, label in sessions] == ["S1", "S2"]
    assert sessions[0][0] < sessions[1][0]


def test_the_end_label_is_the_rank_on_the_standings(client, tied_fourth):
    svg = chart_svg(client, "a")
    labels = texts(svg, "rank")
    assert [label for _, _, label in labels] == ["1", "4", "4="]  # after 1, 2 and 3 (first, worst, last)
    standings = client.get("/t/hand-worked/standings/", headers={"accept-language": "nl"}).content.decode()
    row = next(row for row in standings.split("<tr")[1:] if "Anna" in row or "/players/a/" in row)
    assert ">4=<" in row
