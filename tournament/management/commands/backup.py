from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.database.backups import BackupError, default_backup_name, write_backup


class Command(BaseCommand):
    help = (
        "Write a backup of the whole database (SQLite: online backup API; PostgreSQL: pg_dump), consistent while "
        "the server runs. The file records the schema; restore it with `restore FILE --yes`."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "-o", "--output", help="the file to write (default: tenbou-<date>-<time>.zip here)"
        )
        parser.add_argument("--reason", default="manual", help="a note kept in the backup's manifest")

    def handle(self, *args, output, reason, **options):
        target = Path(output or default_backup_name())
        try:
            manifest = write_backup(target, reason=reason)
        except BackupError as error:
            raise CommandError(error.message) from error
        size = target.stat().st_size
        self.stdout.write(
            f"Wrote {target} ({manifest.vendor}, {size:,} bytes, {len(manifest.migrations)} apps)."
        )
