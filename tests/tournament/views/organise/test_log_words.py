"""The audit log in the reader's language (issue 21, item 4): an entry is stored as an action code with its data,
and the page says it in the language of whoever reads it, with the fields by their labels and numbers in the
page's format, whatever the language of whoever acted. An entry whose data lacks a parameter shows its summary."""

import pytest
from django.utils import translation

from tests.tournament.views.organise.conftest import page
from tournament.models import AuditEntry, Registration, Session
from tournament.services.penalties import give_penalty
from tournament.services.tournaments import update_tournament


@pytest.fixture
def acted_in_english(small, make_user):
    """An organiser working in English turns the second check on and gives a chombo: 20,000 points under the
    EMA 2016 rules (3.4.6: a chombo is 20,000 points off the final score)."""
    olga = make_user("olga-2", tournament=small, role="organiser")
    with translation.override("en"):
        update_tournament(actor=olga, tournament=small, confirmation_required=True)
        dirk = Registration.objects.get(tournament=small, key="d")
        give_penalty(
            actor=olga,
            registration=dirk,
            session=Session.objects.get(tournament=small, number=2),
            kind="chombo",
        )
    return small


def what(client, language: str) -> list[str]:
    html = client.get(page("log/", "small"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return [part.split("</td>")[0] for part in html.split('<td class="what wide">')[1:]]


def test_a_dutch_reader_reads_the_field_labels_and_dutch_numbers(client, acted_in_english, make_user):
    client.force_login(make_user("viewer", tournament=acted_in_english, role="organiser"))
    listed = what(client, "nl")
    assert listed[:2] == [
        "Sessie 2, Dirk Dekker: chombo, 20.000 punten",
        "Tweede controle van uitslagen gewijzigd",
    ]
    assert not any("confirmation_required" in line for line in listed)


def test_an_english_reader_reads_english_numbers(client, acted_in_english, make_user):
    client.force_login(make_user("viewer", tournament=acted_in_english, role="organiser"))
    assert what(client, "en")[:2] == [
        "Session 2, Dirk Dekker: chombo, 20,000 points",
        "Changed second check of results",
    ]


def test_an_entry_written_in_dutch_is_read_in_english(client, small, make_user):
    olga = make_user("olga-2", tournament=small, role="organiser")
    with translation.override("nl"):
        update_tournament(actor=olga, tournament=small, city="Delft", confirmation_required=True)
    client.force_login(olga)
    assert what(client, "en")[0] == "Changed city, second check of results"


def test_an_old_entry_without_the_parameters_shows_its_summary(client, small, make_user):
    AuditEntry.objects.create(
        tournament=small,
        actor_label="olga",
        action="penalty.give",
        summary="old words, 20000 points",
        data={},
    )
    AuditEntry.objects.create(
        tournament=small, actor_label="olga", action="gone.away", summary="an old action"
    )
    client.force_login(make_user("viewer", tournament=small, role="organiser"))
    assert what(client, "nl")[:2] == ["an old action", "old words, 20000 points"]
