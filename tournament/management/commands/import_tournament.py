from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.archive import ArchiveError, parse_archive
from tournament.backups import snapshot
from tournament.services import DomainError
from tournament.services.archive_import import import_archive


class Command(BaseCommand):
    help = "Load a tournament archive (JSON). Without --replace an existing tournament with the same slug is an error."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the archive file, or - for standard input")
        parser.add_argument(
            "--replace", action="store_true", help="replace an existing tournament with the same slug"
        )

    def handle(self, *args, file, replace, **options):
        text = self.stdin.read() if file == "-" else _read(file)
        try:
            data = parse_archive(text)
            if replace:  # a snapshot of the whole database first; without one, no change (BackupError)
                snapshot(f"import_tournament --replace {data['tournament']['slug']}")
            tournament = import_archive(actor=None, data=data, replace=replace)
        except ArchiveError as error:
            raise CommandError(f"{file}: {error}") from error
        except DomainError as error:
            raise CommandError(f"{file}: {error.message}") from error
        sessions = len(data.get("sessions", []))
        self.stdout.write(
            f"Imported {tournament.slug}: {len(data['players'])} players, {sessions} sessions, "
            f"{len(data.get('penalties', []))} penalties."
        )


def _read(file: str) -> str:
    try:
        return Path(file).read_text(encoding="utf-8")
    except OSError as error:
        raise CommandError(f"{file}: cannot read the file ({error.strerror})") from error
    except UnicodeDecodeError as error:
        raise CommandError(f"{file}: the file is not UTF-8 text") from error
