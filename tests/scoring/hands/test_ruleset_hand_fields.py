"""The Ruleset fields the hand engine reads: the 2016 book's values, the 2008 differences, the debt policy."""

import pytest

from scoring.errors import ScoringError
from scoring.ruleset import EMA_2008, EMA_2016, build_ruleset


def test_2016_values():
    assert EMA_2016.counter_points == 300  # 3.4.10
    assert EMA_2016.noten_total == 3_000  # 3.4.2
    assert EMA_2016.riichi_debt == "allowed"  # 3.6: no bankruptcy, borrow sticks
    assert EMA_2016.multiple_yakuman is False  # 4.2: yakuman are not cumulative
    assert EMA_2016.counted_yakuman_fan == 0  # 4.2, section 6: 11+ is sanbaiman
    assert EMA_2016.chombo_at_table is False  # 3.4.6: 20,000 after uma


def test_2008_differences():
    assert EMA_2008.chombo_at_table is True and EMA_2008.chombo_points == 0  # 2008 3.4.6
    assert EMA_2008.multiple_yakuman is True  # 2008 4.2.5
    assert EMA_2008.counted_yakuman_fan == 13  # 2008 4.2


def test_riichi_debt_policy_override():
    assert build_ruleset("ema-2016", {"riichi_debt": "refused"}).riichi_debt == "refused"
    with pytest.raises(ScoringError) as error:
        build_ruleset("ema-2016", {"riichi_debt": "sometimes"})
    assert error.value.code == "bad_ruleset_choice"
