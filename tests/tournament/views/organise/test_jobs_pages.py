"""The job pages (views/organise/jobs.py): what the organiser sees while a job waits, runs, is done or failed, and
who may see it."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.tournament.factories import make_event, numbered_people
from tournament.models import Job
from tournament.services.jobs import start_job

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quick_search")]  # flows, not the search


def standings_job(tournament, actor=None) -> Job:
    return start_job(
        actor=actor,
        tournament=tournament,
        kind=Job.Kind.DOCUMENT,
        params={"document": "standings"},
        title="Standings",
    )


def page(client, job: Job) -> str:
    response = client.get(reverse("job_status", args=[job.tournament.slug, job.pk]))
    assert response.status_code == 200
    return response.content.decode()


def set_state(job: Job, **fields) -> None:
    Job.objects.filter(pk=job.pk).update(**fields)


def test_a_finished_job_offers_its_file_and_stops_refreshing(organiser_client, demo):
    job = standings_job(demo)
    html = page(organiser_client, job)
    assert "Ready." in html and "Download demo-standings.pdf" in html
    assert 'http-equiv="refresh"' not in html
    download = organiser_client.get(reverse("job_download", args=["demo", job.pk]))
    assert download["Content-Disposition"] == 'inline; filename="demo-standings.pdf"'
    assert download.content.startswith(b"%PDF")


def test_a_running_job_shows_its_stage_and_progress_and_refreshes(organiser_client, demo):
    job = standings_job(demo)
    set_state(job, state=Job.State.RUNNING, stage="pdf", progress=42, heartbeat_at=timezone.now())
    html = page(organiser_client, job)
    assert "Writing the PDF" in html and 'value="42"' in html and '<label for="job-progress">' in html
    assert '<meta http-equiv="refresh" content="2">' in html
    assert organiser_client.get(reverse("job_download", args=["demo", job.pk])).status_code == 404


def test_a_pack_in_the_making_shows_its_part_and_its_pages_done(organiser_client, demo):
    """A day's pack counts pages (tournament.printing.packs): the page names the part it is at and shows the pages
    done out of the total as the bar and as words beside it, in the reader's language, and still reloads itself."""
    job = standings_job(demo)
    part = {"document": "score-sheets", "session": 3, "part": 4, "parts": 12}
    set_state(job, state=Job.State.RUNNING, stage="layout", progress=27, pages_done=347, pages_total=1264)
    set_state(job, part=part, heartbeat_at=timezone.now())
    html = page(organiser_client, job)
    assert "Laying out the pages: Score sheets, session 3 (part 4 of 12)" in html
    assert '<label for="job-progress">Pages</label>' in html
    assert '<progress id="job-progress" max="1264" value="347">347 of 1,264 pages</progress>' in html
    assert '<span class="percent">347 of 1,264 pages</span>' in html
    assert '<meta http-equiv="refresh" content="2">' in html
    listed = organiser_client.get(reverse("jobs", args=["demo"])).content.decode()
    assert 'in progress <span class="pages">347 of 1,264 pages</span>' in listed
    german = organiser_client.get(
        reverse("job_status", args=["demo", job.pk]), headers={"accept-language": "de"}
    ).content.decode()
    assert "Seiten werden gesetzt: Spielbögen, Runde 3 (Teil 4 von 12)" in german
    assert '<label for="job-progress">Seiten</label>' in german
    assert '<progress id="job-progress" max="1264" value="347">347 von 1.264 Seiten</progress>' in german
    set_state(job, stage="join", pages_done=1264, part={})
    assert "Joining the parts into one PDF" in page(organiser_client, job)
    set_state(job, stage="prepare", progress=0, pages_done=0, pages_total=0, part=part)  # no total yet
    html = page(organiser_client, job)
    assert "Preparing the pages: Score sheets, session 3 (part 4 of 12)" in html
    assert '<progress id="job-progress" max="100" value="0">' in html and " of 0 pages" not in html


def test_a_queued_job_says_when_no_worker_seems_to_run(organiser_client, demo):
    job = standings_job(demo)
    set_state(job, state=Job.State.QUEUED, created_at=timezone.now())
    html = page(organiser_client, job)
    assert "Waiting for the background worker" in html and "manage.py db_worker" not in html
    set_state(job, created_at=timezone.now() - timedelta(seconds=20))
    assert "manage.py db_worker" in page(organiser_client, job)


def test_a_job_waiting_behind_others_while_a_worker_beats_does_not_say_no_worker_runs(organiser_client, demo):
    """With limits and the fair queue a job may wait its turn longer than 15 s while a worker is alive: the page
    says "no worker" only when no worker wrote its sign of life lately (tournament.operations.worker_heartbeat, as /healthz)."""
    from tournament.models import WorkerBeat

    job = standings_job(demo)
    set_state(job, state=Job.State.QUEUED, created_at=timezone.now() - timedelta(seconds=60))
    now = timezone.now()
    WorkerBeat.objects.create(worker_id="w1", host="here", pid=1, started_at=now, beat_at=now)
    html = page(organiser_client, job)
    assert "Waiting for the background worker" in html and "manage.py db_worker" not in html
    WorkerBeat.objects.filter(pk="w1").update(beat_at=now - timedelta(minutes=5))  # it stopped beating
    assert "manage.py db_worker" in page(organiser_client, job)


