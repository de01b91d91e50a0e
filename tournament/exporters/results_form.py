"""The file to fill in after a day on paper: the results form's lines (tournament.printing.results_form) with the
results file's columns (tournament.readers.results_file), session, table, wind and player prefilled, score and
chombo empty; the name column is for reading and the reader ignores it. Text cells are formula-safe (tabular.py)."""

from collections.abc import Iterator

from django.utils.translation import gettext_lazy as _

from tournament.exporters.base import ExportRequestError
from tournament.exporters.tabular import TableExporter, register_table
from tournament.selectors.results_import import results_form_rows

HEADERS = ("session", "table", "wind", "player", "name", "score", "chombo")


@register_table
class ResultsFormFile(TableExporter):
    stem = "results-form"
    names = {"csv": _("Results form to fill in (CSV)"), "xlsx": _("Results form to fill in (xlsx)")}
    options = ("session",)

    def __init__(self, tournament, **given):
        super().__init__(tournament, **given)
        number = self.given.get("session")
        self.session = tournament.sessions.filter(number=number).first() if number else None
        if self.session is None:
            raise ExportRequestError(
                f"the export {self.identifier} needs a session of {tournament.slug}"
                + (f"; there is no session {number}" if number else "")
            )

    @property
    def sheet_title(self) -> str:
        return str(_("Session %(number)s") % {"number": self.session.number})

    def filename(self) -> str:
        return f"{self.tournament.slug}-results-form-session-{self.session.number}.{self.extension}"

    def headers(self) -> tuple[str, ...]:
        return HEADERS

    def rows(self) -> Iterator[list]:
        for row in results_form_rows(self.session):
            yield [row.session, row.table, row.wind, row.player, row.name, None, None]


ResultsFormCsv = ResultsFormFile.variants["csv"]
ResultsFormXlsx = ResultsFormFile.variants["xlsx"]
