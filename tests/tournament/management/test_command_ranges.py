"""Issue "Trust on the day", item 12: the commands take the ranges the pages take (scoring.limits): a refusal is
one line, and nothing is written (before, ``demo --sessions 1000`` created a thousand sessions and a refused seed
left a half-made tournament behind)."""

import io

import pytest
from django.core.management import CommandError, call_command

from scoring.limits import MAX_SEED, MAX_SESSIONS
from tournament.models import AuditEntry, Player, Session, Tournament


def written() -> tuple:
    return tuple(model.objects.count() for model in (Tournament, Player, Session, AuditEntry))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sessions", str(MAX_SESSIONS + 1), "--played", "0"], f"between 1 and {MAX_SESSIONS}"),
        (["--sessions", "1000", "--played", "0"], f"between 1 and {MAX_SESSIONS}"),
        (["--seed", str(MAX_SEED + 1)], "the seed must be a whole number from 0 to"),
        (["--seed", "-1"], "the seed must be a whole number from 0 to"),
    ],
)
def test_demo_refuses_out_of_range_numbers_and_writes_nothing(db, args, message):
    before = written()
    with pytest.raises(CommandError, match=message):
        call_command("demo", "--players", "16", "--slug", "ranges", *args, stdout=io.StringIO())
    assert written() == before


@pytest.mark.parametrize(
    ("players", "message"),
    [
        # the one check of four to a table (scoring.seating.check_player_count) and its words
        ("18", "--players: 18 players cannot be seated four to a table: register 2 more"),
        ("12", "--players must be at least 16; got 12"),
    ],
)
def test_demo_refuses_a_number_of_players_that_does_not_seat(db, players, message):
    before = written()
    with pytest.raises(CommandError) as refused:
        call_command("demo", "--players", players, "--slug", "odd", stdout=io.StringIO())
    assert str(refused.value) == message
    assert written() == before
