"""import_results SLUG FILE [--correct] (cli.md): one line per problem on stderr, a non-zero exit and nothing written;
a summary on success; "nothing new" for the same file again; a different result needs --correct."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.tournament.factories import played_event
from tests.tournament.results_files import HEADER, csv_bytes, lines, xlsx_bytes
from tests.tournament.services.expect import database
from tournament.models import TableResult


@pytest.fixture
def event(db):
    return played_event("paper", n_players=8, n_sessions=2, played=0)


def command(*args) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("import_results", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_a_good_file_is_entered_and_summarised(event, tmp_path):
    path = tmp_path / "day1.xlsx"
    path.write_bytes(
        xlsx_bytes([*HEADER, "chombo"], lines(event, 1, 1, chombos={"S": 1}) + lines(event, 1, 2))
    )
    out, err = command("paper", str(path))
    assert out.splitlines() == [
        "entered\tsession 1, table 1",
        "entered\tsession 1, table 2",
        "2 tables entered; 1 chombo given",
    ]
    assert err == ""
    out, _err = command("paper", str(path))
    assert out == "nothing new: all 2 tables have these results already\n"


def test_a_bad_file_lists_each_problem_and_writes_nothing(event, tmp_path):
    rows = lines(event, 1, 1, raws={"E": 45_000, "S": 35_000, "W": 25_000, "N": 14_800}) + lines(event, 1, 2)
    rows[4][3] = "nobody"
    path = tmp_path / "day1.csv"
    path.write_bytes(csv_bytes(HEADER, rows))
    before, err = database(), StringIO()
    with pytest.raises(CommandError, match="The file has 2 problems; nothing was imported."):
        call_command("import_results", "paper", str(path), stdout=StringIO(), stderr=err)
    assert err.getvalue().splitlines() == [
        "day1.csv: row 2, score: Session 1, table 1: the scores add up to 119,800; they must add up to 120,000 "
        "(200 short)",
        "day1.csv: row 6, player: No player with the key or EMA number 'nobody'.",
    ]
    assert database() == before


def test_a_different_result_needs_correct(event, tmp_path):
    path = tmp_path / "day1.csv"
    path.write_bytes(csv_bytes(HEADER, lines(event, 1, 1)))
    command("paper", str(path))
    path.write_bytes(
        csv_bytes(HEADER, lines(event, 1, 1, raws={"E": 15_000, "S": 35_000, "W": 25_000, "N": 45_000}))
    )
    with pytest.raises(
        CommandError, match=r"session 1, table 1\. .*\(--correct writes them as corrections\)"
    ):
        command("paper", str(path))
    out, _err = command("paper", str(path), "--correct")
    assert out.splitlines()[0] == "corrected\tsession 1, table 1"
    assert TableResult.objects.filter(is_current=True, version=2).count() == 1


def test_the_paper_fallback_gives_a_forgotten_chombo_and_says_only_what_it_wrote(event, tmp_path):
    """The referee forgot a chombo on the phone; the paper form has it: the file with one more chombo gives it
    without --correct, and the summary names no correction (no new version is written)."""
    path = tmp_path / "day1.csv"
    path.write_bytes(csv_bytes([*HEADER, "chombo"], lines(event, 1, 1, chombos={})))
    command("paper", str(path))
    path.write_bytes(csv_bytes([*HEADER, "chombo"], lines(event, 1, 1, chombos={"W": 1})))
    out, _err = command("paper", str(path))
    assert out.splitlines() == ["chombos\tsession 1, table 1", "chombos changed at 1 table; 1 chombo given"]
    assert TableResult.objects.count() == 1
    path.write_bytes(csv_bytes([*HEADER, "chombo"], lines(event, 1, 1, chombos={"W": 3})))
    out, _err = command("paper", str(path), "--correct")
    assert out.splitlines()[-1] == "chombos changed at 1 table; 2 chombos given"


def test_the_exit_code_is_non_zero(event, tmp_path):
    """manage.py exits with a CommandError's returncode and prints its message on stderr."""
    with pytest.raises(CommandError) as caught:
        command("paper", str(tmp_path / "missing.csv"))
    assert caught.value.returncode == 1
    assert str(caught.value).endswith("missing.csv: no such file")
