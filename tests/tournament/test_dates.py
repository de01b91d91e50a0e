"""Dates for people follow one convention per language (tournament.display.dates); machines get ISO dates.

The expected forms are CLDR's medium forms for each language (Unicode CLDR 47, as ICU and the browsers write
them: the skeletons MMMEd, yMMMEd and EHm, the long date and the full date), with the date and the time joined
by ", " in every language. Django's own "D j N" wrote "Do 26 Nov." in German (no full stop after the weekday, none after
the day) and "Nov." in English.
"""

import re
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.template import Context, Template
from django.utils import translation

from tournament.display import dates

ROOT = Path(__file__).resolve().parents[2]
HALL = ZoneInfo("Europe/Amsterdam")
THURSDAY = datetime(2026, 11, 26, 14, 0, 5, tzinfo=HALL)
SATURDAY = datetime(2026, 5, 9, 10, 0, tzinfo=HALL)  # the demo's first session


@pytest.mark.parametrize(
    ("language", "moment", "with_year", "weekday_time", "day", "long_day"),
    [
        (
            "en",
            "Thu 26 Nov, 14:00",
            "Thu 26 Nov 2026, 14:00",
            "Thu 14:00",
            "26 November 2026",
            "Thursday 26 November 2026",
        ),
        (
            "nl",
            "do 26 nov, 14:00",
            "do 26 nov 2026, 14:00",
            "do 14:00",
            "26 november 2026",
            "donderdag 26 november 2026",
        ),
        (
            "de",
            "Do., 26. Nov., 14:00",
            "Do., 26. Nov. 2026, 14:00",
            "Do., 14:00",
            "26. November 2026",
            "Donnerstag, 26. November 2026",
        ),
        (
            "fr",
            "jeu. 26 nov., 14:00",
            "jeu. 26 nov. 2026, 14:00",
            "jeu. 14:00",
            "26 novembre 2026",
            "jeudi 26 novembre 2026",
        ),
    ],
)
def test_a_date_in_each_language(language, moment, with_year, weekday_time, day, long_day):
    with translation.override(language):
        assert read(dates.when(THURSDAY)) == moment
        assert read(dates.when(THURSDAY, year=True)) == with_year
        assert read(dates.when(THURSDAY, seconds=True)) == moment + ":05"
        assert read(dates.when(THURSDAY, weekday_only=True)) == weekday_time
        assert read(dates.day(THURSDAY.date())) == day
        assert read(dates.day(THURSDAY.date(), weekday=True)) == long_day
        assert read(dates.when(THURSDAY, long=True)) == f"{long_day}, 14:00"
    assert read(dates.when(THURSDAY, language=language)) == moment  # a printed document names its language


def read(text: str) -> str:
    """As a person reads it: a no-break space is a space."""
    return text.replace(dates.NO_BREAK, " ")


def test_a_date_stays_on_one_line():
    """A narrow column (the player's schedule at 1280 px) broke the German "Sa., 9. | Mai, 10:00" between the day
    and its month; the date's spaces are no-break spaces, so only the time goes to a line of its own."""
    assert dates.when(SATURDAY, language="de") == "Sa.,\u00a09.\u00a0Mai, 10:00"
    assert dates.when(SATURDAY, language="en", year=True) == "Sat\u00a09\u00a0May\u00a02026, 10:00"
    assert dates.day(SATURDAY.date(), language="fr") == "9\u00a0mai\u00a02026"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Sat 9 May, 10:00"),
        ("nl", "za 9 mei, 10:00"),
        ("de", "Sa., 9. Mai, 10:00"),
        ("fr", "sam. 9 mai, 10:00"),
    ],
)
def test_a_month_without_abbreviation(language, expected):
    assert read(dates.when(SATURDAY, language=language)) == expected


def test_the_time_is_the_halls():
    """An aware time is shown in the hall's time zone (settings.TIME_ZONE), as the |date filter does."""
    utc = datetime(2026, 11, 26, 13, 0, tzinfo=ZoneInfo("UTC"))
    assert read(dates.when(utc, language="en")) == "Thu 26 Nov, 14:00"
    assert dates.when(None) == "" and dates.day(None) == ""


def test_every_language_of_the_site_has_its_convention():
    assert {code for code, _name in settings.LANGUAGES} <= set(dates.CONVENTIONS)


def test_the_template_filters():
    template = Template(
        '{% load dates %}{{ t|when }} | {{ t|when:"year seconds" }} | {{ t|when:"weekday" }} | {{ d|day }} | {{ d|day:"weekday" }} | {{ missing|when }}.'
    )
    with translation.override("de"):
        text = read(template.render(Context({"t": THURSDAY, "d": date(2026, 11, 26)})))
    assert text == (
        "Do., 26. Nov., 14:00 | Do., 26. Nov. 2026, 14:00:05 | Do., 14:00 | 26. November 2026 | "
        "Donnerstag, 26. November 2026 | ."
    )
    with pytest.raises(ValueError, match="unknown date option"):
        Template('{% load dates %}{{ t|when:"month" }}').render(Context({"t": THURSDAY}))


# Patterns for programs and the browser (ISO dates in attributes, queries and forms, never localised), and the time
# of day, which every language of the site writes alike (14:00, 14:00:05).
ALLOWED_PATTERNS = {"c", "Y-m-d", "U", "H:i", "H:i:s"}


def test_templates_write_no_date_pattern_of_their_own():
    """Every date for people goes through |when or |day; |date and |time only with a machine's pattern (and
    a time of day, "H:i", which every language of the site writes alike)."""
    used = re.compile(r"\|(?:date|time)(?::\s*[\"']([^\"']*)[\"'])?")
    found = [
        f"{path.relative_to(ROOT)}: |date:{pattern!r}"
        for path in (ROOT / "templates").rglob("*.html")
        for pattern in used.findall(path.read_text(encoding="utf-8"))
        if pattern not in ALLOWED_PATTERNS
    ]
    assert not found, "\n".join(found)


def test_python_writes_no_date_pattern_for_people_outside_its_home():
    """date_format / dateformat with a pattern of its own only in tournament/display/dates.py."""
    home = ROOT / "tournament" / "display" / "dates.py"
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in (ROOT / "tournament").rglob("*.py")
        if path != home
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"\bdate_format\(|\bdateformat\.format\(|[\"']DATE_FORMAT[\"']", line)
    ]
    assert not found, found


def test_the_players_schedule_in_german(client, demo):
    """The player's page (public) lists the sessions with the German date: the demo's first session starts on
    Saturday 9 May 2026 at 10:00 (tournament.services.demo)."""
    page = read(client.get("/t/demo/players/p01/", headers={"accept-language": "de"}).content.decode())
    assert "Sa., 9. Mai, 10:00" in page
    assert "Sa 9 Mai" not in page


def test_the_organisers_seating_page_in_german(organiser_client):
    """Issue 28, item 3: the sessions' list of the seating page wrote its own pattern ("Sa 9 Mai, 10:00" beside
    "Sa., 9. Mai, 10:00" everywhere else); it goes through the one formatter."""
    page = read(
        organiser_client.get("/t/demo/organise/seating/", headers={"accept-language": "de"}).content.decode()
    )
    assert "Sa., 9. Mai, 10:00" in page
    assert "Sa 9 Mai" not in page


def test_tables_write_no_date_pattern_of_their_own():
    """A django-tables2 date column with a format of its own is a date pattern for people outside its home."""
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in (ROOT / "tournament").rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"\b(?:DateTime|Date|Time)Column\(", line)
    ]
    assert not found, found
