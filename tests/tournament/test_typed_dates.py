"""Dates and times typed in the reader's convention (issue 28 item 4): every date or time field of the organiser's
forms takes "29.11.2026 10:00", "29/11/2026 10:00", "29-11-2026 10:00" and ISO in every language, never a
month-first date, and refuses anything else with an example written as the reader writes dates
(tournament.forms.dates)."""

import re
from datetime import date, datetime

import pytest
from django import forms
from django.utils import timezone, translation

from tests.tournament.factories import played_event
from tournament.forms.hall import AnnouncementForm
from tournament.forms.tournament import DetailsForm, SessionPlanForm, SessionsForm

TYPED = ["29.11.2026 10:00", "29/11/2026 10:00", "29-11-2026 10:00", "2026-11-29 10:00", "2026-11-29T10:00"]
EXAMPLE = {  # how the example in a refusal is written
    "en": r"\b20\d\d-\d\d-\d\d \d\d:\d\d\b",
    "nl": r"\b\d\d-\d\d-20\d\d \d\d:\d\d\b",
    "de": r"\b\d\d\.\d\d\.20\d\d \d\d:\d\d\b",
    "fr": r"\b\d\d/\d\d/20\d\d \d\d:\d\d\b",
}
LANGUAGES = list(EXAMPLE)


@pytest.fixture
def event(db):
    return played_event("dates", n_players=8, n_sessions=2, played=0)


def datetime_fields(event):
    return {
        "session start": SessionsForm(tournament=event).fields["start_1"],
        "announcement end": AnnouncementForm().fields["ends_at"],
    }


def refusal(field, text) -> str:
    with pytest.raises(forms.ValidationError) as caught:
        field.clean(text)
    return " ".join(caught.value.messages)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("typed", TYPED)
def test_a_date_and_time_as_each_language_types_it(event, language, typed):
    with translation.override(language):
        for name, field in datetime_fields(event).items():
            value = field.clean(typed)
            assert timezone.localtime(value).replace(tzinfo=None) == datetime(2026, 11, 29, 10, 0), name
        plan = SessionPlanForm({"sessions": 2, "starts": f"{typed}\n{typed.replace('10:00', '13:00')}"})
        assert plan.is_valid(), plan.errors
        assert [timezone.localtime(t).hour for t in plan.cleaned_data["start_times"]] == [10, 13]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("typed", ["29.11.2026", "29/11/2026", "29-11-2026", "2026-11-29"])
def test_a_date_as_each_language_types_it(event, language, typed):
    with translation.override(language):
        field = DetailsForm(instance=event).fields["start_date"]
        assert field.clean(typed) == date(2026, 11, 29)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_wrong_date_is_refused_with_an_example_as_the_reader_writes_it(event, language):
    with translation.override(language):
        for name, field in datetime_fields(event).items():
            for typed in ("11/29/2026 10:00", "tomorrow", "29.11.2026 25:00"):
                assert re.search(EXAMPLE[language], refusal(field, typed)), (name, typed)
        plan = SessionPlanForm({"sessions": 2, "starts": "11/29/2026 10:00"})
        assert not plan.is_valid()
        assert re.search(EXAMPLE[language], " ".join(plan.errors["starts"])), plan.errors
        date_pattern = EXAMPLE[language].replace(r" \d\d:\d\d", "")
        assert re.search(date_pattern, refusal(DetailsForm(instance=event).fields["end_date"], "11/29/2026"))
        help_text = str(SessionPlanForm().fields["starts"].help_text)
        assert re.search(EXAMPLE[language], help_text), help_text
