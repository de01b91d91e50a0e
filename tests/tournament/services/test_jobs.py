"""Background jobs (tournament.services.jobs, tournament.worker.tasks) with the immediate task backend of the test
settings: a job runs when it is started. The database queue and the real worker are in
tests/operations/test_jobs_worker.py."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone
from django_tasks import task_backends

from scoring.limits import MAX_JOB_ATTEMPTS
from scoring.standings import RESERVE
from tests.tournament.services.expect import last_entry_id, new_actions, refused
from tournament.models import Job
from tournament.selectors.seating_plan import SeatingPlan
from tournament.services import DomainError, tournaments
from tournament.services.jobs import (
    Progress,
    prune_finished_jobs,
    recover_stale_jobs,
    run_job,
    start_job,
)
from tournament.worker import tasks as background

pytestmark = pytest.mark.django_db


def seating_job(tournament, **params) -> Job:
    params = {"sessions": 8, "seed": 1, "avoid": None, **params}
    return start_job(actor=None, tournament=tournament, kind=Job.Kind.SEATING, params=params, title="seating")


def document_job(tournament, **params) -> Job:
    return start_job(
        actor=None, tournament=tournament, kind=Job.Kind.DOCUMENT, params=params, title="document"
    )


def test_a_seating_search_keeps_the_played_sessions_and_stores_its_plan(demo):
    job = seating_job(demo)
    assert (job.state, job.progress, job.attempt, job.error) == (Job.State.DONE, 100, 1, "")
    plan = SeatingPlan.from_data(job.result_data)
    played = sorted(
        demo.sessions.filter(tables__results__isnull=False).values_list("number", flat=True).distinct()
    )
    assert list(plan.kept) == played and plan.seed == 1
    assert sorted(plan.seating) == [n for n in range(1, 9) if n not in played]
    for tables in plan.seating.values():  # every player of the demo (32) once per session, never a reserve
        assert sorted(p for table in tables for p in table) == sorted(
            demo.registrations.exclude(status=RESERVE).values_list("pk", flat=True)
        )
    assert job.started_at and job.finished_at and job.params["language"] == "en"


def test_a_document_job_stores_the_pdf_with_its_name(demo):
    job = document_job(demo, document="seating-by-name", session=2)
    job.refresh_from_db()
    assert bytes(job.result_file).startswith(b"%PDF")
    assert (job.filename, job.content_type) == ("demo-seating-by-name-session-2.pdf", "application/pdf")


def test_a_refused_job_fails_with_the_reason_and_no_file(demo, caplog):
    job = document_job(demo, document="score-sheets", session=99)
    assert job.state == Job.State.FAILED and "demo has no session 99" in job.error
    assert job.result_file is None and job.filename == ""
    job = seating_job(demo, sessions=1)  # session 1 has results: nothing to search
    assert job.state == Job.State.FAILED
    assert job.error == "Sessions 1 to 1 all have results; there is no session left to seat."
    refused = [record.refusal for record in caplog.records if record.name == "tenbou.refused"]
    assert [(line["code"], line["kind"], line["tournament"]) for line in refused] == [
        ("DocumentRequestError", "document", "demo"),
        ("all_played", "seating", "demo"),
    ]


def test_an_unexpected_error_is_logged_and_the_page_gets_a_plain_message(demo, monkeypatch, caplog):
    def broken(job, progress):
        raise ZeroDivisionError("boom")

    monkeypatch.setitem(background.MAKERS, Job.Kind.DOCUMENT, broken)
    job = document_job(demo, document="standings")
    assert job.state == Job.State.FAILED and "Something went wrong" in job.error and "boom" not in job.error
    assert "ZeroDivisionError: boom" in caplog.text and str(job.pk) in caplog.text


def test_the_job_speaks_the_language_it_was_asked_in(demo):
    from django.utils import translation

    with translation.override("nl"):
        job = seating_job(demo, sessions=1)
    assert job.params["language"] == "nl"
    assert (
        job.error
        == "Sessies 1 tot en met 1 hebben allemaal uitslagen; er is geen sessie meer om in te delen."
    )


def test_a_run_of_an_older_attempt_or_a_taken_job_changes_nothing(demo):
    job = document_job(demo, document="standings")
    finished = Job.objects.get(pk=job.pk)
    run_job.call(str(job.pk), 1)  # the same task delivered twice: the job is no longer queued
    assert Job.objects.get(pk=job.pk).finished_at == finished.finished_at
    Job.objects.filter(pk=job.pk).update(state=Job.State.QUEUED, attempt=2, progress=0)
    run_job.call(str(job.pk), 1)  # the worker that lost the job comes back: attempt 2 is not its own
    assert Job.objects.get(pk=job.pk).state == Job.State.QUEUED


def stale(job: Job, seconds: float) -> None:
    Job.objects.filter(pk=job.pk).update(
        state=Job.State.RUNNING, heartbeat_at=timezone.now() - timedelta(seconds=seconds), progress=40
    )


def test_a_job_whose_worker_stopped_is_queued_again_and_made(demo, settings):
    settings.TENBOU_JOB_STALE_SECONDS = 60
    job = document_job(demo, document="standings")
    stale(job, 59)  # still alive (a sign of life within the minute)
    assert recover_stale_jobs() == 0 and Job.objects.get(pk=job.pk).state == Job.State.RUNNING
    stale(job, 61)
    assert recover_stale_jobs(job=job) == 1  # queued again; the immediate backend runs it at once
    again = Job.objects.get(pk=job.pk)
    assert (again.state, again.attempt, again.progress) == (Job.State.DONE, 2, 100)
    assert bytes(again.result_file).startswith(b"%PDF")


def test_a_job_whose_worker_keeps_stopping_fails_after_the_last_attempt(demo):
    job = document_job(demo, document="standings")
    Job.objects.filter(pk=job.pk).update(attempt=MAX_JOB_ATTEMPTS)
    stale(job, 3600)
    assert recover_stale_jobs() == 0
    failed = Job.objects.get(pk=job.pk)
    assert failed.state == Job.State.FAILED
    assert failed.error == "The background worker stopped 3 times while making this. Try again later."


def test_finished_jobs_are_deleted_after_the_days_kept(demo, settings):
    settings.TENBOU_JOB_KEEP_DAYS = 7
    old, recent = document_job(demo, document="standings"), document_job(demo, document="standings")
    Job.objects.filter(pk=old.pk).update(finished_at=timezone.now() - timedelta(days=7, minutes=1))
    Job.objects.filter(pk=recent.pk).update(finished_at=timezone.now() - timedelta(days=6, hours=23))
    assert prune_finished_jobs() == 1
    assert list(Job.objects.values_list("pk", flat=True)) == [recent.pk]


def test_a_beat_after_the_end_leaves_the_finished_job_as_it_ended(demo):
    """The heartbeat thread may be writing its estimate as the attempt ends: the end's 100 stays (a worker killed and
    run again showed "done" at 60, tests/operations/test_jobs_worker.py)."""
    job = document_job(demo, document="standings")
    assert (job.state, job.progress) == (Job.State.DONE, 100)
    progress = Progress(job)
    progress.started = timezone.now() - timedelta(seconds=60)
    progress.beat()
    progress.stage("late", 60)
    job.refresh_from_db()
    assert (job.state, job.progress, job.stage) != (Job.State.DONE, 60, "late")
    assert (job.state, job.progress) == (Job.State.DONE, 100)


def test_the_progress_estimate_follows_the_time_and_never_says_done(demo):
    job = Job(tournament=demo, kind=Job.Kind.DOCUMENT, expected_seconds=10)
    progress = Progress(job)
    progress.started = timezone.now() - timedelta(seconds=5)
    assert progress.estimate() == 50
    progress.percent = 70  # a stage already reached counts more than the clock
    assert progress.estimate() == 70
    progress.started = timezone.now() - timedelta(seconds=60)
    assert progress.estimate() == 95


def test_a_job_told_in_pages_is_estimated_by_its_pages_not_by_the_clock(demo):
    """A pack tells its pages (Progress.pages): a minute into a job expected to take 10 s the heartbeat says what
    the pages say, 10 of 40 pages = 25 %, never the clock's 95; the percentage never goes back."""
    job = document_job(demo, document="standings")
    Job.objects.filter(pk=job.pk).update(state=Job.State.RUNNING, expected_seconds=10)
    progress = Progress(job)
    progress.started = timezone.now() - timedelta(seconds=60)
    progress.pages("layout", 10, 40, {"document": "score-sheets", "session": 1, "part": 1, "parts": 3})
    assert progress.estimate() == 25
    progress.beat()
    progress.pages("layout", 10, 50, {"document": "score-sheets", "session": 1, "part": 2, "parts": 3})
    job.refresh_from_db()
    assert (job.progress, job.pages_done, job.pages_total, job.part["part"]) == (25, 10, 50, 2)


