"""The blank results form of a session (the paper fallback): one line per table and seat with the columns of the
results file (tournament.readers.results_file), so the filled-in forms are typed back into the file in one go. The
column names and the wind letters are the printing language's, as the prefilled file of that language has them."""

from itertools import groupby

from django.utils.translation import get_language, gettext_lazy

from scoring.table import expected_sum
from tournament.formats.column_names import NAME_COLUMN, RESULTS_FILE, names_in
from tournament.formats.results_form import COLUMNS
from tournament.printing.documents import Document, DocumentRequestError, chunks, register
from tournament.selectors.results_import import results_form_rows

TABLES_PER_PAGE = 6  # 30 lines of 7.4 mm under the heading fill an A4 page


@register
class ResultsForm(Document):
    identifier = "results-form"
    name = gettext_lazy("Results form (blank, per session)")
    template = "print/results_form.html"
    options = ("session",)
    needs_session = True

    def context(self) -> dict:
        rows = results_form_rows(self.session)
        if not rows:
            raise DocumentRequestError(
                f"session {self.session.number} of {self.tournament.slug} has no seating yet"
            )
        tables = [list(seats) for _number, seats in groupby(rows, key=lambda row: row.table)]
        return {
            "session": self.session,
            "pages": chunks(tables, TABLES_PER_PAGE),
            "table_sum": expected_sum(self.tournament.rules),
            # the file's own column names in the printing language, as the prefilled file of that language has them
            "headers": names_in(RESULTS_FILE | NAME_COLUMN, get_language(), COLUMNS),
        }
