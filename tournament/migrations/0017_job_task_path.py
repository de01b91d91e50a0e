"""The background task moved from tournament.worker.tasks to tournament.services.jobs (the worker writes the job's
row through the services): a task queued before the upgrade names the old path, which no longer imports, and its
job would wait for ever. Point the queue's rows at the new path (and back, when migrating backwards)."""

from django.db import migrations

OLD = "tournament.worker.tasks.run_job"
NEW = "tournament.services.jobs.run_job"


def _repoint(apps, old: str, new: str) -> None:
    queue = apps.get_model("django_tasks_database", "DBTaskResult")
    queue.objects.filter(task_path=old).update(task_path=new)


def forwards(apps, schema_editor):
    _repoint(apps, OLD, NEW)


def backwards(apps, schema_editor):
    _repoint(apps, NEW, OLD)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0016_attendance_arrival"),
        ("django_tasks_database", "0001_initial"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
