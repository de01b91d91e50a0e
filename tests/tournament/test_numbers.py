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
        ("en", -1_234_500, "-1,234.5", "-1,234,500"),
        ("nl", -1_234_500, "-1.234,5", "-1.234.500"),
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
