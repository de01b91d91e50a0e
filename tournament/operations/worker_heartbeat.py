"""The background worker's sign of life (tournament.models.WorkerBeat), for /healthz and ``manage.py jobs``.

``manage.py db_worker`` (tournament/management/commands/db_worker.py, django-tasks-db's worker with this around it)
writes its row when it starts and then every TENBOU_WORKER_BEAT_SECONDS from a small thread, idle or busy, as long
as its main thread lives; it deletes the row when it stops. A killed worker's row simply grows old: /healthz says
"degraded" when jobs wait and no row is younger than TENBOU_WORKER_SILENT_SECONDS (selectors.jobs.queue_health).

Each beat also queues again the running jobs whose worker died (services.jobs.recover_stale_jobs), so a job lost
with a killed worker is made again by the next one without anyone opening its page.
"""

import logging
import os
import socket
import threading
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, connection
from django.utils import timezone

from tournament.models import WorkerBeat
from tournament.services.jobs import recover_stale_jobs

logger = logging.getLogger(__name__)

FORGET_AFTER = timedelta(days=1)  # the rows of workers silent this long are deleted


class WorkerHeartbeat:
    def __init__(self, worker_id: str):
        self.worker_id = worker_id
        self.started = timezone.now()
        self._stop = threading.Event()
        self._thread = None

    def __enter__(self) -> "WorkerHeartbeat":
        self.beat()
        interval = settings.TENBOU_WORKER_BEAT_SECONDS
        if interval:
            self._thread = threading.Thread(target=self._beat, args=(interval,), daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        try:
            WorkerBeat.objects.filter(worker_id=self.worker_id).delete()
        except DatabaseError as error:  # the row then grows old like a killed worker's
            logger.warning("the worker's heartbeat could not be removed (%s)", error)

    def beat(self) -> None:
        now = timezone.now()
        WorkerBeat.objects.update_or_create(
            worker_id=self.worker_id,
            defaults={
                "host": socket.gethostname()[:255],
                "pid": os.getpid(),
                "started_at": self.started,
                "beat_at": now,
            },
        )
        WorkerBeat.objects.filter(beat_at__lt=now - FORGET_AFTER).delete()
        recover_stale_jobs()

    def _beat(self, interval: float) -> None:
        try:
            while not self._stop.wait(interval) and threading.main_thread().is_alive():
                try:
                    self.beat()
                except DatabaseError as error:  # a busy or lost database: try again at the next beat
                    logger.warning("the worker's heartbeat could not be written (%s)", error)
        finally:
            connection.close()  # the thread's own connection
