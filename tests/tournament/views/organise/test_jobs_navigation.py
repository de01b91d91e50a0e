"""Where the organiser is while a background job runs: a job's page, the recent files and a PDF's prepare page sit
outside their section's address, yet the staff navigation marks that section (Exports, or Seating for a seating
search) as the current page; and the recent files name a waiting job's state as a queue does."""

import pytest
from django.urls import reverse

from tournament.models import Job
from tournament.services.jobs import start_job

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quick_search")]  # flows, not the search


def queued_job(tournament, kind=Job.Kind.DOCUMENT, params=None) -> Job:
    job = start_job(
        actor=None,
        tournament=tournament,
        kind=kind,
        params=params or {"document": "standings"},
        title="Standings",
    )
    Job.objects.filter(pk=job.pk).update(state=Job.State.QUEUED)
    return job


def current_links(client, url, **headers) -> list[str]:
    html = client.get(url, headers=headers).content.decode()
    nav = html[html.index('<nav class="site-nav">') : html.index("</nav>")]
    return [part.split('"')[1] for part in nav.split("<a href=")[1:] if 'aria-current="page"' in part]


def test_a_document_job_its_list_and_its_prepare_page_mark_exports(organiser_client, demo):
    job = queued_job(demo)
    exports = reverse("exports", args=["demo"])
    for url in (
        reverse("job_status", args=["demo", job.pk]),
        reverse("jobs", args=["demo"]),
        reverse("print_pdf", args=["demo", "standings"]),
    ):
        assert current_links(organiser_client, url) == [exports], url


def test_a_seating_search_marks_seating(organiser_client, demo):
    job = queued_job(demo, kind=Job.Kind.SEATING, params={"sessions": 8, "seed": 0})
    url = reverse("job_status", args=["demo", job.pk])
    assert current_links(organiser_client, url) == [reverse("seating_overview", args=["demo"])]


def test_the_recent_files_say_a_job_waits_in_the_queue(organiser_client, demo):
    queued_job(demo)
    url = reverse("jobs", args=["demo"])
    assert '<td class="state queued">waiting</td>' in organiser_client.get(url).content.decode()
    dutch = organiser_client.get(url, headers={"accept-language": "nl"}).content.decode()
    assert '<td class="state queued">in de wachtrij</td>' in dutch and "<th>Aangevraagd</th>" in dutch
