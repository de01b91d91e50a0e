"""The language a document is printed in (issue 21 item 12): an organiser prints the score sheets, lists and
certificates in the tournament's language whatever the interface language is. ``?language=`` on the preview and the
PDF (the exports page offers settings.LANGUAGES), ``print_document --language``; the background job carries it and
the worker renders in it. Without a choice: the interface language (the command line's is English)."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from tests.tournament.factories import made_in_background
from tournament.models import Job
from tournament.printing import documents
from tournament.printing.documents import DocumentRequestError
from tournament.printing.standings_document import StandingsDocument
from tournament.worker.tasks import document_for, document_params

STANDINGS_NL = (
    "gedeelde plaats"  # the standings' hint ("2=" is a shared place), as the Dutch catalogue has it
)
STANDINGS_EN = "shared place"


def preview(client, document: str, query: str = "", **headers):
    return client.get(reverse("print_preview", args=["demo", document]) + query, headers=headers)


def test_a_dutch_preview_from_an_english_session(organiser_client, demo):
    english = preview(organiser_client, "standings").content.decode()
    assert '<html lang="en">' in english and STANDINGS_EN in english
    dutch = preview(organiser_client, "standings", "?language=nl").content.decode()
    assert '<html lang="nl">' in dutch and STANDINGS_NL in dutch and STANDINGS_EN not in dutch
    assert "+83,5" in dutch  # numbers in the document's language too (Joris van den Berg's total)
    # and the other way round: an English document from a Dutch interface
    english = preview(
        organiser_client, "standings", "?language=en", **{"accept-language": "nl"}
    ).content.decode()
    assert '<html lang="en">' in english and STANDINGS_EN in english and "+83.5" in english


def test_a_dutch_session_pack_prints_every_part_in_dutch(organiser_client, demo):
    html = preview(organiser_client, "session-pack", "?session=6&language=nl").content.decode()
    assert "Scoreformulieren" in html or "Scoreformulier" in html
    assert "Score sheet" not in html


def test_the_pdf_job_carries_the_language_and_the_worker_renders_in_it(organiser_client, demo, monkeypatch):
    rendered = []
    real = documents.render_to_string

    def spy(template, context):
        rendered.append((template, translation.get_language()))
        return real(template, context)

    monkeypatch.setattr(documents, "render_to_string", spy)
    url = reverse("print_pdf", args=["demo", "standings"]) + "?language=nl"
    pdf = made_in_background(organiser_client, url)  # the immediate task backend runs the worker's code
    assert pdf.content.startswith(b"%PDF")
    job = Job.objects.get()
    assert job.params["print_language"] == "nl" and job.params["language"] == "en"  # printed in, read in
    assert rendered == [("print/standings.html", "nl")]
    assert document_for(demo, job.params).language == "nl"


def test_a_job_without_a_print_language_prints_in_the_language_it_was_asked_in(demo):
    """Jobs queued before the choice existed: the worker's override (the asker's language) is the language."""
    with translation.override("nl"):
        document = document_for(demo, {"document": "standings"})
        assert document.language == "nl" and STANDINGS_NL in document.html()


def test_the_job_title_names_a_print_language_other_than_the_readers(organiser_client, demo):
    url = reverse("print_pdf", args=["demo", "standings"])
    page = organiser_client.get(url + "?language=nl").content.decode()
    assert "Standings (Dutch)" in page
    assert "Standings (Dutch)" not in organiser_client.get(url).content.decode()
    job_page = organiser_client.post(url + "?language=nl")["Location"]
    dutch_reader = organiser_client.get(job_page, headers={"accept-language": "nl"}).content.decode()
    assert "<h2>Klassement</h2>" in dutch_reader  # read in Dutch, printed in Dutch: nothing to add


@pytest.mark.parametrize("value", ["xx", "NL", "nl-be", "english"])
def test_an_unknown_language_is_refused_and_nothing_is_queued(organiser_client, demo, value):
    for response in (
        preview(organiser_client, "standings", f"?language={value}"),
        organiser_client.post(reverse("print_pdf", args=["demo", "standings"]) + f"?language={value}"),
    ):
        assert response.status_code == 400
        assert "language must be one of: en, nl" in response.content.decode()
    assert not Job.objects.exists()
    with pytest.raises(DocumentRequestError, match="unknown language 'xx'"):
        StandingsDocument(demo, language="xx")


def test_print_document_language(demo, tmp_path):
    target = tmp_path / "standings.html"
    call_command("print_document", "demo", "standings", "--html", "-o", str(target), stdout=StringIO())
    assert STANDINGS_EN in target.read_text(encoding="utf-8")  # the command line's language: English
    call_command(
        "print_document",
        "demo",
        "standings",
        "--language",
        "nl",
        "--html",
        "-o",
        str(target),
        stdout=StringIO(),
    )
    assert STANDINGS_NL in target.read_text(encoding="utf-8")
    with pytest.raises(CommandError, match="invalid choice: 'xx'"):
        call_command("print_document", "demo", "standings", "--language", "xx", "--html", "-o", str(target))


def test_the_exports_page_offers_the_language_for_printing(organiser_client, demo):
    html = organiser_client.get(reverse("exports", args=["demo"])).content.decode()
    assert '<select name="language" id="print-language"' in html
    assert (
        '<option value="en" selected>English</option>' in html and '<option value="nl">Dutch</option>' in html
    )
    standings, sheets = (
        reverse("print_preview", args=["demo", "standings"]),
        reverse("print_pdf", args=["demo", "score-sheets"]),
    )
    assert f'href="{standings}?language=en"' in html
    dutch = organiser_client.get(reverse("exports", args=["demo"]) + "?language=nl").content.decode()
    assert '<option value="nl" selected>Dutch</option>' in dutch
    assert f'href="{standings}?language=nl"' in dutch
    assert f'action="{sheets}?session=6&amp;language=nl"' in dutch
    assert "language=en" not in dutch


def test_document_params_keep_the_language(demo):
    document = StandingsDocument(demo, language="nl")
    assert document_params(document)["print_language"] == "nl"


def test_the_choice_in_dutch(organiser_client, demo):
    html = organiser_client.get(reverse("exports", args=["demo"]), headers={"accept-language": "nl"}).content
    assert '<label for="print-language">Taal van de afdrukken</label>' in html.decode()
    url = reverse("print_pdf", args=["demo", "standings"]) + "?language=en"
    page = organiser_client.get(url, headers={"accept-language": "nl"}).content.decode()
    assert "Klassement (Engels)" in page
