from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.management.commands._input import read_input
from tournament.management.commands._lookup import tournament_or_error
from tournament.readers.results_file import ResultsFileError, read_results_file
from tournament.services import DomainError
from tournament.services.results_import import import_results, outcome_summary, where


class Command(BaseCommand):
    help = (
        "Enter table results from a CSV or XLSX file (columns session, table, wind, player (key or EMA number), "
        "score, optional chombo (a count); header names in English, Dutch, German or French). Every row is checked first; any bad "
        "row is reported (row, column, reason) and nothing is written. The same file again writes nothing new; a "
        "higher chombo count gives the missing chombos; a table that has a different result already (other raw "
        "points, fewer chombos) is refused unless --correct."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file", help="a .csv or .xlsx file")
        parser.add_argument(
            "--correct",
            action="store_true",
            help="a table with a different result gets a new version (a correction, audited), and each player's "
            "chombos in that session become the file's count",
        )

    def handle(self, slug, file, correct=False, **options):
        tournament = tournament_or_error(slug)
        path = Path(file)
        content = read_input(path, file)
        try:
            read = read_results_file(tournament, path.name, content)
            outcome = import_results(
                actor=None, tournament=tournament, tables=read.tables, correct=correct, source=path.name
            )
        except ResultsFileError as error:
            for problem in error.errors:
                self.stderr.write(f"{path.name}: {problem}")
            raise CommandError(error.message) from None
        except DomainError as error:
            hint = " (--correct writes them as corrections)" if error.code == "results_differ" else ""
            raise CommandError(error.message + hint) from None
        for label, tables in outcome.tables_by_label():
            for table in tables:
                self.stdout.write(f"{label}\t{where(table)}")
        if not outcome.wrote_anything:
            self.stdout.write(f"nothing new: all {len(outcome.unchanged)} tables have these results already")
            return
        self.stdout.write(outcome_summary(outcome))
