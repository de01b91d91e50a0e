"""Points as people read them in the page's language: '+23.4' and '41,200' in English, '+23,4' and '41.200' in
Dutch. Pages and printed documents use these; files for programs (CSV, XLSX, the EMA file, JSON) keep the plain
numbers, and the command line keeps scoring.points' English form."""

from django.utils.formats import get_format

from scoring.points import format_points, format_points_full


def points(value: int | None) -> str:
    """Thousands with one decimal (scoring.points.format_points) in the active language."""
    return _localised(format_points(value))


def points_full(value: int | None, *, sign: bool = True) -> str:
    """Every point with thousands separators (scoring.points.format_points_full) in the active language."""
    return _localised(format_points_full(value, sign=sign))


def _localised(text: str) -> str:
    marks = {".": get_format("DECIMAL_SEPARATOR"), ",": get_format("THOUSAND_SEPARATOR")}
    return text.translate(str.maketrans(marks))
