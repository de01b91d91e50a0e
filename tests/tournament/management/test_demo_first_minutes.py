"""A newcomer's first minutes (issue 21, item 13): ``make run HOST=...`` prints the address it serves, not port
8000; ``demo --sessions 2`` works without working out ``--played`` (it follows the sessions asked for)."""

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command

from tournament.models import TableResult

ROOT = Path(__file__).resolve().parents[3]


def sessions_played(slug: str) -> set[int]:
    results = TableResult.objects.filter(table__session__tournament__slug=slug)
    return set(results.values_list("table__session__number", flat=True))


@pytest.mark.parametrize(("sessions", "played"), [(2, {1}), (1, set())])
def test_played_follows_the_sessions_asked_for(db, sessions, played):
    """Without --played: all but the last session, at most 5 (the 8-session demo plays 5), so one is still to
    play."""
    out = io.StringIO()
    call_command("demo", "--players", "16", "--sessions", str(sessions), "--slug", "few", stdout=out)
    assert sessions_played("few") == played
    assert f"{sessions} sessions, {len(played)} played." in out.getvalue()


def test_the_demo_prints_the_address_it_is_served_on(db, settings):
    settings.DEBUG = True  # the logins and the address are printed in development only
    out = io.StringIO()
    call_command(
        "demo",
        "--players",
        "16",
        "--sessions",
        "1",
        "--slug",
        "here",
        "--address",
        "127.0.0.1:8201",
        stdout=out,
    )
    assert "Standings: http://127.0.0.1:8201/t/here/standings/" in out.getvalue()
    assert ":8000" not in out.getvalue()
    again = io.StringIO()
    call_command("demo", "--slug", "here", "--if-missing", "--address", "localhost:9000", stdout=again)
    assert "Standings: http://localhost:9000/t/here/standings/" in again.getvalue()


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_hands_its_address_to_the_demo():
    """make's dry run (-n) prints the commands without running them."""
    shown = subprocess.run(
        ["make", "-n", "run", "HOST=127.0.0.1:8201"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    demo = next(line for line in shown.splitlines() if "manage.py demo" in line)
    assert "--address 127.0.0.1:8201" in demo
    assert "runserver 127.0.0.1:8201" in shown
