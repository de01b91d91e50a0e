"""The hall display pages through the side rankings the public pages show (issue 22, item 4): the organiser adds
the page "rankings" to the display's choice; each shown ranking (team, country, club, each shown category) is then
a slide of its own, in large type, with the standings' provisional line; none while the standings are hidden.
Figures by hand in conftest.py and test_rankings_pages.py."""

import re

import pytest

from tests.tournament.views.public.conftest import enter
from tests.tournament.views.public.test_rankings_pages import set_up
from tests.tournament.views.public.test_standings_page import SESSION_3_TABLE_1
from tournament.models import HallDisplay, Tournament
from tournament.services import tournaments
from tournament.services.hall_display import set_hall_display

HALL = "/t/hand-worked/display/pages/"


def ranking_slides(html: str) -> list[tuple[str, list[list[str]], str]]:
    """(title, rows as texts, provisional line) of each rankings slide."""
    found = []
    for slide in html.split('data-page="rankings"')[1:]:
        slide = slide.split("</section>", 1)[0]
        title = re.search(r'data-title="([^"]*)"', slide).group(1)
        lines = [
            [
                " ".join(re.sub(r"<[^>]+>", "", span).split())
                for span in re.findall(r"<span[^>]*>(.*?)</span>", li)
            ]
            for li in re.findall(r"<li[^>]*>(.*?)</li>", slide, re.S)
        ]
        note = re.search(r'<p class="provisional">(.*?)</p>', slide, re.S)
        found.append((title, lines, " ".join(note.group(1).split()) if note else ""))
    return found


@pytest.fixture
def hall(hand_worked):
    set_up(hand_worked, groups=("team",), team_best=3)
    set_hall_display(
        actor=None,
        tournament=hand_worked,
        pages=["standings", "rankings"],
        page_seconds=15,
        clock_alone=False,
    )
    return hand_worked


def test_each_shown_ranking_is_a_slide(client, hall):
    slides = ranking_slides(client.get(HALL).content.decode())
    # K = 3: Tiles has 2 members, listed last with the note (test_rankings_pages)
    assert slides == [
        (
            "Team ranking after session 2",
            [
                ["1=", "Dragons", "−6.8"],
                ["1=", "Winds", "−6.8"],
                ["3", "Tiles", "fewer than 3 members", "−9.4"],
            ],
            "",
        ),
        (
            "Newcomer: ranking after session 2",
            [
                ["1", "Łukasz Wiśniewski", "Overall 3", "+17.9"],
                ["2", "Åsa Lindqvist", "Overall 5", "−17.0"],
                ["3", "Jiří Dvořák", "Overall 6", "−27.3"],
                ["4", "=cmd|&#x27; /C calc&#x27;!A0 Evil", "Overall 8", "−50.0"],
            ],
            "",
        ),
    ]
    assert (
        'data-columns="2" data-rows="10"'
        in client.get(HALL).content.decode().split('data-page="rankings"')[1]
    )


def test_the_organiser_chooses_the_page(client, hall):
    set_hall_display(actor=None, tournament=hall, pages=["standings"], page_seconds=15, clock_alone=False)
    assert ranking_slides(client.get(HALL).content.decode()) == []


def test_before_any_choice_the_rankings_are_on_the_display(client, hand_worked):
    set_up(hand_worked)
    assert not HallDisplay.objects.filter(tournament=hand_worked).exists()
    assert len(ranking_slides(client.get(HALL).content.decode())) == 2


def test_only_the_rankings_the_public_pages_show(client, hall):
    Tournament.objects.filter(pk=hall.pk).update(shown_groups=[], shown_categories=[])
    tournaments.update_tournament(actor=None, tournament=hall, name="Hand Worked Open 2026")  # a new stamp
    assert ranking_slides(client.get(HALL).content.decode()) == []


@pytest.mark.parametrize("role", [None, "organiser"])
def test_hidden_standings_hide_the_rankings_on_the_display(client, hall, role, make_user):
    """The hall's screen is seen by the whole hall, whoever is logged in on it (selectors.visibility.PUBLIC)."""
    if role:
        client.force_login(make_user("org", tournament=hall, role=role))
    tournaments.update_tournament(actor=None, tournament=hall, standings_hidden=True)
    html = client.get(HALL).content.decode()
    assert ranking_slides(html) == [] and "Dragons" not in html


def test_an_incomplete_session_is_provisional_on_the_rankings_slides(client, hall):
    enter(hall, 3, 1, SESSION_3_TABLE_1)
    slides = ranking_slides(client.get(HALL).content.decode())
    assert [title for title, _rows, _note in slides] == [
        "Team ranking after session 3",
        "Newcomer: ranking after session 3",
    ]
    assert all(note.startswith("Provisional: 1 of 2 tables of session 3 entered") for _t, _r, note in slides)


def test_the_display_in_the_tournaments_language(client, hall):
    Tournament.objects.filter(pk=hall.pk).update(language="nl")
    slides = ranking_slides(client.get(HALL).content.decode())
    assert [title for title, _rows, _note in slides] == [
        "Teamklassement na sessie 2",
        "Newcomer: klassement na sessie 2",
    ]
    assert slides[0][1][2] == ["3", "Tiles", "minder dan 3 spelers", "−9,4"]
    assert slides[1][1][0] == ["1", "Łukasz Wiśniewski", "Algemeen 3", "+17,9"]


def test_the_organiser_can_choose_it(organiser_client, demo):
    html = organiser_client.get("/t/demo/organise/display/").content.decode()
    assert 'value="rankings"' in html
