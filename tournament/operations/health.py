"""``/healthz`` for the reverse proxy, the container engine or a monitor.

200 ``{"status": "ok"}`` when the database answers and every migration of this code is applied; 503 with a short
reason otherwise. When background jobs wait and no worker has written its sign of life lately (tournament.operations.worker_heartbeat),
the answer is 200 ``{"status": "degraded", "worker": "silent", "backlog": N}``: the pages still work, so the proxy
and the container engine keep the app, while a monitor that reads the status sees it (and the log has a warning). The middleware answers before any other (second in MIDDLEWARE, after the request id), so the
probe works over plain HTTP on the app's own address: no redirect to HTTPS, no ALLOWED_HOSTS check (the Host of
``curl http://127.0.0.1:8000/healthz`` is rarely a public name), no session, no CSRF. The answer names no host,
user or error text; the failure itself is logged with the request id.
"""

import logging

from django.db import DatabaseError, connection
from django.db.migrations.executor import MigrationExecutor
from django.http import JsonResponse

from tournament.selectors.jobs import queue_health

PATHS = frozenset({"/healthz", "/healthz/"})
logger = logging.getLogger("tenbou.health")


def health() -> tuple[int, dict]:
    """The status code and body of the health answer."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        executor = MigrationExecutor(connection)
        pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except DatabaseError as error:
        logger.error("health check: the database does not answer (%s)", type(error).__name__)
        return 503, {"status": "unavailable", "database": "unreachable"}
    if pending:
        logger.error("health check: %d migrations are not applied; run manage.py migrate", len(pending))
        return 503, {"status": "unavailable", "migrations": "not applied"}
    backlog, silent = queue_health()
    if silent:
        logger.warning("health check: %d jobs wait and no background worker has beaten lately", backlog)
        return 200, {"status": "degraded", "worker": "silent", "backlog": backlog}
    return 200, {"status": "ok"}


class HealthCheckMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path_info not in PATHS or request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        status, body = health()
        response = JsonResponse(body, status=status)
        response["Cache-Control"] = "no-store"
        return response
