"""The background worker's sign of life (tournament.models.WorkerBeat), for /healthz and ``manage.py jobs``.

``manage.py db_worker`` (tournament/management/commands/db_worker.py, django-tasks-db's worker with this around it)
writes its row when it starts and then every TENBOU_WORKER_BEAT_SECONDS from a small thread (the worker's one
heartbeat, tournament/worker/heartbeat.py), idle or busy, as long as its main thread lives; it deletes the row when
it stops. A killed worker's row simply grows old: /healthz says "degraded" when jobs wait and no row is younger than
TENBOU_WORKER_SILENT_SECONDS (selectors.jobs.queue_health). The rows are written by services.worker_beats.

Each beat also queues again the running jobs whose worker died (services.jobs.recover_stale_jobs), so a job lost
with a killed worker is made again by the next one without anyone opening its page.
"""

import logging
import threading

from django.conf import settings
from django.db import DatabaseError
from django.utils import timezone

from tournament.services.worker_beats import forget_worker, write_beat
from tournament.worker.heartbeat import Heartbeat

logger = logging.getLogger(__name__)


class WorkerHeartbeat(Heartbeat):
    retried = (DatabaseError,)
    failure = "the worker's heartbeat could not be written (%s)"
    log = logger

    def __init__(self, worker_id: str):
        super().__init__()
        self.worker_id = worker_id
        self.started = timezone.now()

    def interval(self) -> float:
        return settings.TENBOU_WORKER_BEAT_SECONDS

    def alive(self) -> bool:
        return threading.main_thread().is_alive()

    def __enter__(self) -> "WorkerHeartbeat":
        self.beat()
        return super().__enter__()

    def __exit__(self, *exc) -> None:
        super().__exit__(*exc)
        try:
            forget_worker(self.worker_id)
        except DatabaseError as error:  # the row then grows old like a killed worker's
            logger.warning("the worker's heartbeat could not be removed (%s)", error)

    def beat(self) -> None:
        write_beat(self.worker_id, self.started)
