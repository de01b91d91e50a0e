import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.readers.archive import ArchiveError, parse_archive
from tournament.readers.archive_json import MAX_ARCHIVE_BYTES, MEGABYTE
from tournament.services import DomainError
from tournament.services.archive_import import import_archive


class Command(BaseCommand):
    help = (
        "Load a tournament archive (JSON). Without --replace an existing tournament with the same slug is an error. "
        f"Files over {MAX_ARCHIVE_BYTES // MEGABYTE} MB are refused."
    )
    stealth_options = ("stdin",)  # call_command(..., stdin=stream) in place of the process's standard input

    def add_arguments(self, parser):
        parser.add_argument("file", help="the archive file, or - for standard input")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="replace an existing tournament with the same slug (after a snapshot of the database)",
        )
        parser.add_argument(
            "--update-people",
            action="store_true",
            help="a known EMA number with another name or country renames that person in every tournament "
            "(each one gets an audit entry); without this flag such a player is refused",
        )

    def handle(self, *args, file, replace, update_people=False, **options):
        raw = _read_stream(options.get("stdin") or sys.stdin) if file == "-" else _read(file)
        text = _decoded(raw, file)
        try:
            data = parse_archive(text)
            tournament = import_archive(actor=None, data=data, replace=replace, update_people=update_people)
        except ArchiveError as error:
            raise CommandError(f"{file}: {error}") from None
        except DomainError as error:
            hint = " (--update-people confirms it)" if error.code == "person_differs" else ""
            raise CommandError(f"{file}: {error.message}{hint}") from None
        sessions = len(data.get("sessions", []))
        self.stdout.write(
            f"Imported {tournament.slug}: {len(data['players'])} players, {sessions} sessions, "
            f"{len(data.get('penalties', []))} penalties."
        )


def _read(file: str) -> bytes:
    try:
        with Path(file).open("rb") as handle:
            return handle.read(MAX_ARCHIVE_BYTES + 1)
    except OSError as error:
        raise CommandError(f"{file}: cannot read the file ({error.strerror})") from None


def _read_stream(stream) -> bytes | str:
    """Standard input as bytes where it has them (decoded strictly below), else the text it gives."""
    source = getattr(stream, "buffer", stream)
    return source.read(MAX_ARCHIVE_BYTES + 1)


def _decoded(raw: bytes | str, file: str) -> str:
    if len(raw) > MAX_ARCHIVE_BYTES:
        raise CommandError(f"{file}: the file is larger than {MAX_ARCHIVE_BYTES // MEGABYTE} MB")
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise CommandError(f"{file}: the file is not UTF-8 text (byte {error.start + 1})") from None
