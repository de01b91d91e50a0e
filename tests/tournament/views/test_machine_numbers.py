"""Numbers written for the browser are never localised (issue 21, item 1): in Dutch a float in a template becomes
'24,0', which SVG, CSS and scripts read as two numbers. Every page is read in Dutch and no attribute meant for the
browser (coordinates, lengths, styles, data for scripts) holds a decimal comma; attributes for people (a title, an
accessible label, a cell's label) may, being text in the page's language. The JSON for scripts is checked too."""

import json
import re
from html.parser import HTMLParser

import pytest

from tournament.display.numbers import machine

FOR_PEOPLE = {
    "title",
    "aria-label",
    "alt",
    "placeholder",
    "data-label",
    "data-title",
    "data-ok",
    "data-retry",
}
DECIMAL_COMMA = re.compile(r"\d,\d")
NUMBER = r"-?\d+(\.\d+)?"
# a polyline's 'x,y x,y': that comma is SVG's own
SVG_POINTS = re.compile(rf"{NUMBER},{NUMBER}( {NUMBER},{NUMBER})*")


class Attributes(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found: list[tuple[str, str, str]] = []
        self.scripts: list[str] = []
        self._json = False

    def handle_starttag(self, tag, attrs):
        self._json = tag == "script" and ("type", "application/json") in attrs
        self.found += [(tag, name, value or "") for name, value in attrs if name not in FOR_PEOPLE]

    def handle_data(self, data):
        if self._json:
            self.scripts.append(data)
            self._json = False


PAGES = [
    "/t/demo/",
    "/t/demo/standings/",
    "/t/demo/sessions/5/",
    "/t/demo/sessions/6/",
    "/t/demo/players/{key}/",
    "/t/demo/display/",
    "/t/demo/display/pages/",
    "/t/demo/clock/",
    "/t/demo/organise/",
    "/t/demo/organise/clock/",
    "/t/demo/organise/display/",
    "/t/demo/organise/ema/",
    "/t/demo/referee/",
    "/t/demo/referee/sessions/6/",
    "/t/demo/referee/sessions/6/tables/1/",
    "/calculator/",
]


@pytest.mark.parametrize("path", PAGES)
def test_no_number_for_the_browser_is_localised_in_dutch(organiser_client, demo, path):
    key = demo.registrations.order_by("key").first().key
    response = organiser_client.get(path.format(key=key), headers={"accept-language": "nl"})
    assert response.status_code == 200, path
    page = Attributes()
    page.feed(response.content.decode())
    assert page.found, path
    localised = [
        (tag, name, value)
        for tag, name, value in page.found
        if DECIMAL_COMMA.search(value) and not (name == "points" and SVG_POINTS.fullmatch(value))
    ]
    assert localised == [], path
    for script in page.scripts:
        json.loads(script)  # JSON numbers are the machine's; a localised one would not parse


@pytest.mark.parametrize(
    "value, written",
    [(24.0, "24"), (24.25, "24.2"), (183.06, "183.1"), (-0.04, "0"), (1200, "1200"), (0.5, "0.5")],
)
def test_machine_numbers_in_dutch(value, written):
    from django.utils import translation

    with translation.override("nl"):
        assert machine(value) == written
