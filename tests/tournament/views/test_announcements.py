"""The hall announcement on the pages: the organiser's form (one text per language of settings.LANGUAGES, the end
time, "Remove now"), the hall display (large, at the bottom; display.json tells open displays when it comes or
goes) and the banner at the top of the public pages, in the reader's language, gone after its end time also from
the cached public pages and their ETags."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tournament.models import HallDisplay, Tournament
from tournament.services.hall_display import set_announcement

NOW = timezone.now().replace(microsecond=0)
LUNCH = {"en": "Lunch break until 13:30", "nl": "Lunchpauze tot 13.30 uur"}


@pytest.fixture
def lunch(demo):
    set_announcement(actor=None, tournament=demo, texts=LUNCH, ends_at=NOW + timedelta(minutes=30), now=NOW)
    return demo


@pytest.fixture
def later(monkeypatch):
    """Time travel: the announcement's end time has passed."""

    def travel(minutes=31):
        monkeypatch.setattr(timezone, "now", lambda: NOW + timedelta(minutes=minutes))

    return travel


def banner(html: str) -> str | None:
    found = html.split('<p class="announcement" role="status"', 1)
    return found[1].split(">", 1)[1].split("</p>", 1)[0] if len(found) == 2 else None


@pytest.mark.parametrize(
    ("language", "text"), [("en", "Lunch break until 13:30"), ("nl", "Lunchpauze tot 13.30 uur")]
)
def test_the_public_pages_show_the_banner_in_the_readers_language(lunch, client, language, text):
    for url in (
        reverse("tournament", args=["demo"]),
        reverse("standings", args=["demo"]),
        reverse("find_player", args=["demo"]),
    ):
        html = client.get(url, headers={"accept-language": language}).content.decode()
        assert banner(html) == text, url


def test_a_language_without_text_falls_back_to_the_first_that_has_one(demo, client):
    set_announcement(
        actor=None,
        tournament=demo,
        texts={"nl": "Prijsuitreiking om 18.00 uur"},
        ends_at=NOW + timedelta(hours=1),
        now=NOW,
    )
    html = client.get(reverse("standings", args=["demo"]), headers={"accept-language": "en"}).content.decode()
    assert banner(html) == "Prijsuitreiking om 18.00 uur" and 'lang="nl">Prijsuitreiking' in html


def test_the_banner_is_gone_after_the_end_time_also_for_a_cached_page(lunch, client, later):
    url = reverse("standings", args=["demo"])
    first = client.get(url)
    assert banner(first.content.decode()) == "Lunch break until 13:30" and "Last-Modified" not in first
    assert client.get(url, headers={"if-none-match": first["ETag"]}).status_code == 304  # unchanged meanwhile
    later()
    after = client.get(url, headers={"if-none-match": first["ETag"]})  # the same cached fragment, a new ETag
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert banner(after.content.decode()) is None and "data-announcement></div>" in after.content.decode()


def test_the_hall_display_shows_it_large_and_follows_its_end(lunch, client, later):
    # the hall speaks the tournament's language (tournament.operations.language), not the browser's
    Tournament.objects.filter(pk=lunch.pk).update(language="nl")
    html = client.get(reverse("display", args=["demo"])).content.decode()
    assert (
        '<aside class="hall-announcement" lang="nl" role="status"><p>Lunchpauze tot 13.30 uur</p></aside>'
        in html
    )
    Tournament.objects.filter(pk=lunch.pk).update(language="en")
    fragment = client.get(reverse("display_pages", args=["demo"])).content.decode()
    assert "Lunch break until 13:30" in fragment
    config = client.get(reverse("display_json", args=["demo"])).json()
    assert (
        config["announcing"] is True
        and config["version"] == HallDisplay.objects.get(tournament=lunch).version
    )
    later()
    assert (
        client.get(reverse("display_json", args=["demo"])).json()["announcing"] is False
    )  # display.js reloads
    assert "hall-announcement" not in client.get(reverse("display_pages", args=["demo"])).content.decode()


def test_the_organiser_puts_it_up_and_removes_it(organiser_client, demo):
    url = reverse("organise_display", args=["demo"])
    page = organiser_client.get(url).content.decode()
    assert 'name="text_en"' in page and 'name="text_nl"' in page and 'name="ends_at"' in page
    assert "Announcement (English)" in page and "Announcement (Dutch)" in page
    ends = timezone.localtime(NOW + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M")
    done = organiser_client.post(
        url, {"announce": "1", "text_en": "Prize giving at 18:00", "text_nl": "", "ends_at": ends}
    )
    assert done.status_code == 302
    assert (
        banner(organiser_client.get(reverse("standings", args=["demo"])).content.decode())
        == "Prize giving at 18:00"
    )
    page = organiser_client.get(url).content.decode()
    assert "On show until" in page and "Remove now" in page
    assert organiser_client.post(url, {"remove_announcement": "1"}).status_code == 302
    assert banner(organiser_client.get(reverse("standings", args=["demo"])).content.decode()) is None


def test_a_refused_announcement_is_a_400_that_says_why(organiser_client, demo):
    url = reverse("organise_display", args=["demo"])
    past = timezone.localtime(NOW - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    refused = organiser_client.post(url, {"announce": "1", "text_en": "Lunch", "ends_at": past})
    assert refused.status_code == 400 and "has passed" in refused.content.decode()
    empty = organiser_client.post(
        url,
        {"announce": "1", "text_en": " ", "text_nl": "", "ends_at": past},
        headers={"accept-language": "nl"},
    )
    assert empty.status_code == 400 and "De mededeling is leeg" in empty.content.decode()
    missing = organiser_client.post(url, {"announce": "1", "text_en": "Lunch"})
    assert missing.status_code == 400 and "This field is required" in missing.content.decode()
    nothing = organiser_client.post(url, {"remove_announcement": "1"})
    assert nothing.status_code == 400 and "no announcement on show" in nothing.content.decode()
    assert HallDisplay.objects.filter(tournament=demo).exclude(announcement={}).count() == 0
