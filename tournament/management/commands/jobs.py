from django.core.management.base import BaseCommand

from tournament.models import Job, WorkerBeat
from tournament.services.jobs import prune_finished_jobs, recover_stale_jobs


class Command(BaseCommand):
    help = (
        "The background jobs: list the unfinished ones; --recover queues again the running jobs whose worker "
        "stopped (no sign of life for TENBOU_JOB_STALE_SECONDS); --prune deletes the jobs finished more than "
        "TENBOU_JOB_KEEP_DAYS ago; then the workers and their last sign of life. The worker itself is "
        "`manage.py db_worker`."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--recover", action="store_true", help="queue again the jobs whose worker stopped"
        )
        parser.add_argument(
            "--prune", action="store_true", help="delete the old finished jobs and their files"
        )

    def handle(self, *args, recover, prune, **options):
        if recover:
            self.stdout.write(f"Queued again: {recover_stale_jobs()}")
        if prune:
            self.stdout.write(f"Deleted: {prune_finished_jobs()}")
        unfinished = Job.objects.exclude(state__in=[Job.State.DONE, Job.State.FAILED]).select_related(
            "tournament"
        )
        for job in unfinished.order_by("created_at"):
            beat = job.heartbeat_at.isoformat(timespec="seconds") if job.heartbeat_at else "-"
            self.stdout.write(
                f"{job.pk}  {job.tournament.slug}  {job.state:<8} {job.progress:>3}%  attempt {job.attempt}  "
                f"last sign of life {beat}  {job.title}"
            )
        if not unfinished.exists():
            self.stdout.write("No unfinished jobs.")
        for worker in WorkerBeat.objects.order_by("-beat_at"):
            self.stdout.write(
                f"Worker {worker.host} {worker.pid}  started {worker.started_at.isoformat(timespec='seconds')}  "
                f"last sign of life {worker.beat_at.isoformat(timespec='seconds')}"
            )
