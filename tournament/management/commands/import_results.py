from tournament.management.commands._input import FileImportCommand
from tournament.readers.results_file import ResultsFileError, read_results_file
from tournament.services.results_import import import_results, outcome_summary, where


class Command(FileImportCommand):
    help = (
        "Enter table results from a CSV or XLSX file (columns session, table, wind, player (key or EMA number), "
        "score, optional chombo (a count); header names in English, Dutch, German or French). Every row is checked first; any bad "
        "row is reported (row, column, reason) and nothing is written. The same file again writes nothing new; a "
        "higher chombo count gives the missing chombos; a table that has a different result already (other raw "
        "points, fewer chombos) is refused unless --correct."
    )

    file_error = ResultsFileError
    hints = {"results_differ": " (--correct writes them as corrections)"}

    def add_options(self, parser):
        parser.add_argument(
            "--correct",
            action="store_true",
            help="a table with a different result gets a new version (a correction, audited), and each player's "
            "chombos in that session become the file's count",
        )

    def import_file(self, tournament, name, content, *, correct=False, **options):
        read = read_results_file(tournament, name, content)
        return import_results(
            actor=None, tournament=tournament, tables=read.tables, correct=correct, source=name
        )

    def report(self, tournament, outcome) -> None:
        for label, tables in outcome.tables_by_label():
            for table in tables:
                self.stdout.write(f"{label}\t{where(table)}")
        if not outcome.wrote_anything:
            self.stdout.write(f"nothing new: all {len(outcome.unchanged)} tables have these results already")
            return
        self.stdout.write(outcome_summary(outcome))
