import pytest

from scoring.points import format_points, format_points_full


@pytest.mark.parametrize(
    ("points", "short", "full"),
    [
        (23_400, "+23.4", "+23,400"),
        (-8_300, "-8.3", "-8,300"),
        (0, "0.0", "0"),
        (1_250, "+1.25", "+1,250"),
        (-130_000, "-130.0", "-130,000"),
        (1_234_500, "+1,234.5", "+1,234,500"),
    ],
)
def test_formats(points, short, full):
    assert format_points(points) == short
    assert format_points_full(points) == full


def test_none_is_empty():
    assert format_points(None) == "" and format_points_full(None) == ""


def test_unsigned():
    assert format_points(41_200, sign=False) == "41.2"
    assert format_points_full(41_200, sign=False) == "41,200"


def test_one_point_has_its_sign():
    assert (format_points(1), format_points_full(1)) == ("+0.001", "+1")
    assert (format_points(-1), format_points_full(-1)) == ("-0.001", "-1")


def test_unsigned_keeps_the_minus_of_a_negative_figure_only():
    assert (format_points(-8_300, sign=False), format_points_full(-8_300, sign=False)) == ("-8.3", "-8,300")
    assert (format_points(0, sign=False), format_points_full(0, sign=False)) == ("0.0", "0")
