"""Entering results from a file (the paper fallback): checked with the import_results rules, every problem listed
with row, column and reason and nothing written; a good file previewed table by table, written on confirmation; a
table with a different result refused unless the correction box is ticked; organisers of this tournament only."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournament.factories import played_event
from tests.tournament.results_files import HEADER, csv_bytes, lines
from tests.tournament.services.expect import database
from tests.tournament.views.organise.conftest import actions, last_entry_id, page
from tournament.models import TableResult

SWAPPED = {"E": 15_000, "S": 35_000, "W": 25_000, "N": 45_000}


@pytest.fixture
def event(db):
    return played_event("paper", n_players=8, n_sessions=2, played=0)


@pytest.fixture
def organiser(client, event, make_user):
    client.force_login(make_user("org", tournament=event, role="organiser"))
    return client


def upload(client, rows, header=HEADER, correct=False):
    data = {"file": SimpleUploadedFile("day1.csv", csv_bytes(header, rows))}
    if correct:
        data["correct"] = "on"
    return client.post(page("results/upload/", "paper"), data)


def test_a_good_file_is_previewed_then_entered(organiser, event):
    since = last_entry_id()
    response = upload(
        organiser, lines(event, 1, 1, chombos={"W": 1}) + lines(event, 1, 2, chombos={}), [*HEADER, "chombo"]
    )
    assert response.status_code == 302 and response["Location"] == page("results/upload/preview/", "paper")
    assert not TableResult.objects.exists()
    html = organiser.get(response["Location"]).content.decode()
    assert "day1.csv: 2 tables, no problems in the file" in html
    assert html.count("new result") == 2 and "45,000" in html
    response = organiser.post(page("results/upload/confirm/", "paper"), {"action": "import"}, follow=True)
    assert "day1.csv: 2 tables entered; 1 chombo given." in (response.content.decode())
    assert actions(event, since) == ["result.enter", "penalty.give", "result.enter", "results.import"]
    # the same file again: nothing new, nothing to confirm
    upload(
        organiser, lines(event, 1, 1, chombos={"W": 1}) + lines(event, 1, 2, chombos={}), [*HEADER, "chombo"]
    )
    html = organiser.get(page("results/upload/preview/", "paper")).content.decode()
    assert "Nothing new: every table has these results already." in html and 'value="import"' not in html


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        ("de", "day1.csv: 1 Tisch eingetragen; 1 Chombo vergeben."),
        ("fr", "day1.csv\u00a0: 1 table saisie\u202f; 1 chombo attribué."),
        ("nl", "day1.csv: 1 tafel ingevoerd; 1 chombo gegeven."),
    ],
)
def test_the_summary_counts_in_the_readers_language_with_plural_forms(organiser, event, language, summary):
    """Issue 28: "1 Chombos vergeben": every count in the summary has its own singular and plural (ngettext)."""
    organiser.cookies["django_language"] = language
    upload(organiser, lines(event, 1, 1, chombos={"W": 1}), [*HEADER, "chombo"])
    response = organiser.post(page("results/upload/confirm/", "paper"), {"action": "import"}, follow=True)
    assert summary in response.content.decode()


def test_a_bad_file_lists_every_problem_and_writes_nothing(organiser, event):
    rows = lines(event, 1, 1, raws={**SWAPPED, "N": 44_900})
    rows[1][3] = "nobody"
    before = database()
    response = upload(organiser, rows + lines(event, 1, 2)[:3])
    assert response.status_code == 400
    html = response.content.decode()
    assert "The file has 2 problems; nothing was imported." in html
    assert "No player with the key or EMA number &#x27;nobody&#x27;." in html
    assert "Session 1, table 2 has 3 rows; a table has four seats." in html
    assert database() == before


def test_a_different_result_is_refused_without_the_correction_box(organiser, event):
    upload(organiser, lines(event, 1, 1))
    organiser.post(page("results/upload/confirm/", "paper"), {"action": "import"})
    upload(organiser, lines(event, 1, 1, raws=SWAPPED))
    html = organiser.get(page("results/upload/preview/", "paper")).content.decode()
    assert (
        "These tables have a different result already." in html and "different result: a correction" in html
    )
    response = organiser.post(page("results/upload/confirm/", "paper"), {"action": "import"}, follow=True)
    assert "These tables have a different result already: session 1, table 1." in response.content.decode()
    assert TableResult.objects.count() == 1
    response = organiser.post(page("results/upload/confirm/", "paper"), {"action": "import", "correct": "on"})
    assert response.status_code == 302
    assert list(TableResult.objects.order_by("version").values_list("version", "is_current")) == [
        (1, False),
        (2, True),
    ]


def test_the_upload_remembers_the_correction_box(organiser, event):
    upload(organiser, lines(event, 1, 1))
    organiser.post(page("results/upload/confirm/", "paper"), {"action": "import"})
    upload(organiser, lines(event, 1, 1, raws=SWAPPED), correct=True)
    html = organiser.get(page("results/upload/preview/", "paper")).content.decode()
    assert 'name="correct" checked' in html


def test_anonymous_and_other_tournaments_staff_are_refused(client, event, make_user):
    response = client.get(page("results/upload/", "paper"))
    assert response.status_code == 302 and "login" in response["Location"]
    other = played_event("other", n_players=4, n_sessions=1, played=0)
    client.force_login(make_user("stranger", tournament=other, role="organiser"))
    assert upload(client, lines(event, 1, 1)).status_code == 403
    assert client.post(page("results/upload/confirm/", "paper"), {"action": "import"}).status_code == 403
    referee = make_user("ref", tournament=event, role="referee")
    client.force_login(referee)
    assert client.get(page("results/upload/", "paper")).status_code == 403
    assert not TableResult.objects.exists()


def test_linked_from_the_dashboard_and_the_exports_page(organiser, event):
    link = page("results/upload/", "paper")
    assert link in organiser.get(page("", "paper")).content.decode()
    exports = organiser.get(page("exports/", "paper")).content.decode()
    assert link in exports and "/print/results-form/" in exports and "results-form-xlsx" in exports


def test_the_dutch_preview_names_the_winds_as_the_dutch_pages_do(organiser, event):
    """The file has E, S, W, N; the Dutch preview shows Oost, Zuid, West, Noord's letters O, Z, W, N (winds filter),
    and the points with Dutch separators (the one formatter)."""
    upload(organiser, lines(event, 1, 1, raws=SWAPPED))
    html = organiser.get(page("results/upload/preview/", "paper"), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "<tr><td>O</td>" in html and "<tr><td>Z</td>" in html and "<tr><td>E</td>" not in html
    assert "45.000" in html


def test_a_forgotten_chombo_is_previewed_as_given_and_entered_without_correcting(organiser, event):
    """The same raw points and one more chombo (README: a higher count gives the missing ones)."""
    upload(organiser, lines(event, 1, 1, chombos={}), [*HEADER, "chombo"])
    organiser.post(page("results/upload/confirm/", "paper"), {"action": "import"})
    upload(organiser, lines(event, 1, 1, chombos={"S": 1}), [*HEADER, "chombo"])
    html = organiser.get(page("results/upload/preview/", "paper")).content.decode()
    assert "more chombos: the missing ones are given" in html
    assert "different result" not in html and 'name="correct"' not in html
    response = organiser.post(page("results/upload/confirm/", "paper"), {"action": "import"}, follow=True)
    assert "day1.csv: chombos changed at 1 table; 1 chombo given." in response.content.decode()
    assert TableResult.objects.count() == 1
