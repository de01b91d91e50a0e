"""The statistics' shares for people (display.numbers.percent, decimal): one decimal, rounded half up once from the
exact fraction, in the reader's language."""

from decimal import Decimal
from fractions import Fraction

from django.utils import translation

from tournament.display.numbers import decimal, percent


def test_a_share_is_rounded_once_from_the_fraction():
    # 10,449 of 100,000 is 10.449 %: 10.4, not 10.5 (which rounding first to 0.1045 would give)
    assert percent(Fraction(10_449, 100_000), language="en") == "10.4%"
    assert percent(Fraction(1, 6), language="en") == "16.7%"  # 16.666.. half up
    assert percent(Fraction(1, 8), language="en") == "12.5%"  # exactly 12.5
    assert percent(Fraction(1, 16), language="en") == "6.3%"  # 6.25 -> 6.3 (half up, not to even)


def test_each_language_writes_its_own_share_and_decimals():
    with translation.override("de"):
        assert percent(Fraction(1, 4), language="de") == "25,0\u00a0%"
        assert decimal(Decimal("2.50"), language="de") == "2,50"
    with translation.override("fr"):
        assert percent(Fraction(1, 4), language="fr") == "25,0\u202f%"
    with translation.override("nl"):
        assert percent(Fraction(1, 4), language="nl") == "25,0%"
