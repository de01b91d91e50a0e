"""Writing a command's file (management/commands/_output.py), shared by export, ema_export, export_tournament,
print_document and score_sheets: a file (and a line saying so), standard output for '-', a clear error for a
file that cannot be written."""

import io
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournament.services.archive_import import import_archive


@pytest.fixture
def tournament(db):
    data = {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {"slug": "output", "name": "Output Open"},
        "players": [{"key": k, "first_name": k, "last_name": "Test"} for k in "abcd"],
    }
    return import_archive(actor=None, data=data)


def test_a_file_is_written_and_the_command_says_so(tournament, tmp_path):
    target, stdout = tmp_path / "archive.json", StringIO()
    call_command("export_tournament", "output", "-o", str(target), stdout=stdout)
    data = target.read_bytes()
    assert json.loads(data)["tournament"]["slug"] == "output"
    assert stdout.getvalue() == f"Wrote {target} ({len(data):,} bytes)\n"


def test_dash_writes_the_bytes_to_standard_output(tournament):
    binary = io.BytesIO()
    stdout = io.TextIOWrapper(binary)  # like sys.stdout: text with the bytes underneath (kept open here)
    call_command("export", "output", "standings-xlsx", "-o", "-", stdout=stdout)
    assert binary.getvalue().startswith(b"PK")  # the workbook itself, not a message
    text = StringIO()
    call_command("export", "output", "standings-csv", "-o", "-", stdout=text)
    assert text.getvalue().startswith("rank,player,first_name,last_name,ema_id,country,status,total\r\n")


def test_a_binary_file_is_not_written_to_a_text_stream(tournament):
    with pytest.raises(CommandError, match="not text: write it to a file with -o FILE"):
        call_command("export", "output", "standings-xlsx", "-o", "-", stdout=StringIO())


def test_a_file_that_cannot_be_written_is_a_clear_error(tournament, tmp_path):
    missing = tmp_path / "no-such-folder" / "archive.json"
    with pytest.raises(CommandError, match=f"cannot write {missing}: No such file or directory"):
        call_command("export_tournament", "output", "-o", str(missing), stdout=StringIO())