# --- how many jobs may wait at once (TENBOU_JOB_LIMIT_PER_TOURNAMENT, TENBOU_JOB_LIMIT_PER_PERSON) ---------------


@pytest.fixture
def no_worker(settings):
    """Jobs are queued and stay queued: nobody makes them."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}


def queued(tournament, actor=None, **params) -> Job:
    return start_job(
        actor=actor,
        tournament=tournament,
        kind=Job.Kind.DOCUMENT,
        params={"document": "standings", **params},
        title="document",
    )


def test_a_tournament_has_at_most_its_limit_of_unfinished_jobs(demo, no_worker, settings):
    settings.TENBOU_JOB_LIMIT_PER_TOURNAMENT = 3
    settings.TENBOU_JOB_LIMIT_PER_PERSON = 10
    running = queued(demo, after=1)
    Job.objects.filter(pk=running.pk).update(state=Job.State.RUNNING)  # running counts too
    queued(demo, after=2)
    queued(demo)
    with pytest.raises(DomainError) as refused:
        queued(demo, after=3)
    assert refused.value.code == "job_limit_tournament"
    assert refused.value.message == (
        "Tenbou Demo Open 2026 already has 3 background jobs waiting or in progress, the most allowed at once: "
        "Standings after session 1; Standings after session 2; Standings. Try again when one of them is done."
    )
    assert Job.objects.count() == 3  # nothing queued
    Job.objects.filter(pk=running.pk).update(state=Job.State.DONE)  # a finished job frees its place
    assert queued(demo, after=3).state == Job.State.QUEUED


def test_a_person_has_at_most_their_limit_across_tournaments(demo, no_worker, settings, make_user):
    settings.TENBOU_JOB_LIMIT_PER_TOURNAMENT = 10
    settings.TENBOU_JOB_LIMIT_PER_PERSON = 2
    other = tournaments.create_tournament(actor=None, slug="spring-open", name="Spring Open")
    organiser, colleague = make_user("org"), make_user("colleague")
    queued(demo, organiser, after=1)
    queued(demo, organiser, after=2)
    with pytest.raises(DomainError) as refused:
        queued(other, organiser)
    assert refused.value.code == "job_limit_person"
    assert refused.value.message == (
        "You already have 2 background jobs waiting or in progress, the most one person may have at once: "
        "Standings after session 1; Standings after session 2. Try again when one of them is done."
    )
    assert queued(other, colleague).state == Job.State.QUEUED  # the others are not held up by it


def test_the_refusal_names_the_first_three_and_counts_the_rest(demo, no_worker, settings):
    settings.TENBOU_JOB_LIMIT_PER_TOURNAMENT = 5
    for after in range(1, 6):
        queued(demo, after=after)
    with pytest.raises(DomainError, match=r"session 2; Standings after session 3 and 2 more\. Try again"):
        queued(demo)


def test_the_refusal_tells_the_waiting_jobs_apart(demo, no_worker, settings):
    """Titles hold commas ("Score sheets, session 1"): the list of them is separated by semicolons."""
    settings.TENBOU_JOB_LIMIT_PER_TOURNAMENT = 2
    for session in (1, 2):
        start_job(
            actor=None,
            tournament=demo,
            kind=Job.Kind.DOCUMENT,
            params={"document": "score-sheets", "session": session},
            title="document",
        )
    with pytest.raises(DomainError) as refused:
        queued(demo)
    assert "at once: Score sheets, session 1; Score sheets, session 2. Try again" in refused.value.message


def test_the_refusal_in_dutch(demo, no_worker, settings):
    from django.utils import translation

    settings.TENBOU_JOB_LIMIT_PER_TOURNAMENT = 1
    queued(demo)
    with translation.override("nl"), pytest.raises(DomainError) as refused:
        queued(demo, after=1)
    assert refused.value.message == (
        "Tenbou Demo Open 2026 heeft al 1 achtergrondtaak in de wachtrij of in bewerking, het hoogste toegestane "
        "aantal tegelijk: Klassement. Probeer het opnieuw als die klaar is."
    )


def test_the_same_request_while_it_waits_is_the_same_job(demo, no_worker, settings, make_user):
    settings.TENBOU_JOB_LIMIT_PER_TOURNAMENT = 1
    first = queued(demo, make_user("org"), after=2)
    again = queued(demo, make_user("colleague"), after=2)  # a second click, or a colleague: at the limit too
    assert again.pk == first.pk and Job.objects.count() == 1
    Job.objects.filter(pk=first.pk).update(state=Job.State.FAILED)
    settings.TENBOU_JOB_LIMIT_PER_TOURNAMENT = 2
    assert queued(demo, after=2).pk != first.pk  # a finished one is not waiting: "try again" makes a new one


# --- who asked, no audit entry, nothing written on refusal, fairness between tournaments -----------------------------


def test_a_job_names_who_asked_and_is_no_change_to_audit(demo, no_worker, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    mine = queued(demo, olga, after=1)
    anonymous = queued(demo, AnonymousUser(), after=2)
    assert (mine.requested_by, anonymous.requested_by) == (olga, None)
    assert (mine.state, mine.title, mine.params) == (
        Job.State.QUEUED,
        "document",
        {"document": "standings", "after": 1, "language": "en"},
    )
    assert new_actions(since) == []  # a request for something to be made, not a change of the tournament


def test_a_refused_job_writes_nothing(demo, no_worker, settings, make_user):
    settings.TENBOU_JOB_LIMIT_PER_PERSON = 1
    olga = make_user("olga")
    queued(demo, olga)
    refused(lambda: queued(demo, olga, after=1), "job_limit_person", "You already have 1 background job")


def test_each_tournaments_next_job_comes_before_anyones_later_one(demo, no_worker):
    """The task's priority is minus the number of its tournament's unfinished jobs asked for before it."""
    other = tournaments.create_tournament(actor=None, slug="spring-open", name="Spring Open")
    jobs = [queued(demo, after=1), queued(demo, after=2), queued(other), queued(demo, after=3)]
    priorities = {result.id: result.task.priority for result in task_backends["default"].results}
    assert [priorities[job.task_id] for job in jobs] == [0, -1, 0, -2]
