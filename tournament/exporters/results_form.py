"""The file to fill in after a day on paper: the results form's lines (tournament.printing.results_form) with the
results file's columns (tournament.readers.results_file), session, table, wind and player prefilled, score and
chombo empty; the name column is for reading and the reader ignores it. Text cells are formula-safe (tabular.py).

The headers and the wind letters are the tournament's language's (tournament.formats.column_names: a German
tournament's file has Runde, Tisch, Wind, Spieler ... and O for Ost; a French one vent and O for Ouest), so the
file, filled in, reads back as it is."""

from collections.abc import Iterator

from django.utils.translation import gettext_lazy as _

from tournament.exporters.base import ExportRequestError
from tournament.exporters.tabular import TableExporter, register_table
from tournament.formats.column_names import NAME_COLUMN, RESULTS_FILE, names_in, wind_letter
from tournament.formats.results_form import COLUMNS
from tournament.selectors.results_import import results_form_rows


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

    def headers(self) -> list[str]:
        return names_in(RESULTS_FILE | NAME_COLUMN, self.tournament.language, COLUMNS)

    def rows(self) -> Iterator[list]:
        language = self.tournament.language
        for row in results_form_rows(self.session):
            yield [row.session, row.table, wind_letter(row.wind, language), row.player, row.name, None, None]


ResultsFormCsv = ResultsFormFile.variants["csv"]
ResultsFormXlsx = ResultsFormFile.variants["xlsx"]
