"""Players sit four to a table: the one check of the number of players (scoring.seating.check_player_count), with
how many to register to reach a multiple of 4, never advising to withdraw players (issue 28)."""

import pytest

from scoring.seating import ScheduleError, check_player_count


@pytest.mark.parametrize("players", [4, 8, 16, 32, 2_000])
def test_a_multiple_of_four_sits(players):
    check_player_count(players)


@pytest.mark.parametrize(
    ("players", "missing", "extra"),
    [
        (31, 1, 3),  # 32 = 31 + 1; 28 = 31 - 3
        (17, 3, 1),  # 20 = 17 + 3; 16 = 17 - 1
        (30, 2, 2),
        (5, 3, 1),
        (0, 4, 0),  # nobody yet: four to fill the first table
    ],
)
def test_any_other_number_is_refused_saying_how_many_to_add_or_withdraw(players, missing, extra):
    with pytest.raises(ScheduleError) as refused:
        check_player_count(players)
    assert refused.value.code == "player_count"
    assert refused.value.params == {"players": players, "missing": missing, "extra": extra}
    assert str(refused.value) == (
        f"{players} players cannot be seated four to a table: register {missing} more"
    )
