from django.core.management.base import CommandError

from tournament.exporters.catalogue import build_exporter
from tournament.exporters.ema_workbook import EmaNotReady
from tournament.management.commands._base import TournamentCommand
from tournament.management.commands._output import write_output


class Command(TournamentCommand):
    help = (
        "Write the EMA results file (xlsx, or CSV with --csv). Refuses, listing every problem, while results or "
        "data the EMA needs are missing; --force writes it anyway and lists what was missing."
    )

    def add_options(self, parser):
        parser.add_argument(
            "-o", "--output", help="the file to write (default: SLUG-ema-results.xlsx/.csv; '-' for stdout)"
        )
        parser.add_argument(
            "--csv", action="store_true", help="write CSV (also chosen by an -o ending in .csv)"
        )
        parser.add_argument("--force", action="store_true", help="export even when checks find errors")

    def handle_tournament(self, tournament, *, output, csv, force, **options):
        as_csv = csv or (output or "").lower().endswith(".csv")
        exporter = build_exporter("ema-csv" if as_csv else "ema-xlsx", tournament, force=force)
        try:
            data = exporter.render()
        except EmaNotReady as refused:
            for problem in refused.problems:
                self.stderr.write(f"{problem.level}: {problem.message}")
            count = len([p for p in refused.problems if p.is_error])
            raise CommandError(
                f"{tournament.slug}: the EMA results file is not ready ({count} errors above); fix them or use --force"
            ) from None
        for problem in exporter.problems:
            self.stderr.write(f"{problem.level}: {problem.message}")
        write_output(self, data, output or exporter.filename())
