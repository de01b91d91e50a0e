"""Points on pages and paper follow the page's language; scoring.points itself stays in one fixed form."""

import re

import pytest
from django.utils import translation

from scoring.points import format_points
from tournament import selectors
from tournament.display import numbers


@pytest.mark.parametrize(
    ("language", "value", "short", "full"),
    [
        ("en", 23_400, "+23.4", "+23,400"),
        ("nl", 23_400, "+23,4", "+23.400"),
        ("en", -1_234_500, "\u22121,234.5", "\u22121,234,500"),
        ("nl", -1_234_500, "\u22121.234,5", "\u22121.234.500"),
        ("nl", 1_250, "+1,25", "+1.250"),
        ("nl", 0, "0,0", "0"),
        ("nl", None, "", ""),
    ],
)
def test_points_in_the_active_language(language, value, short, full):
    with translation.override(language):
        assert numbers.points(value) == short
        assert numbers.points_full(value) == full
    assert numbers.points_full(41_200, sign=False) == "41,200"  # outside a request: English


def test_standings_page_totals_in_dutch_and_english(client, demo):
    leader = selectors.standings(demo).rows[0]
    english = format_points(leader.total)
    assert "." in english and "," not in english  # thousands with one decimal, e.g. +95.1
    dutch = english.replace(".", ",")
    nl = client.get("/t/demo/standings/", headers={"accept-language": "nl"}).content.decode()
    en = client.get("/t/demo/standings/", headers={"accept-language": "en"}).content.decode()
    assert re.search(rf">\s*{re.escape(dutch)}\s*<", nl)
    assert re.search(rf">\s*{re.escape(english)}\s*<", en)


# A figure for people is negative by the minus sign U+2212 (the width of "+", so signed columns line up, and read
# "minus" by screen readers); a number for programs keeps the hyphen-minus "-" (files, JSON, SVG, the command line).
MINUS = "\u2212"


@pytest.mark.parametrize("language", ["en", "nl", "de", "fr"])
def test_a_negative_figure_for_people_has_the_minus_sign(language):
    with translation.override(language):
        assert numbers.points(-8_300) == f"{MINUS}8{numbers.points(1_000)[2]}3"  # -8.3 / -8,3
        assert numbers.points_full(-8_300).startswith(MINUS) and "-" not in numbers.points_full(-8_300)
        assert numbers.points_full(-8_300, sign=False).startswith(MINUS)
        assert numbers.whole(-5) == f"{MINUS}5"
        assert numbers.points(8_300) == f"+8{numbers.points(1_000)[2]}3"
    assert numbers.machine(-3) == "-3" and numbers.machine(-2.5) == "-2.5"
    assert format_points(-8_300) == "-8.3"  # scoring's own form: the command line and files


def test_the_standings_page_writes_no_hyphen_before_a_figure(client, demo):
    """The demo's standings have players below zero: each of their totals starts with the minus sign."""
    totals = [row.total for row in selectors.standings(demo).rows]
    assert min(totals) < 0
    html = client.get("/t/demo/standings/", headers={"accept-language": "de"}).content.decode()
    text = re.sub(r"<[^>]+>", " ", html)  # what people read, not the attributes
    assert not re.search(r"(?<![\w-])-\d", text), re.findall(r".{20}(?<![\w-])-\d.{10}", text)
    with translation.override("de"):
        assert numbers.points(min(totals)) in text and numbers.points(min(totals)).startswith(MINUS)


def test_a_range_in_a_refusal_starts_with_the_minus_sign():
    """3.6's raw points within scoring.table.MAX_RAW_POINTS either way: the referee's refusal and the results
    file's reason say the lower end with the minus sign, in the page's format."""
    from scoring.table import MAX_RAW_POINTS
    from tournament.errors import scoring_text
    from tournament.readers.results_file import _score

    params = {"where": "Sessie 1, tafel 2", "wind": "E", "limit": MAX_RAW_POINTS}
    with translation.override("nl"):
        assert "tussen \u22121.000.000 en 1.000.000" in scoring_text("score_range", params)
        errors = []
        assert _score("2000000", 3, errors) is None
    assert "tussen \u22121.000.000 en 1.000.000" in errors[0].reason
    with translation.override("en"):
        assert "from \u22121,000,000 to 1,000,000" in scoring_text("score_range", params)
