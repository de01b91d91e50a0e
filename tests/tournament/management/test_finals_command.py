"""The ``finals`` command and the standings JSON after a cut (cli.md, docs/commands.md): a preview that writes
nothing, ``--yes`` that makes the cut and prints the tables, ``standings --format json`` rows with ``finalist``,
``carry`` and ``rank`` in the final ranking; each refusal one line, nothing written. The event and its figures:
tests/scoring/finals_event.py, worked by hand."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.scoring.finals_event import FINAL_RANKING
from tests.tournament.finals_event import finals_event, play_the_final
from tests.tournament.services.expect import database

pytestmark = pytest.mark.django_db
CUT = ["open", "--after-session", "6", "--top", "8", "--carry", "halved"]


def run(*args) -> str:
    out = StringIO()
    call_command("finals", *args, stdout=out)
    return out.getvalue()


def test_preview_then_yes_then_the_standings_json(finals_open):
    tournament = finals_open
    before = database()
    preview = run(*CUT)
    assert database() == before
    assert preview.splitlines()[0] == (
        "Event open: Preview (nothing written; --yes makes the cut): after session 6, top 8, scores halved, "
        "final session(s) 7"
    )
    assert "    8  First21 Last21 (p21)  total +20.0  carry +10.0  (best_session)" in preview.splitlines()
    made = run(*CUT, "--yes").splitlines()
    assert made[-3:] == [
        "Session 7:",
        "  table 1: E First01 Last01 (p01), S First09 Last09 (p09), W First05 Last05 (p05), N First14 Last14 (p14)",
        "  table 2: E First13 Last13 (p13), S First17 Last17 (p17), W First25 Last25 (p25), N First21 Last21 (p21)",
    ]
    play_the_final(tournament)  # p25 plays here (the substitute is the services' test)
    out = StringIO()
    call_command("standings", "open", "--format", "json", stdout=out)
    rows = json.loads(out.getvalue())["rows"]
    # p25 played the final himself: W 25,000 at table 2, -5,000 - 5,000 = -10,000: 12,500 - 10,000 = 2,500
    assert [(r["rank"], r["player"], r["total"], r["finalist"], r["carry"]) for r in rows[:9]] == [
        (1, "p09", 57_500, True, 27_500),
        (2, "p13", 47_500, True, 17_500),
        (3, "p05", 35_000, True, 25_000),
        (4, "p17", 25_000, True, 15_000),
        (5, "p01", 20_000, True, 30_000),
        (6, "p25", 2_500, True, 12_500),
        (7, "p14", -11_500, True, 18_500),
        (8, "p21", -20_000, True, 10_000),
        (9, "p22", 20_000, False, None),
    ]
    assert [(r["rank"], r["player"]) for r in rows[9:]] == [
        (rank, key) for rank, _tied, key, _total in FINAL_RANKING[9:]
    ]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--top", "6"], "multiple of 4"),
        (["--top", "36"], "36"),
        (["--after-session", "5"], "Session 6 has results"),
        (["--after-session", "7"], "Session 7 has no results"),
    ],
)
def test_refusals_are_one_line_and_write_nothing(args, words, finals_open):
    before = database()
    options = dict(zip(CUT[1::2], CUT[2::2], strict=True)) | dict(zip(args[0::2], args[1::2], strict=True))
    with pytest.raises(CommandError) as refused:
        run("open", *[part for pair in options.items() for part in pair], "--yes")
    assert words in str(refused.value) and "\n" not in str(refused.value)
    assert database() == before


def test_an_unbroken_tie_is_refused_naming_the_players_until_the_organiser_decides():
    finals_event(tie_breaks=("fewest_fourths",))
    before = database()
    for args in (CUT, [*CUT, "--yes"]):
        with pytest.raises(CommandError) as refused:
            run(*args)
        assert "First21 Last21 (p21), First22 Last22 (p22)" in str(refused.value)
    assert database() == before
    made = run(*CUT, "--through", "p22", "--yes")
    assert "    8  First22 Last22 (p22)  total +20.0  carry +10.0  (organiser)" in made.splitlines()


def test_the_standings_table_shows_the_carry_over_after_a_cut(finals_open):
    run(*CUT, "--yes")
    out = StringIO()
    call_command("standings", "open", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[1].endswith("    Total    Carry")
    assert lines[3].split()[-2:] == ["+30.0", "+30.0"]  # p01: 60,000 at the cut, halved, nothing played since
    assert lines[11].split()[-1] == "+20.0"  # p22, 9th, as at the cut: no carry column value


def test_two_final_sessions_the_second_seated_by_the_final_after_the_first(finals_open):
    tournament = finals_open
    made = run(*CUT, "--sessions", "2", "--yes").splitlines()
    assert (
        made[-1]
        == "Session 8: seated by the standings within the final once session 7 has results (--seat-session 8)."
    )
    with pytest.raises(CommandError) as refused:
        run("open", "--seat-session", "8")
    assert "session 7 has no results" in str(refused.value)
    play_the_final(tournament)
    seated = run("open", "--seat-session", "8").splitlines()
    assert seated[0] == "Session 8:" and len(seated) == 3
    with pytest.raises(CommandError) as refused:
        run("open", "--undo")
    assert "can no longer be undone" in str(refused.value)
