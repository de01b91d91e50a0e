"""Settings for the test run: the env-driven base with DEBUG-style defaults and a fast password hasher."""

import os

os.environ.setdefault("DJANGO_DEBUG", "1")

from config.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Snapshots before destructive actions are off in tests (an in-transaction test database cannot be copied); the
# tests of tests/operations switch them on with a temporary TENBOU_BACKUP_DIR.
TENBOU_SNAPSHOTS = False
# Background jobs run inside the request that starts them (tests/operations/test_jobs_worker.py runs the real
# database queue and worker); no heartbeat thread next to the test's transaction.
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
TENBOU_JOB_HEARTBEAT_SECONDS = 0
TENBOU_WORKER_BEAT_SECONDS = 0
# A test's transaction never commits, so PostgreSQL never notifies its changes: each request reads the change stamp
# (tests/tournament/selectors/test_stamp_notices.py switches the notices on around real commits)
TENBOU_CHANGE_NOTICES = False
