"""The one way points are shown: templates, exports and PDFs all call these, so screen and paper agree."""


def format_points(points: int | None, *, sign: bool = True) -> str:
    """Thousands with one decimal, as tournament scoreboards show them: 23400 -> '+23.4', -8300 -> '-8.3'.

    Amounts that are not whole hundreds keep every digit they need (1250 -> '+1.25'). None shows as ''.
    """
    if points is None:
        return ""
    prefix = _sign(points) if sign else ("-" if points < 0 else "")
    whole, rest = divmod(abs(points), 1000)
    decimals = f"{rest:03d}".rstrip("0") or "0"
    return f"{prefix}{whole:,}.{decimals}"


def format_points_full(points: int | None, *, sign: bool = True) -> str:
    """Every point with thousands separators: -8300 -> '-8,300', 41200 -> '+41,200' (unsigned: '41,200')."""
    if points is None:
        return ""
    prefix = _sign(points) if sign else ("-" if points < 0 else "")
    return f"{prefix}{abs(points):,}"


def _sign(points: int) -> str:
    if points > 0:
        return "+"
    return "-" if points < 0 else ""
