from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tournament.database.backups import BackupError, check_restorable, read_manifest, restore_backup


class Command(BaseCommand):
    help = (
        "Replace the WHOLE database with a backup written by `backup` (or a snapshot). Refuses a backup of another "
        "database vendor or of a newer schema; an older one is migrated after the restore. Needs --yes."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file (.zip)")
        parser.add_argument("--yes", action="store_true", help="really replace everything in the database")

    def handle(self, *args, file, yes, **options):
        path = Path(file)
        try:
            manifest = read_manifest(path)
            check_restorable(path, manifest)
        except BackupError as error:
            raise CommandError(error.message) from error
        if not yes:
            raise CommandError(
                f"{path}: restoring replaces everything in the database with the backup of {manifest.created}; "
                "run again with --yes to do it"
            )
        try:
            restore_backup(path)
        except BackupError as error:
            raise CommandError(error.message) from error
        self.stdout.write(
            f"Restored {path} (taken {manifest.created}, {manifest.reason or 'no reason given'})."
        )
        if _unapplied():
            call_command("migrate", interactive=False, verbosity=0)
            self.stdout.write("The backup's schema was older: migrations applied.")
        self.stdout.write("Restart the server processes now (each keeps a memo of scored tables).")


def _unapplied() -> bool:
    executor = MigrationExecutor(connection)
    return bool(executor.migration_plan(executor.loader.graph.leaf_nodes()))
