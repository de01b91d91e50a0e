"""Issue 21, item 11: no English left on a Dutch page, dates in the reader's own format, the rule words of the Dutch
rule book (locale/GLOSSARY.md), and what a hint says about the figures is true."""

import datetime
import re

import pytest
from django.utils import translation

from tournament.models import Tournament
from tournament.worker.status import job_title


def get(client, url, language="nl"):
    response = client.get(url, headers={"accept-language": language})
    assert response.status_code == 200
    return response.content.decode()


def visible(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize(
    ("ruleset", "dutch", "english"),
    [
        ("ema-2016", "EMA Riichi-wedstrijdregels 2016", "EMA Riichi Competition Rules 2016"),
        ("nts", "Nederlandse Toernooi Spelregels (klassiek)", "Nederlandse Toernooi Spelregels (classical)"),
    ],
)
def test_the_rules_are_named_in_the_readers_language(client, db, ruleset, dutch, english):
    Tournament.objects.create(slug="open", name="Open", ruleset=ruleset)
    text = visible(get(client, "/t/open/"))
    assert dutch in text and english not in text
    assert english in visible(get(client, "/t/open/", "en"))


def test_dates_are_written_in_the_readers_format(client, demo):
    demo.start_date, demo.end_date = datetime.date(2026, 11, 25), datetime.date(2026, 11, 26)
    demo.save(update_fields=["start_date", "end_date"])
    home = visible(get(client, "/"))
    assert "25 november 2026" in home and "Nov" not in home
    header = visible(get(client, "/t/demo/"))
    assert "25 november 2026 – 26 november 2026" in header
    # English as British English writes it (tournament.display.dates), not Django's American "Nov. 25, 2026"
    assert "25 November 2026" in visible(get(client, "/", "en"))


def test_the_seating_jobs_seed_is_a_startwaarde():
    with translation.override("nl"):
        assert (
            job_title("seating", {"sessions": 8, "seed": 0}) == "Tafelindeling voor 8 sessies (startwaarde 0)"
        )


def test_the_dutch_score_sheet_has_no_english_column(organiser_client):
    html = get(organiser_client, "/t/demo/print/score-sheets/?session=6")
    headings = re.search(r'<tr class="headings">(.*?)</tr>', html).group(1)
    columns = re.findall(r"<th>(.*?)</th>", headings)
    # the dealer is East (3.4.11, "Doorschuiven van Oost"); the Dutch book keeps "counters" (3.4.10)
    assert columns[:6] == ["#", "Ronde", "Oost", "Counters", "Winnaar", "Ron van"], columns[:6]
    assert "Dealer" not in columns


def test_the_player_page_says_the_results_are_in_thousands(client, demo):
    """The player's session results and running total are in thousands (12,3), the raw points in full."""
    key = demo.registrations.order_by("key").first().key
    text = visible(get(client, f"/t/demo/players/{key}/"))
    assert "in duizendtallen; de eindpunten aan tafel voluit" in text
    assert "in punten)" not in text
    english = visible(get(client, f"/t/demo/players/{key}/", "en"))
    assert "in thousands of points; raw points in full" in english and "in points)" not in english


def test_an_empty_history_is_a_sentence_not_a_numbered_item(referee_client):
    """Session 7 of the demo has no result: the table's history says so once, as a sentence (no "1." before it)."""
    html = get(referee_client, "/t/demo/referee/sessions/7/tables/1/")
    assert re.search(r'<p class="history empty">\s*Nog niets ingevoerd.\s*</p>', html)
    assert '<ol class="history">' not in html and html.count("Nog niets ingevoerd.") == 1