def test_a_failed_job_shows_why_and_can_be_tried_again(organiser_client, demo):
    job = standings_job(demo)
    set_state(job, state=Job.State.FAILED, error="the static file css/print.css was not found")
    html = page(organiser_client, job)
    assert "the static file css/print.css was not found" in html and "Try again" in html
    again = organiser_client.post(reverse("job_retry", args=["demo", job.pk]))
    retried = demo.jobs.exclude(pk=job.pk).get()
    assert again["Location"] == reverse("job_status", args=["demo", retried.pk])
    assert retried.state == Job.State.DONE and retried.params == job.params


def test_the_page_of_a_job_whose_worker_stopped_queues_it_again(organiser_client, demo, settings):
    job = standings_job(demo)
    set_state(job, state=Job.State.RUNNING, heartbeat_at=timezone.now() - timedelta(minutes=5))
    html = page(organiser_client, job)  # the immediate backend runs the new attempt at once
    assert "Ready." in html and "Attempt 2: the worker was restarted while making this." in html


def test_recent_files_are_listed_on_the_exports_page(organiser_client, demo, make_user):
    job = standings_job(demo, actor=make_user("anna", tournament=demo, role="organiser"))
    html = organiser_client.get(reverse("exports", args=["demo"])).content.decode()
    assert (
        "Recent files" in html and reverse("job_download", args=["demo", job.pk]) in html and "anna" in html
    )
    assert "Standings" in organiser_client.get(reverse("jobs", args=["demo"])).content.decode()


def test_jobs_are_seen_by_the_organisers_of_their_tournament_only(demo, make_user, referee_client):
    job = standings_job(demo)
    urls = [reverse(name, args=["demo", job.pk]) for name in ("job_status", "job_download")]
    for url in urls:
        assert referee_client.get(url).status_code == 403
        assert Client().get(url)["Location"].startswith(reverse("login"))
    other = make_event("other", numbered_people(8))
    outsider = Client()
    outsider.force_login(make_user("outsider", tournament=other, role="organiser"))
    for url in urls:
        assert outsider.get(url).status_code == 403
    # an organiser of the other tournament cannot reach the job through their own tournament's address either
    assert outsider.get(reverse("job_status", args=["other", job.pk])).status_code == 404
    assert outsider.post(reverse("job_retry", args=["other", job.pk])).status_code == 404
    assert outsider.get("/t/other/organise/jobs/not-a-uuid/").status_code == 404


def test_the_job_pages_in_dutch(organiser_client, demo):
    job = standings_job(demo)
    html = organiser_client.get(
        reverse("job_status", args=["demo", job.pk]), headers={"accept-language": "nl"}
    ).content.decode()
    assert "Klaar." in html and "demo-standings.pdf downloaden" in html
    assert "<h2>Klassement</h2>" in html  # asked in English, read in Dutch: the title follows the reader


# --- over the limit of waiting jobs (services.jobs): the page says so, nothing is queued -----------------------


@pytest.fixture
def full_queue(demo, settings):
    """Jobs stay queued (no worker) and the tournament may have one at a time, which it has."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    settings.TENBOU_JOB_LIMIT_PER_TOURNAMENT = 1
    return standings_job(demo)


REFUSED = (
    "Tenbou Demo Open 2026 already has 1 background job waiting or in progress, the most allowed at once"
)


def test_printing_over_the_limit_says_so_on_the_exports_page(organiser_client, full_queue):
    url = reverse("print_pdf", args=["demo", "seating-by-name"]) + "?session=2"
    response = organiser_client.post(url, follow=True)
    assert response.redirect_chain == [(reverse("exports", args=["demo"]), 302)]
    html = response.content.decode()
    assert REFUSED in html and "Standings. Try again when it is done." in html
    assert Job.objects.count() == 1


def test_an_export_over_the_limit_says_so(organiser_client, full_queue):
    response = organiser_client.post(reverse("export_job", args=["demo", "archive-json"]), follow=True)
    assert REFUSED in response.content.decode() and Job.objects.count() == 1


def test_a_seating_search_over_the_limit_says_so_on_its_form(organiser_client, full_queue):
    data = {"sessions": 8, "seed": 3}
    response = organiser_client.post(reverse("seating_generate", args=["demo"]), data)
    assert response.status_code == 400 and REFUSED in response.content.decode()
    assert Job.objects.count() == 1


def test_trying_again_over_the_limit_says_so_on_the_jobs_page(organiser_client, full_queue):
    failed = Job.objects.create(
        tournament=full_queue.tournament,
        kind=Job.Kind.DOCUMENT,
        params={"document": "standings", "after": 1},
        title="Standings after session 1",
        state=Job.State.FAILED,
    )
    response = organiser_client.post(reverse("job_retry", args=["demo", failed.pk]), follow=True)
    assert response.redirect_chain == [(reverse("job_status", args=["demo", failed.pk]), 302)]
    assert REFUSED in response.content.decode() and Job.objects.count() == 2


def test_printing_the_same_again_while_it_waits_shows_the_waiting_job(organiser_client, demo, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    url = reverse("print_pdf", args=["demo", "standings"])
    first, second = organiser_client.post(url), organiser_client.post(url)  # a double click
    job = Job.objects.get()
    assert first["Location"] == second["Location"] == reverse("job_status", args=["demo", job.pk])
