import pytest

from scoring.errors import ScoringError
from scoring.ruleset import EMA_2016, PRESETS, build_ruleset, check_new_ruleset


def test_presets():
    assert set(PRESETS) == {"ema-2016", "ema-2008", "nts"}
    assert EMA_2016.uma == (15_000, 5_000, -5_000, -15_000)  # 3.6.1
    assert EMA_2016.table_sum == 120_000  # 4 x 30,000 (3.6)
    assert EMA_2016.chombo_points == 20_000  # 3.4.6
    assert (EMA_2016.substitute_score, EMA_2016.substitute_uma) == (-15_000, -15_000)  # 5.8
    assert (EMA_2016.lateness_points_per_minute, EMA_2016.lateness_max_minutes) == (1_000, 10)  # 5.7
    assert PRESETS["nts"].table_sum == 0


def test_overrides_apply():
    ruleset = build_ruleset("ema-2016", {"uma": [20_000, 10_000, -10_000, -20_000], "chombo_points": 10_000})
    assert ruleset.uma == (20_000, 10_000, -10_000, -20_000)
    assert ruleset.chombo_points == 10_000
    assert ruleset.key == "ema-2016"


@pytest.mark.parametrize(
    ("preset", "overrides", "code"),
    [
        ("riichi-2099", {}, "unknown_ruleset"),
        ("ema-2016", {"oka": 20_000}, "unknown_ruleset_parameter"),
        ("ema-2016", {"uma": [15_000, 5_000, -5_000]}, "bad_uma"),
        ("ema-2016", {"uma": [5_000, 15_000, -5_000, -15_000]}, "uma_order"),
        ("ema-2016", {"leftover_riichi": "east"}, "bad_ruleset_choice"),
        ("ema-2016", {"chombo_points": "lots"}, "bad_ruleset_value"),
        ("ema-2016", {"chombo_points": -1}, "bad_ruleset_value"),
        ("ema-2016", {"lateness_max_minutes": True}, "bad_ruleset_value"),
    ],
)
def test_bad_overrides_are_refused(preset, overrides, code):
    with pytest.raises(ScoringError) as error:
        build_ruleset(preset, overrides)
    assert error.value.code == code


@pytest.mark.parametrize(
    ("key", "low", "high"),
    [
        ("starting_points", 0, 100_000),
        ("score_unit", 1, 100_000),
        ("chombo_points", 0, 100_000),
        ("lateness_points_per_minute", 0, 100_000),
        ("lateness_max_minutes", 1, 600),  # issue 28: a limit of 0 is refused
        ("substitute_score", -100_000, 100_000),
        ("substitute_uma", -100_000, 100_000),
    ],
)
def test_each_rule_number_has_a_range(key, low, high):
    """scoring.limits: rule points within +-100,000 (the books use at most 30,000), minutes within a session (600).
    Starting points of 10^24 were stored and every standings page then computed with them."""
    assert getattr(build_ruleset("ema-2016", {key: low}), key) == low
    assert getattr(build_ruleset("ema-2016", {key: high}), key) == high
    for value in (low - 1, high + 1, 10**24, -(10**4400)):
        with pytest.raises(ScoringError) as caught:
            build_ruleset("ema-2016", {key: value})
        # the value is left out: it may have thousands of digits
        assert caught.value.params == {"key": key, "low": low, "high": high}
        assert caught.value.message == f"{key} must be a whole number from {low:,} to {high:,}"


def test_each_uma_is_in_range():
    assert build_ruleset("ema-2016", {"uma": [100_000, 0, 0, -100_000]}).uma == (100_000, 0, 0, -100_000)
    for uma in ([100_001, 0, 0, -100_000], [10**30, 0, 0, -(10**30)]):
        with pytest.raises(ScoringError, match="uma must be a whole number from -100,000 to 100,000"):
            build_ruleset("ema-2016", {"uma": uma})


# Issue 28, item 6: one home for each limit and each house-rule check (forms, services, archive, commands).


def test_a_lateness_limit_of_0_is_refused():
    with pytest.raises(ScoringError) as refused:
        build_ruleset("ema-2016", {"lateness_max_minutes": 0})
    assert refused.value.code == "bad_ruleset_value" and refused.value.params["key"] == "lateness_max_minutes"
    assert build_ruleset("ema-2016", {"lateness_max_minutes": 1}).lateness_max_minutes == 1


def test_a_uma_not_adding_up_to_0_is_a_house_rule_to_confirm():
    with pytest.raises(ScoringError) as refused:
        check_new_ruleset("ema-2016", {"uma": [15_000, 5_000, -5_000, -10_000]})
    assert refused.value.code == "uma_sum" and refused.value.params == {"key": "uma", "total": 5_000}
    confirmed = check_new_ruleset(
        "ema-2016", {"uma": [15_000, 5_000, -5_000, -10_000], "uma_sum_confirmed": True}
    )
    assert confirmed.uma == (15_000, 5_000, -5_000, -10_000)
    check_new_ruleset(
        "ema-2016", {"uma": [12_000, 4_000, -4_000, -12_000]}
    )  # adds up to 0: nothing to confirm
    # a stored ruleset is read as it is (a tournament saved before the check still opens)
    assert build_ruleset("ema-2016", {"uma": [15_000, 5_000, -5_000, -10_000]}).uma[3] == -10_000
