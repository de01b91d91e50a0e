"""The background worker's sign of life (tournament.models.WorkerBeat): its row written at each beat and deleted
when it stops (the thread that beats is tournament.operations.worker_heartbeat's). Each beat also queues again the
running jobs whose worker died (services.jobs.recover_stale_jobs)."""

import os
import socket
from datetime import datetime, timedelta

from django.utils import timezone

from tournament.models import WorkerBeat
from tournament.services.jobs import recover_stale_jobs

FORGET_AFTER = timedelta(days=1)  # the rows of workers silent this long are deleted


def write_beat(worker_id: str, started: datetime) -> None:
    """This worker's row says it lives now; the rows of workers long silent go, and dead workers' jobs are queued
    again."""
    now = timezone.now()
    WorkerBeat.objects.update_or_create(
        worker_id=worker_id,
        defaults={
            "host": socket.gethostname()[:255],
            "pid": os.getpid(),
            "started_at": started,
            "beat_at": now,
        },
    )
    WorkerBeat.objects.filter(beat_at__lt=now - FORGET_AFTER).delete()
    recover_stale_jobs()


def forget_worker(worker_id: str) -> None:
    """A worker that stops deletes its row."""
    WorkerBeat.objects.filter(worker_id=worker_id).delete()
