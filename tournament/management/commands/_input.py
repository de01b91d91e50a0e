"""Shared by the commands that import a file the organiser prepared (a player list, a results file)."""

from pathlib import Path

from django.core.management.base import CommandError

from scoring.limits import MAX_UPLOAD_BYTES
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
