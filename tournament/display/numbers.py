"""Points as people read them in the page's language: '+23.4' and '41,200' in English, '+23,4' and '41.200' in
Dutch. A negative figure for people starts with the minus sign "−" (U+2212: as wide as "+", so signed columns
line up, and read "minus" by screen readers), never the hyphen-minus. Pages and printed documents use these; files
for programs (CSV, XLSX, the EMA file, JSON) keep the plain numbers with "-", and the command line keeps
scoring.points' English form. What people type may start with either (``parse_points``). Numbers written for the browser (SVG
coordinates, CSS lengths, data attributes) are never localised: ``machine`` writes them. The one formatter of the pages: a standings
page shows thousands of figures, so the language's separators are looked up once per language, not per number,
and a caller writing many figures may name the page's language once (``language=``) instead of asking for it
with every figure."""

import re
from fractions import Fraction
from functools import cache

from django.utils.formats import get_format
from django.utils.translation import get_language, gettext

from scoring.points import format_points, format_points_full
from scoring.statistics import fixed


def points(value: int | None, *, language: str | None = None) -> str:
    """Thousands with one decimal (scoring.points.format_points) in the active language (or ``language``)."""
    return format_points(value).translate(_separators(language or get_language()))


def points_full(value: int | None, *, sign: bool = True, language: str | None = None) -> str:
    """Every point with thousands separators (scoring.points.format_points_full) in the active language (or
    ``language``)."""
    return format_points_full(value, sign=sign).translate(_separators(language or get_language()))


def whole(value: int, *, language: str | None = None) -> str:
    """A count or a limit for people, grouped in the active language (or ``language``): '5,000' / '5.000'."""
    return points_full(value, sign=False, language=language)


def decimal(value, *, places: int = 2, language: str | None = None) -> str:
    """A figure with ``places`` decimals for people (a series' score, part A, a weight, an average place): '504.95',
    '1,234.50' / '504,95', '1.234,50'; negative with the minus sign. The caller rounds (``fixed``) where the rule
    says how."""
    return f"{value:,.{places}f}".translate(_separators(language or get_language()))


def percent(value: Fraction, *, language: str | None = None) -> str:
    """A share for people as a percentage with one decimal, rounded half up once from the exact fraction: 1/6 is
    '16.7%', German '16,7 %' (the sign's spacing is each language's message)."""
    number = decimal(fixed(value * 100, 1), places=1, language=language)
    return gettext("%(number)s%%") % {"number": number}


def machine(value: int | float, *, places: int = 1) -> str:
    """A number for the browser, not for a person: '24', '24.5', '-3' in every language (Django's templates would
    write a float as '24,5' in Dutch, which SVG and CSS read as two numbers). Floats are rounded to ``places``
    decimals and written without trailing zeros."""
    if isinstance(value, int):
        return str(value)
    text = f"{value:.{places}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


MINUS = "\u2212"  # the minus sign of a figure for people


@cache
def _separators(language: str | None) -> dict[int, str]:
    """English '.' and ',' as the language writes them (Django's format files: fixed while the server runs), and
    the sign '-' as the minus sign."""
    marks = {".": get_format("DECIMAL_SEPARATOR", language), ",": get_format("THOUSAND_SEPARATOR", language)}
    return str.maketrans({**marks, "-": MINUS})


_GROUPED = re.compile(r"[0-9]{1,3}([.,][0-9]{3})+")
_PLAIN = re.compile(r"[0-9]{1,9}")
_MINUS = ("-", MINUS, "\u2013")  # hyphen-minus, minus sign, en dash (phones type the last two)


def parse_points(text: str) -> int:
    """Points as a referee types them: '32500', '32,500', '32.500', '-4,300', ' 12 000 '. ValueError otherwise.

    A comma or full stop is only ever a thousands separator (raw points are whole numbers), so '32.5' is refused
    rather than guessed.
    """
    value = "".join(text.split())
    negative = value.startswith(_MINUS)
    digits = value[1:] if negative else value
    if _GROUPED.fullmatch(digits):
        digits = digits.replace(",", "").replace(".", "")
    if not _PLAIN.fullmatch(digits):
        raise ValueError(text)
    return -int(digits) if negative else int(digits)
