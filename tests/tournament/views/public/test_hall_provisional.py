"""The hall display says the standings are provisional, with the same words as the standings page (issue 21, item 3):
while a session is incomplete the standings page reads "Provisional: 1 of 2 tables of session 3 entered", and the
hall shows the same line under its title, in English and in Dutch. Figures by hand in conftest.py."""

import re

from django.utils.timezone import localtime

from tests.tournament.views.public.conftest import enter
from tests.tournament.views.public.test_standings_page import SESSION_3_TABLE_1
from tournament.models import Tournament

HALL = "/t/hand-worked/display/pages/"
STANDINGS = "/t/hand-worked/standings/"


def standings_slide(client, language: str) -> tuple[str, str]:
    """The title of the hall's first standings page and the text of its provisional line ('' without one)."""
    html = client.get(HALL, headers={"accept-language": language}).content.decode()
    slide = html.split('data-page="standings"', 1)[1].split("</section>", 1)[0]
    title = re.search(r'data-title="([^"]*)"', slide).group(1)
    note = re.search(r'<p class="provisional"[^>]*>(.*?)</p>', slide, re.S)
    return title, " ".join(note.group(1).split()) if note else ""


def provisional_on_the_standings_page(client, language: str) -> str:
    html = client.get(STANDINGS, headers={"accept-language": language}).content.decode()
    return " ".join(re.search(r'<p class="notice provisional">(.*?)</p>', html, re.S).group(1).split())


def test_complete_standings_are_not_marked(client, hand_worked):
    assert standings_slide(client, "en") == ("Standings after session 2", "")


def test_an_incomplete_session_is_marked_as_on_the_standings_page(client, hand_worked):
    result = enter(hand_worked, 3, 1, SESSION_3_TABLE_1)  # 1 of the 2 tables of session 3
    at = f"{localtime(result.entered_at):%H:%M}"
    title, note = standings_slide(client, "en")
    assert title == "Standings after session 3"
    assert note == f"Provisional: 1 of 2 tables of session 3 entered · last result {at}"
    assert note == provisional_on_the_standings_page(client, "en")


def test_an_incomplete_session_in_dutch(client, hand_worked):
    Tournament.objects.filter(pk=hand_worked.pk).update(
        language="nl"
    )  # the hall speaks the tournament's language
    result = enter(hand_worked, 3, 1, SESSION_3_TABLE_1)
    at = f"{localtime(result.entered_at):%H:%M}"
    title, note = standings_slide(client, "nl")
    assert title == "Klassement na sessie 3"
    assert note == f"Voorlopig: 1 van de 2 tafels van sessie 3 ingevoerd · laatste uitslag om {at}"
    assert note == provisional_on_the_standings_page(client, "nl")
