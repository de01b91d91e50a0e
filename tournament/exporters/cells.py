"""Spreadsheet safety: a text cell must never be run as a formula (CSV/formula injection)."""

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value):
    """Text that a spreadsheet program would read as a formula gets a leading apostrophe; numbers pass as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
