"""A sign of life written from a small thread: the one heartbeat of the background worker, used by a running job
(its progress, tournament.services.jobs.Progress) and by the worker process (its WorkerBeat row,
tournament.operations.worker_heartbeat). The writes themselves are the services'; this only repeats them.

``with heartbeat:`` starts a daemon thread that calls ``beat()`` every ``interval()`` seconds (none when the
interval is 0) until the block ends, and closes the thread's own database connection when it stops.
"""

import logging
import threading

from django.db import connection

logger = logging.getLogger(__name__)


class Heartbeat:
    retried: tuple[
        type[BaseException], ...
    ] = ()  # a beat failing with one of these is logged and tried again
    failure = "a heartbeat could not be written (%s)"
    log = logger  # a subclass logs on its own module's logger

    def __init__(self):
        self._stop = threading.Event()
        self._thread = None

    def interval(self) -> float:
        raise NotImplementedError

    def beat(self) -> None:
        raise NotImplementedError

    def alive(self) -> bool:
        """Whether to go on beating (besides the block not having ended)."""
        return True

    def __enter__(self):
        interval = self.interval()
        if interval:
            self._thread = threading.Thread(target=self._beat, args=(interval,), daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def _beat(self, interval: float) -> None:
        try:
            while not self._stop.wait(interval) and self.alive():
                try:
                    self.beat()
                except self.retried as error:  # a busy or lost database: try again at the next beat
                    self.log.warning(self.failure, error)
        finally:
            connection.close()  # the thread's own connection
