"""services.hall_display: the organiser's choice of pages for the hall's screen, checked, versioned and audited."""

import pytest

from tests.tournament.services.expect import audited, last_entry_id, refused
from tournament.models import HallDisplay
from tournament.services import tournaments
from tournament.services.hall_display import set_hall_display


@pytest.fixture
def spring(db):
    return tournaments.create_tournament(actor=None, slug="spring", name="Spring Open")


def choose(tournament, actor=None, pages=("clock",), seconds=15, clock_alone=False):
    return set_hall_display(
        actor=actor, tournament=tournament, pages=list(pages), page_seconds=seconds, clock_alone=clock_alone
    )


def test_the_choice_is_stored_in_the_display_order_and_audited(spring, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    choose(spring, olga, pages=["standings", "seating-names"], seconds=20, clock_alone=True)
    saved = HallDisplay.objects.get(tournament=spring)
    assert (saved.pages, saved.page_seconds, saved.clock_alone) == (["seating-names", "standings"], 20, True)
    entry = audited(
        since,
        "display.settings",
        summary="Hall display: seating-names, standings, 20 seconds per page",
        actor=olga,
        tournament=spring,
    )
    assert entry.data == {"pages": ["seating-names", "standings"], "page_seconds": 20, "clock_alone": True}


def test_every_change_raises_the_version_so_open_displays_follow(spring):
    first = choose(spring).version
    second = choose(spring, pages=["standings"]).version
    assert second == first + 1 == HallDisplay.objects.get(tournament=spring).version
    assert HallDisplay.objects.filter(tournament=spring).count() == 1


def test_no_pages_is_the_dash_in_the_log(spring):
    since = last_entry_id()
    choose(spring, pages=[], seconds=5)
    audited(
        since,
        "display.settings",
        summary="Hall display: -, 5 seconds per page",
        actor=None,
        tournament=spring,
    )


def test_an_unknown_page_is_refused_naming_it_and_the_choices(spring):
    choose(spring, pages=["clock"], seconds=15)
    refused(
        lambda: choose(spring, pages=["clock", "weather", "news"]),
        "display_page",
        "no page weather, news;",
        "clock, seating-tables, seating-names, standings",
    )


@pytest.mark.parametrize("seconds", [4, 301])
def test_seconds_outside_5_to_300_are_refused(spring, seconds):
    choose(spring, pages=["clock"], seconds=15)
    refused(lambda: choose(spring, seconds=seconds), "display_seconds", "5 to 300 seconds")


@pytest.mark.parametrize("seconds", [5, 300])
def test_the_edges_are_taken(spring, seconds):
    assert choose(spring, seconds=seconds).page_seconds == seconds
