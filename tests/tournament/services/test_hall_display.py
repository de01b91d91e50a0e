"""services.hall_display: the organiser's choice of pages for the hall's screen, checked, versioned and audited."""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import translation

from tests.tournament.services.expect import audited, last_entry_id, refused
from tournament.models import HallDisplay
from tournament.selectors.announcements import tournament_announcement
from tournament.selectors.hall import hall_display
from tournament.services import tournaments
from tournament.services.hall_display import (
    ANNOUNCEMENT_AHEAD,
    ANNOUNCEMENT_LENGTH,
    remove_announcement,
    set_announcement,
    set_hall_display,
)


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


# --- the hall announcement ---------------------------------------------------------------------------------

NOW = datetime(2026, 5, 9, 12, 0, tzinfo=UTC)


def announce(tournament, actor=None, texts=None, ends_at=NOW + timedelta(hours=1), now=NOW):
    return set_announcement(
        actor=actor,
        tournament=tournament,
        texts={"en": "Lunch until 13:30", "nl": "Lunch tot 13.30 uur"} if texts is None else texts,
        ends_at=ends_at,
        now=now,
    )


def test_an_announcement_is_stored_per_language_raises_the_version_and_is_audited(spring, make_user):
    olga = make_user("olga")
    before = hall_display(spring).version
    since = last_entry_id()
    display = announce(spring, olga, texts={"en": "  Prize giving at 18:00 ", "nl": ""})
    saved = HallDisplay.objects.get(tournament=spring)
    assert saved.announcement == {"en": "Prize giving at 18:00"}  # trimmed; an empty language is left out
    assert (
        saved.announcement_ends_at == NOW + timedelta(hours=1) and display.version == saved.version > before
    )
    entry = audited(
        since,
        "display.announcement",
        summary="Hall announcement until Sat\u00a09\u00a0May\u00a02026, 15:00",
        actor=olga,
        tournament=spring,
    )
    assert entry.data == {"texts": {"en": "Prize giving at 18:00"}, "ends_at": "2026-05-09T13:00:00+00:00"}


def test_the_announcement_shows_in_the_readers_language_or_the_first_that_has_one(spring):
    announce(spring)
    assert tournament_announcement(spring, now=NOW, language="nl").text == "Lunch tot 13.30 uur"
    assert tournament_announcement(spring, now=NOW, language="en").text == "Lunch until 13:30"
    announce(spring, texts={"nl": "Prijsuitreiking"})
    shown = tournament_announcement(
        spring, now=NOW, language="en"
    )  # no English: the first language with a text
    assert (shown.text, shown.language) == ("Prijsuitreiking", "nl")
    announce(spring, texts={"en": "Prize giving", "nl": "Prijsuitreiking"})
    assert (
        tournament_announcement(spring, now=NOW, language="de").text == "Prize giving"
    )  # settings.LANGUAGES order


def test_the_announcement_is_gone_after_its_end_time(spring):
    announce(spring, ends_at=NOW + timedelta(minutes=30))
    assert tournament_announcement(spring, now=NOW + timedelta(minutes=29), language="en") is not None
    assert tournament_announcement(spring, now=NOW + timedelta(minutes=30), language="en") is None


def test_remove_now_takes_it_away_and_is_audited(spring, make_user):
    olga = make_user("olga")
    announce(spring)
    version = hall_display(spring).version
    since = last_entry_id()
    remove_announcement(actor=olga, tournament=spring, now=NOW)
    saved = HallDisplay.objects.get(tournament=spring)
    assert (saved.announcement, saved.announcement_ends_at, saved.version) == ({}, None, version + 1)
    audited(
        since,
        "display.announcement_removed",
        summary="Hall announcement removed",
        actor=olga,
        tournament=spring,
    )
    assert tournament_announcement(spring, now=NOW, language="en") is None


def test_the_limits_have_one_home():
    assert (280, timedelta(days=3)) == (ANNOUNCEMENT_LENGTH, ANNOUNCEMENT_AHEAD)


@pytest.mark.parametrize(
    ("texts", "ends_at", "code", "words"),
    [
        ({"en": " ", "nl": ""}, NOW + timedelta(hours=1), "announcement_empty", ("empty", "English, Dutch")),
        ({}, NOW + timedelta(hours=1), "announcement_empty", ("at least one language",)),
        ({"nl": "x" * 281}, NOW + timedelta(hours=1), "announcement_too_long", ("Dutch", "281", "280")),
        (
            {"it": "Pranzo"},
            NOW + timedelta(hours=1),
            "announcement_language",
            ("it", "English, Dutch, German, French"),
        ),
        ({"en": "Lunch"}, None, "announcement_end_missing", ("end time",)),
        (
            {"en": "Lunch"},
            NOW,
            "announcement_end_past",
            ("Sat\u00a09\u00a0May\u00a02026, 14:00", "has passed"),
        ),
        (
            {"en": "Lunch"},
            NOW - timedelta(days=1),
            "announcement_end_past",
            ("Fri\u00a08\u00a0May\u00a02026, 14:00",),
        ),
        (
            {"en": "Lunch"},
            NOW + timedelta(days=3, minutes=1),
            "announcement_end_too_far",
            ("Tue\u00a012\u00a0May\u00a02026, 14:01", "3 days", "Tue\u00a012\u00a0May\u00a02026, 14:00"),
        ),
    ],
)
def test_a_refused_announcement_names_what_and_writes_nothing(spring, texts, ends_at, code, words):
    announce(spring, texts={"en": "Before"})
    refused(lambda: announce(spring, texts=texts, ends_at=ends_at), code, *words)


def test_the_refusals_in_dutch(spring):
    with translation.override("nl"):
        message = refused(lambda: announce(spring, texts={"en": "x" * 300}), "announcement_too_long")
        assert (
            message
            == "De mededeling in het Engels heeft 300 tekens; er passen er hoogstens 280 op het zaalscherm."
        )
        message = refused(lambda: announce(spring, texts={"nl": ""}), "announcement_empty")
        assert message.startswith("De mededeling is leeg")


def test_removing_when_nothing_shows_is_refused(spring):
    refused(
        lambda: remove_announcement(actor=None, tournament=spring, now=NOW),
        "announcement_none",
        "no announcement",
    )
    announce(spring, ends_at=NOW + timedelta(minutes=5))
    later = NOW + timedelta(minutes=5)
    refused(lambda: remove_announcement(actor=None, tournament=spring, now=later), "announcement_none")


def test_an_announcement_before_any_choice_keeps_every_page(spring):
    """Before the organiser chooses pages the display shows every page (selectors.hall.hall_display); an
    announcement saved then must not leave the screen with nothing but the announcement."""
    before = hall_display(spring)
    announce(spring)
    after = hall_display(spring)
    assert (after.pages, after.page_seconds, after.clock_alone) == (
        list(HallDisplay.PAGES),
        before.page_seconds,
        before.clock_alone,
    )
    remove_announcement(actor=None, tournament=spring, now=NOW)
    assert hall_display(spring).pages == list(HallDisplay.PAGES)
