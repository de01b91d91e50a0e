"""The statistics on a player's page (presenters.statistics, templates/public/_statistics.html), on the small event
of tests/tournament/selectors/conftest.py with session 2 from two score sheets; the figures worked by hand in
tests/tournament/selectors/test_statistics.py.

p05: 4 hands, ron 1 and tsumo 1 (2 of 4: 50.0 %), 1 deal-in (25.0 %), 1 riichi (25.0 %), (5,200 + 3,000) / 2 =
4,100, highest 5,200, places 1st and 4th: 2.50. The hands' bars: ron, tsumo, dealt in, neither: 1 each of 4.
"""

import re
import xml.etree.ElementTree as ET

import pytest

from tests.tournament.selectors.conftest import build_small_event
from tests.tournament.selectors.test_statistics import enter_sheets

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def small(db):
    return build_small_event()


def page(client, key: str, language: str = "en") -> str:
    return client.get(f"/t/small/players/{key}/", headers={"accept-language": language}).content.decode()


def figures(html: str) -> dict[str, str]:
    table = html.split('<table class="statistics-figures">', 1)[1].split("</table>", 1)[0]
    return dict(re.findall(r'<th scope="row">(.*?)</th><td class="points">(.*?)</td>', table))


def charts(html: str) -> list[ET.Element]:
    found = []
    for part in html.split('<figure class="bar-chart">')[1:]:
        svg = part.split("</svg>", 1)[0] + "</svg>"
        found.append(ET.fromstring(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)))
    return found


def bars(svg: ET.Element) -> list[tuple[str, float, str]]:
    labels = [t.text for t in svg.iter(f"{SVG}text") if t.get("class") == "bar-label"]
    widths = [float(r.get("width")) for r in svg.iter(f"{SVG}rect")]
    values = [t.text for t in svg.iter(f"{SVG}text") if t.get("class") == "bar-figure"]
    return list(zip(labels, widths, values, strict=True))


def test_the_figures_and_the_charts_in_english(client, small):
    enter_sheets(small)
    html = page(client, "p05")
    assert figures(html) == {
        "Hands played": "4",
        "Wins (ron / tsumo)": "2 (1 / 1)",
        "Win rate": "50.0%",
        "Deal-ins": "1",
        "Deal-in rate": "25.0%",
        "Riichi declared": "1",
        "Riichi rate": "25.0%",
        "Average win": "4,100",
        "Highest hand": "5,200",
        "Chombos": "0",
        "Sessions played": "2",
        "Average place": "2.50",
    }
    hands, places = charts(html)
    # each bar is its share of the 256 units left of the figures: 1 of 4 hands = 64; places 1 of the most (1)
    assert bars(hands) == [
        ("Won by ron", 64, "1 · 25.0%"),
        ("Won by tsumo", 64, "1 · 25.0%"),
        ("Dealt in", 64, "1 · 25.0%"),
        ("Neither", 64, "1 · 25.0%"),
    ]
    assert bars(places) == [("1st", 256, "1"), ("2nd", 0, "0"), ("3rd", 0, "0"), ("4th", 256, "1")]
    assert "The hands of 1 of 2 sessions (those on a digital score sheet)." in html


def test_german_figures_and_plain_coordinates(client, small):
    enter_sheets(small)
    html = page(client, "p05", "de")
    shown = figures(html)
    assert shown["Gewinnquote"] == "50,0\u00a0%" and shown["Durchschnittlicher Gewinn"] == "4.100"
    assert shown["Durchschnittliche Platzierung"] == "2,50"
    hands, places = charts(html)
    assert [label for label, *_ in bars(places)] == ["1.", "2.", "3.", "4."]
    for svg in (hands, places):
        for element in svg.iter():
            for name in {"x", "y", "width", "height"} & set(element.keys()):
                float(element.get(name))  # never "64,0"


def test_a_substituted_seat_and_no_sheet_the_places_only(client, small):
    enter_sheets(small)
    html = page(client, "p04")
    assert "None of these sessions was on a digital score sheet: the places only." in html
    assert figures(html) == {"Sessions played": "1", "Average place": "4.00"}
    assert len(charts(html)) == 1  # the places only


def test_a_tournament_without_sheets(client, small):
    html = page(client, "p01")
    assert "No digital score sheets were kept: the places only." in html
    assert figures(html) == {"Sessions played": "1", "Average place": "1.00"}


def test_a_player_without_a_session_has_no_statistics(client, small):
    from tournament.services.players import register_player

    register_player(actor=None, tournament=small.tournament, key="p09", first_name="New", last_name="Comer")
    assert 'class="statistics"' not in page(client, "p09")


def test_a_persons_panel_over_their_tournaments(small):
    """presenters.statistics.person_panel, for the history page: p05 of the small event and p01 of another (the
    same person by EMA number): 3 sessions (1st, 4th; 1st), the hands of the one on a sheet."""
    from django.utils import translation

    from tournament.models import Player, Registration
    from tournament.presenters.statistics import person_panel
    from tournament.selectors.statistics import person_statistics

    enter_sheets(small)
    other = build_small_event("other")
    person = small.regs["p05"].player
    Player.objects.filter(pk=person.pk).update(ema_id="04120005")
    Registration.objects.filter(pk=other.regs["p01"].pk).update(player=person)
    with translation.override("en"):
        panel = person_panel(person_statistics("04120005"))
    lines = dict(panel["lines"])
    assert (lines["Sessions played"], lines["Hands played"], lines["Win rate"]) == ("3", "4", "50.0%")
    assert lines["Average place"] == "2.00"  # (1 + 4 + 1) / 3
    assert panel["note"] == "The hands of 1 of 3 sessions (those on a digital score sheet)."


def test_every_players_statistics_to_download_with_the_standings(client, small):
    from tournament.models import Tournament

    html = page(client, "p01")
    assert (
        'href="/t/small/export/statistics-csv/"' in html and 'href="/t/small/export/statistics-xlsx/"' in html
    )
    assert client.get("/t/small/export/statistics-csv/").status_code == 200
    Tournament.objects.filter(pk=small.tournament.pk).update(standings_hidden=True)
    html = page(client, "p01")
    assert "statistics-csv" not in html and 'class="statistics"' in html  # the figures stay, the file goes
    assert (
        client.get("/t/small/export/statistics-csv/").status_code == 302
    )  # to the login: for the staff only
