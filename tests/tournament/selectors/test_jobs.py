"""selectors.jobs: one job of a tournament, its file, whether a worker is alive and the queue's backlog. The rows
are written directly: the selector only reads them (the service and the worker are in
tests/tournament/services/test_jobs.py and tests/operations/test_jobs_worker.py)."""

import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.models import Job, WorkerBeat
from tournament.selectors.jobs import job_file, queue_health, tournament_job, worker_alive
from tournament.services.tournaments import create_tournament


@pytest.fixture
def lotus(db):
    return create_tournament(actor=None, slug="lotus", name="Lotus Open")


def job(tournament, state=Job.State.QUEUED, filename="", **fields):
    return Job.objects.create(
        tournament=tournament,
        kind=Job.Kind.DOCUMENT,
        title="Score sheets",
        state=state,
        filename=filename,
        **fields,
    )


def beat(seconds_ago: float):
    now = timezone.now()
    return WorkerBeat.objects.create(
        worker_id=str(uuid.uuid4()),
        host="hall",
        pid=1,
        started_at=now,
        beat_at=now - timedelta(seconds=seconds_ago),
    )


def test_a_job_of_this_tournament_without_its_file(lotus, make_user, django_assert_num_queries):
    made = job(lotus, requested_by=make_user("org"), result_file=b"%PDF-1.7")
    with django_assert_num_queries(1):
        found = tournament_job(lotus, made.pk)
        assert found == made and found.requested_by.username == "org"  # read with it
    assert "result_file" in found.get_deferred_fields()
    assert tournament_job(lotus, str(made.pk)) == made
    other = create_tournament(actor=None, slug="tulip", name="Tulip Cup")
    assert tournament_job(other, made.pk) is None  # another tournament's job is not found


@pytest.mark.parametrize("malformed", ["abc", "12", "", None, 5])
def test_a_malformed_id_is_simply_not_found(lotus, malformed):
    job(lotus)
    assert tournament_job(lotus, malformed) is None
    assert job_file(lotus, malformed) is None


def test_the_file_of_a_finished_job_only(lotus, django_assert_num_queries):
    done = job(lotus, Job.State.DONE, "sheets.pdf", result_file=b"%PDF-1.7")
    with django_assert_num_queries(1):
        assert bytes(job_file(lotus, done.pk).result_file) == b"%PDF-1.7"
    assert job_file(lotus, job(lotus, Job.State.RUNNING, "sheets.pdf").pk) is None
    assert job_file(lotus, job(lotus, Job.State.FAILED).pk) is None
    assert job_file(lotus, job(lotus, Job.State.DONE).pk) is None  # done, but nothing to download (a seating)


def test_a_worker_is_alive_while_it_beats(db, settings, django_assert_num_queries):
    settings.TENBOU_WORKER_SILENT_SECONDS = 30
    assert not worker_alive()
    beat(40)
    assert not worker_alive()
    beat(10)
    with django_assert_num_queries(1):
        assert worker_alive()


def test_the_backlog_and_whether_it_waits_for_nobody(lotus, settings, django_assert_max_num_queries):
    settings.TENBOU_WORKER_SILENT_SECONDS = 30
    job(lotus, Job.State.RUNNING)
    job(lotus, Job.State.DONE)
    with django_assert_max_num_queries(1):
        assert queue_health() == (0, False)  # nothing waits: a missing worker harms nobody yet
    job(lotus)
    job(create_tournament(actor=None, slug="tulip", name="Tulip Cup"))
    with django_assert_max_num_queries(2):
        assert queue_health() == (2, True)
    beat(5)
    assert queue_health() == (2, False)
