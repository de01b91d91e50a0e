"""Shared by the commands that import a file the organiser prepared (a player list, a results file): the file read
with its size limit (read_input) and the command's skeleton (FileImportCommand)."""

from pathlib import Path

from django.core.management.base import CommandError

from scoring.limits import MAX_UPLOAD_BYTES
from tournament.management.commands._base import TournamentCommand, refused
from tournament.management.commands._lookup import tournament_or_error
from tournament.readers.spreadsheets import too_big_message


def read_input(path: Path, file: str) -> bytes:
    """The file's bytes; refused unread beyond MAX_UPLOAD_BYTES."""
    if not path.is_file():
        raise CommandError(f"{file}: no such file")
    try:
        with path.open("rb") as handle:
            content = handle.read(MAX_UPLOAD_BYTES + 1)
    except OSError as error:
        raise CommandError(f"{file}: cannot read the file ({error.strerror})") from None
    if len(content) > MAX_UPLOAD_BYTES:
        raise CommandError(f"{file}: {too_big_message(path.stat().st_size)}")
    return content


class FileImportCommand(TournamentCommand):
    """``manage.py COMMAND SLUG FILE ...``: every bad row of the file on stderr (``file_error``, the reader's error
    with its rows and its message) and then the refusal; a service's refusal with the hint for its code
    (``hints``). Subclasses read and write in import_file and say what was written in report."""

    file_error: type[Exception]
    hints: dict[str, str] = {}

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file", help="a .csv or .xlsx file")
        self.add_options(parser)

    def handle(self, *args, slug, file, **options):
        tournament = tournament_or_error(slug)
        path = Path(file)
        content = read_input(path, file)
        with refused(hints=self.hints):
            try:
                written = self.import_file(tournament, path.name, content, **options)
            except self.file_error as error:  # before a refusal: the reader's error may be one
                for problem in error.errors:
                    self.stderr.write(f"{path.name}: {problem}")
                raise CommandError(error.message) from None
        self.report(tournament, written)

    def import_file(self, tournament, name: str, content: bytes, **options):
        raise NotImplementedError

    def report(self, tournament, written) -> None:
        raise NotImplementedError
