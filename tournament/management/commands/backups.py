from django.conf import settings
from django.core.management.base import BaseCommand

from tournament.database.backups import list_backups


class Command(BaseCommand):
    help = "List the backups and snapshots in TENBOU_BACKUP_DIR (or another folder), newest first."

    def add_arguments(self, parser):
        parser.add_argument("--dir", help="the folder to list (default: TENBOU_BACKUP_DIR)")

    def handle(self, *args, dir, **options):
        listed = list_backups(dir)
        folder = dir or settings.TENBOU_BACKUP_DIR
        if not listed:
            self.stdout.write(f"No backups in {folder}.")
            return
        days = settings.TENBOU_BACKUP_KEEP_DAYS
        self.stdout.write(f"Backups in {folder} (snapshots are kept {days} days):")
        for item in listed:
            if item.manifest is None:
                self.stdout.write(f"  {item.path.name}  {item.size:>12,} B  unreadable: {item.problem}")
                continue
            taken = item.manifest.created[:19].replace("T", " ")
            self.stdout.write(
                f"  {item.path.name}  {item.size:>12,} B  {taken} UTC  {item.manifest.vendor}  {item.manifest.reason}"
            )
