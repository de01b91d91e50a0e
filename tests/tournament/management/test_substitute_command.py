"""The ``substitute`` command (cli.md): prints what it did; a refusal is one line naming what, nothing changed."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.tournament.services.expect import database
from tests.tournament.substitute_event import seat, substitute_event
from tournament.services.results import SeatScore, enter_table_result


@pytest.fixture
def event(db):
    return substitute_event()


def test_a_reserve_and_a_guest_substitute(event):
    out = StringIO()
    call_command("substitute", "day", "--session", "1", "--player", "p02", "--reserve", "r01", stdout=out)
    assert out.getvalue() == (
        "Event day: session 1, table 1 S: Jan Jansen substitutes for First02 Last02 (p02) from the start.\n"
    )
    call_command("substitute", "day", "--session", "2", "--player", "p07", "--guest", "Piet Gast", stdout=out)
    assert (seat(event, 1, "p02").substitute_label, seat(event, 2, "p07").substitute_label) == (
        "Jan Jansen",
        "Piet Gast",
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--session", "7", "--player", "p02", "--reserve", "r01"], "day: Event day has no session 7."),
        (["--session", "1", "--player", "p42", "--reserve", "r01"], "day: Session 1: p42 has no seat"),
        (["--session", "1", "--player", "p02", "--reserve", "p03"], "day: Session 1: p03 is not a reserve"),
        (["--session", "1", "--player", "p02", "--guest", " "], "give the guest's name"),
        (["--session", "1", "--player", "p02", "--guest", "G" * 200], "longer than 100 characters"),
    ],
)
def test_refusals_are_one_line_and_change_nothing(event, args, message):
    before = database()
    with pytest.raises(CommandError) as refused:
        call_command("substitute", "day", *args, stdout=StringIO())
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)
    assert database() == before


def test_reserve_and_guest_together_are_refused_by_the_arguments(event):
    with pytest.raises(CommandError, match="not allowed with argument"):
        call_command(
            "substitute", "day", "--session", "1", "--player", "p02", "--reserve", "r01", "--guest", "X"
        )


def test_a_table_with_a_result_is_corrected_only_with_correct(event):
    """Issue 20, "Bad input": refused naming the table and --correct; with --correct a new version of the result."""
    table = event.sessions.get(number=1).tables.get(number=1)
    scores = [
        SeatScore(wind, raw) for wind, raw in zip("ESWN", (35_000, 40_000, 25_000, 20_000), strict=True)
    ]
    enter_table_result(actor=None, table=table, scores=scores)
    args = ["substitute", "day", "--session", "1", "--player", "p02", "--reserve", "r01"]
    before = database()
    with pytest.raises(CommandError) as refused:
        call_command(*args, stdout=StringIO())
    assert "day: Session 1, table 1 already has a result" in str(refused.value)
    assert "--correct" in str(refused.value)
    assert database() == before
    out = StringIO()
    call_command(*args, "--correct", stdout=out)
    assert out.getvalue() == (
        "Event day: session 1, table 1 S: Jan Jansen substitutes for First02 Last02 (p02) from the start.\n"
        "The result of table 1 is now version 2.\n"
    )
    assert table.results.get(is_current=True).seat_results.get(seat__wind="S").substitute == "from_start"
