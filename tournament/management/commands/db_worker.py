"""``manage.py db_worker``: django-tasks-db's worker with Tenbou's sign of life around it (tournament.operations.worker_heartbeat).

This command replaces django-tasks-db's own of the same name because ``tournament`` comes before
``django_tasks_db`` in INSTALLED_APPS; the options and the behaviour are the library's.
"""

import os

from django.utils.autoreload import DJANGO_AUTORELOAD_ENV
from django_tasks_db.management.commands import db_worker

from tournament.operations.worker_heartbeat import WorkerHeartbeat


class Command(db_worker.Command):
    help = (
        "Run the background worker (django-tasks-db's db_worker): it makes the queued seating searches, PDFs and "
        "large exports, writes a sign of life for /healthz and queues again the jobs of workers that died."
    )

    def handle(self, *args, **options):
        reloading = options["reload"] and not options["batch"]
        if (
            reloading and os.environ.get(DJANGO_AUTORELOAD_ENV) != "true"
        ):  # the reloader's watcher: its child beats
            return super().handle(*args, **options)
        with WorkerHeartbeat(options["worker_id"]):
            return super().handle(*args, **options)
