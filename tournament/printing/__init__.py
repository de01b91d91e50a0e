"""Printed documents: the registry and the shared reads (documents.py), one module per document, HTML to PDF with
vendored fonts and no network (pdf.py). Templates are in templates/print/, the stylesheet is static/css/print.css.

Importing the package registers every document.
"""

from tournament.printing import (
    packs,
    prizes_document,
    results_form,
    schedule_cards,
    score_sheets,
    seating_lists,
    standings_document,
)

__all__ = [
    "packs",
    "prizes_document",
    "results_form",
    "schedule_cards",
    "score_sheets",
    "seating_lists",
    "standings_document",
]
