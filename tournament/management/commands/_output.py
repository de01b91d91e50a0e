"""Shared by the commands that write a file: the bytes go to the file named by -o (and the command says so), or,
for '-', to standard output."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError


def write_output(command: BaseCommand, data: bytes, output: str) -> None:
    """Write the bytes to the file ``output`` and say so, or, for '-', to the command's standard output."""
    if output == "-":
        _to_stdout(command, data)
        return
    try:
        Path(output).write_bytes(data)
    except OSError as error:
        raise CommandError(f"cannot write {output}: {error.strerror}") from None
    command.stdout.write(f"Wrote {output} ({len(data):,} bytes)")


def _to_stdout(command: BaseCommand, data: bytes) -> None:
    """The bytes as they are on a real standard output; on a text stream (``call_command(stdout=StringIO())``)
    only text can be written."""
    command.stdout.flush()
    buffer = getattr(command.stdout, "buffer", None)
    if buffer is not None:
        buffer.write(data)
        buffer.flush()
        return
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise CommandError("this file is not text: write it to a file with -o FILE") from None
    command.stdout.write(text, ending="")
