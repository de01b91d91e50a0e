"""The ``attendance`` command (cli.md): records through services.attendance as the command line and prints the
session by table; a refusal is one line on stderr, a non-zero exit, nothing changed."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.tournament.factories import make_event, numbered_people
from tournament.models import Attendance, AuditEntry
from tournament.services import players


@pytest.fixture
def event(db):
    tournament = make_event(
        "att", numbered_people(8), [[["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]]]
    )
    players.register_player(
        actor=None, tournament=tournament, key="r01", first_name="Rita", last_name="Reserve", status="reserve"
    )
    return tournament


def test_records_and_prints_by_table(event):
    out = StringIO()
    call_command(
        "attendance", "att", "--session", "1", "--absent", "p02", "--present", "p01", "r01", stdout=out
    )
    text = out.getvalue()
    assert text.splitlines()[0] == "Session 1: 1 present, 1 absent, 6 not checked in"
    assert "Table 1" in text and "Table 2" in text and "Reserves" in text
    lines = {line.split()[1]: line for line in text.splitlines() if line.startswith("  ")}
    assert lines["p01"].endswith("present") and lines["p02"].endswith("absent")
    assert lines["p03"].endswith("not checked in") and lines["r01"].endswith("present")
    entry = AuditEntry.objects.filter(action="attendance.absent").get()
    assert (entry.actor, entry.actor_label) == (None, "command line")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--session", "9", "--absent", "p01"], "Event att has no session 9."),
        (["--session", "1", "--absent", "p01", "zz"], "No player has the key zz in this tournament."),
        (["nope", "--session", "1"], "no tournament 'nope'"),
    ],
)
def test_refusals_change_nothing(event, args, message):
    slug = [] if args[0] == "nope" else ["att"]
    with pytest.raises(CommandError, match=message):
        call_command("attendance", *slug, *args, stdout=StringIO())
    assert not Attendance.objects.exists()


def test_arrived_everyone_and_dismiss_as_the_page_has_them(event):
    """Issue 28: ``--present`` is attendance (no lateness), ``--arrived`` the arrival of a player missing at the
    start (its lateness proposed), ``--everyone`` marks those not checked in, ``--dismiss`` with ``--reason`` ends a
    proposal."""
    from datetime import timedelta

    from django.utils import timezone

    from tournament.services import clock

    session = event.sessions.get(number=1)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=6, seconds=30))
    out = StringIO()
    call_command("attendance", "att", "--session", "1", "--present", "p01", "--arrived", "p02", stdout=out)
    lines = {line.split()[1]: line for line in out.getvalue().splitlines() if line.startswith("  ")}
    assert lines["p01"].endswith("present") and lines["p02"].endswith(
        "present, arrived 7 min late (proposed)"
    )
    out = StringIO()
    call_command("attendance", "att", "--session", "1", "--everyone", stdout=out)
    assert out.getvalue().splitlines()[0] == "Session 1: 8 present, 0 absent, 0 not checked in"
    assert AuditEntry.objects.filter(action="attendance.everyone").count() == 1
    with pytest.raises(CommandError, match="say why the lateness of First02 Last02 is dismissed"):
        call_command("attendance", "att", "--session", "1", "--dismiss", "p02")
    out = StringIO()
    call_command(
        "attendance", "att", "--session", "1", "--dismiss", "p02", "--reason", "seen at 10:00", stdout=out
    )
    lines = {line.split()[1]: line for line in out.getvalue().splitlines() if line.startswith("  ")}
    assert lines["p02"].endswith("present, arrived 7 min late (dismissed)")
    entry = AuditEntry.objects.get(action="attendance.lateness_dismissed")
    assert (entry.actor_label, entry.data["reason"]) == ("command line", "seen at 10:00")
